import type { Country } from '../site'
import type { PrivacyRequestBody, SuppressionChannel, UserInfo } from './request'
import { isFilled } from './request'
import { checkBody, type FieldError } from './rules'
import type { PhoneReader } from './validation'

/** How staff checked that the customer is who they say (issue 8): by a phone call, a letter or an e-mail. */
export const IDENTITY_CHECKS = ['PHONE_CALL', 'LETTER', 'EMAIL'] as const
export type IdentityCheck = (typeof IDENTITY_CHECKS)[number]

/** Staff record phone, e-mail and postal opt-outs; notifications are self-service only (spec §3). */
export const STAFF_CHANNELS = ['PHONE', 'EMAIL', 'POSTAL'] as const satisfies readonly SuppressionChannel[]

export const IDENTITY_NOTE_MAX_LENGTH = 500

/** The staff form's body: an objection for the customer, and how their identity was checked. */
export interface StaffObjectionBody extends PrivacyRequestBody {
  flowType: 'OBJECTION'
  brands: string[]
  communicationTypes: SuppressionChannel[]
  identityCheck: { method: IdentityCheck; note?: string }
}

/** The public objection rules (spec §5), plus a chosen identity check. Browser and server run it alike. */
export function checkStaffBody(
  body: StaffObjectionBody,
  country: Country,
  knownBrandKeys: ReadonlySet<string>,
  readPhone: PhoneReader,
): FieldError[] {
  const errors = checkBody(body, country, knownBrandKeys, readPhone)
  if (!isFilled(body.identityCheck?.method))
    errors.push({ field: 'identityCheck.method', rule: 'required_option' })
  return errors
}

/** What the audit trail records of a staff action; never the customer's contact data. */
export const STAFF_ACTIONS = [
  'SIGN_IN',
  'SIGN_OUT',
  'SIGN_IN_REFUSED',
  'OBJECTION_RECORDED',
  'REQUEST_EXTENDED',
  'REQUEST_COMPLETED',
  'REQUEST_REJECTED',
  'NOTE_ADDED',
  'COMPLAINT_REVIEWED',
  'COMPLAINT_CLOSED',
  'FILE_OPENED',
] as const
export type StaffAction = (typeof STAFF_ACTIONS)[number]

/** A line of the audit trail as a staff member sees their own. */
export interface AuditEntry {
  id: string
  occurredAt: string
  action: StaffAction
  requestId: string | null
  country: Country
  details: {
    brands?: string[]
    channels?: SuppressionChannel[]
    identityCheck?: IdentityCheck
    confirmationMail?: boolean
    /** Issue 25: brand systems a completion closed without waiting for their answer. */
    tasksWaived?: number
    /** Issue 25: the access answer's file a team member opened (its id; never its name, which may be personal). */
    fileId?: string
  }
}

/** Who is signed in, as the staff pages show it. */
export interface StaffMember {
  name: string | null
  email: string
  /** `customer-service`, `privacy-team` (issue 16). */
  roles: readonly string[]
}

/** How the staff sign-in page offers sign-in, and what it has to tell. */
export interface SignInView {
  method: 'oidc' | 'development' | 'none'
  notice: 'signed-out' | 'failed' | 'unavailable' | 'refused' | null
  returnTo: string
}

/** A signed-in staff member, from the identity provider's ID token (or the local development sign-in). */
export interface StaffIdentity {
  subject: string
  issuer: string
  email: string
  name: string | null
}

/** What the staff processed page shows of a recorded objection. */
export interface RecordedObjection {
  requestId: string
  /** `NL-261124-K7Q2M`: what the customer and the team quote. */
  reference: string
  recordedAt: string
  country: Country
  language: 'nl' | 'fr'
  brands: string[]
  channels: SuppressionChannel[]
  email: string | null
  phoneNumber: string | null
  name: string | null
  address: UserInfo['address'] | null
  identityCheck: IdentityCheck
  identityNote: string | null
  confirmationMail: boolean
}
