import type { BrandCatalog } from '#shared/brands.ts'
import type { Country } from '#shared/site.ts'
import type { Db } from '../db/database'
import type { PrivacyRequest } from '../db/privacy-request-repository'
import type { EmailDomainCheck } from './email-domain'
import type { RecipientMailLimit } from './recipient-limit'

export interface PrivacyRequestSettings {
  verificationTtlHours: number
  privacyMailbox: Readonly<Record<'NL' | 'BE', string>>
  /** The country's staff area (host table), for the team mail's link to the desk; null: no link. */
  deskOrigin?: (country: Country) => string | null
}

export type VerificationState =
  | { state: 'valid'; request: PrivacyRequest }
  | { state: 'confirmed'; request: PrivacyRequest }
  | { state: 'expired' }
  | { state: 'failed' }

/** What the public request flow works with; each of its functions takes it explicitly. */
export interface PrivacyRequestDeps {
  db: Db
  brands: BrandCatalog
  emailDomainCheck: EmailDomainCheck
  mailLimit: RecipientMailLimit
  settings: PrivacyRequestSettings
  clock: () => Date
}
