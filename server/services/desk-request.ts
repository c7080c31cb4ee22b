import type { BrandCatalog } from '#shared/brands.ts'
import type { RequestStatus } from '#shared/privacy-rights/desk.ts'
import { isActiveStatus } from '#shared/privacy-rights/request-lifecycle.ts'
import { findPlaceholder } from '#shared/privacy-rights/tasks.ts'
import type { Country } from '#shared/site.ts'
import type { Db } from '../db/database'
import { findByReference, type PrivacyRequest } from '../db/privacy-request-repository'
import type { StaffIdentity } from '../db/staff-repository'
import { NotFound, PlaceholderLeft, ValidationFailed } from './errors'
import type { FileStore } from './file-store'
import type { RecipientMailLimit } from './recipient-limit'

export const DAY_MS = 86_400_000

/** The staff member acting on the desk, and the countries they may see (STAFF_COUNTRIES). */
export interface DeskActor extends StaffIdentity {
  countries: readonly Country[]
}

/** What the desk's use cases work with; each takes it explicitly. */
export interface DeskDeps {
  db: Db
  brands: BrandCatalog
  privacyMailbox: Readonly<Record<Country, string>>
  /** The country's staff area origin for the digest's link (host table); null: no link. */
  deskOrigin: (country: Country) => string | null
  /** The public site of a country, for requests made before their origin was kept. */
  publicOrigin: (country: Country) => string
  verificationTtlHours: number
  /** Issue 25: days an access package can be downloaded after completion (ACCESS_PACKAGE_DAYS). */
  accessPackageDays: number
  /** Issue 25: the access answers' files, which the team may open. */
  files: FileStore
  /**
   * Reminders and expiry notices count with the verification mails they follow: whoever types someone else's
   * address each day causes at most RECIPIENT_MAILS_PER_DAY mails a day to it, not three times as many.
   */
  mailLimit: RecipientMailLimit
  clock: () => Date
}

/** The request of a typed reference that the staff member may see; another country's is not told from none. */
export async function requestFor(db: Db, actor: DeskActor, typed: string): Promise<PrivacyRequest> {
  // A reference read out on the phone or copied from a mail may come in any case, as in the search.
  const reference = typed.toUpperCase()
  const request = /^[A-Z]{2}-\d{6}-[A-Z0-9]{5}$/.test(reference)
    ? await findByReference(db.db, reference)
    : null
  if (!request || !actor.countries.includes(request.country)) throw new NotFound('Request')
  return request
}

/** Where the requester made the request (host table), for links in later mails. */
export function originOf(deps: Pick<DeskDeps, 'publicOrigin'>, request: PrivacyRequest): string {
  return request.origin ?? deps.publicOrigin(request.country)
}

/**
 * What the team writes to the requester is written: not blank (an extension without its reason is no
 * extension), and (issue 25) without a template's placeholder (`[aanvullen]`) left in it.
 */
export function checkWritten(field: string, text: string): void {
  if (!text.trim()) throw new ValidationFailed([{ field, rule: 'required' }])
  const placeholder = findPlaceholder(text)
  if (placeholder) throw new PlaceholderLeft(field, placeholder)
}

/** Calendar days from today (UTC) to the due date; negative when overdue; null when nothing is due. */
export function daysLeft(status: RequestStatus, dueAt: string | null, now: Date): number | null {
  if (!dueAt || !isActiveStatus(status)) return null
  const today = Date.parse(now.toISOString().slice(0, 10))
  return Math.round((Date.parse(dueAt.slice(0, 10)) - today) / DAY_MS)
}
