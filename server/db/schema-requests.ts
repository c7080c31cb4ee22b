import type { Generated } from 'kysely'

/**
 * Issue 31 (moved from schema.ts): the tables of the privacy requests, preferences, staff, jobs and mails.
 */

/** Issue 28: a preference centre's link (only its SHA-256), for one address of one country, 7 days. */
export interface PreferenceTokenTable {
  token_hash: string
  email: string
  country: string
  language: string
  created_at: string
  expires_at: string
}

/**
 * Issue 28: the id of a brand system's one-click unsubscribe key (the key is derived, never stored); a rotated-out
 * id works until `valid_until`.
 */
export interface UnsubscribeKeyTable {
  key_id: string
  client_id: string
  created_at: string
  valid_until: string | null
}

/**
 * Issue 29: unconfirmed requests the retention job deleted, counted per country, right and hour received
 * (`2026-11-24T09`, UTC), so the public figures still count them as received; nothing else of them stays.
 */
export interface RequestTallyTable {
  country: string
  flow_type: string
  received_hour: string
  received: number | string
}

export interface StaffSessionTable {
  /** SHA-256 of the session id, base64url; the id itself is only in the signed cookie. */
  id_hash: string
  subject: string
  issuer: string
  email: string
  name: string | null
  created_at: string
  last_seen_at: string
  /** The absolute end of the session, whatever the activity. */
  expires_at: string
  /** Comma-separated roles: `customer-service`, `privacy-team`. */
  roles: Generated<string>
}

/** The timeline of a privacy request (issue 16); deleted with the request. */
export interface RequestEventTable {
  id: string
  request_id: string
  occurred_at: string
  /**
   * received, mail-queued, mail-delivered, mail-failed, reminded, verified, expired, extended, completed,
   * rejected, note.
   */
  kind: string
  /** The staff member who acted; null for the requester and the site itself. */
  actor_email: string | null
  actor_name: string | null
  /** The mail kind of a mail event, the rejection reason, the new due date of an extension. */
  detail: string | null
  /** The reply, the extension's reason or the note, as written. */
  text: string | null
}

/** A daily job's run for a period (`2026-11-24/NL`): the primary key lets only one instance run it. */
export interface JobRunTable {
  job: string
  period: string
  ran_at: string
}

/** Issue 31: the one instance running a periodic job now, until `expires_at` (server/jobs/periodic.ts). */
export interface JobLeaseTable {
  job: string
  holder: string
  expires_at: string
}

/** Append-only: the database refuses UPDATE and DELETE (migration 003). */
export interface StaffAuditLogTable {
  id: string
  occurred_at: string
  actor_subject: string
  actor_issuer: string
  actor_email: string
  actor_name: string | null
  action: string
  request_id: string | null
  country: string
  details: string
}

export interface PrivacyRequestTable {
  id: string
  flow_type: string
  /** pending, open, extended, completed, rejected, expired, executed (shared/privacy-rights/desk.ts). */
  status: string
  country: string
  language: string
  email: string | null
  phone_number: string | null
  user_message: string | null
  article: string | null
  publication_link: string | null
  publication_date: string | null
  brand_name: string | null
  /** JSON array of nro keys. */
  brands: string
  /** JSON array of channels (objection only). */
  communication_types: string
  /** JSON of spec §3 userInfo, or null. */
  user_info: string | null
  touchpoint: string | null
  created_at: string
  verified_at: string | null
  executed_at: string | null
  due_at: string | null
  /** Staff-recorded requests: how the customer's identity was checked, and the staff member's note. */
  identity_check: string | null
  identity_note: string | null
  /** The human reference (`NL-261123-K7Q2M`) the requester and the team quote. */
  reference: string | null
  /** The end of the first month, which an extension (once) moves by two months. */
  original_due_at: string | null
  closed_at: string | null
  reminded_at: string | null
  /** SHA-256 of the requester's status-link token. */
  status_token_hash: string | null
  /** The origin of the site (host table) where the request was made: later mails link there. */
  origin: string | null
  /** Issue 25: SHA-256 of the completion mail's link to the status page (the receipt's link works too). */
  reply_token_hash: string | null
  /** Issue 25: SHA-256 of the status page's mailed code, when it lapses, and the wrong tries at it. */
  unlock_code_hash: string | null
  unlock_code_expires_at: string | null
  unlock_code_tries: Generated<number>
  /** Issue 25: when an access package stops being downloadable (its files and reply text are erased then). */
  package_expires_at: string | null
  /** Issue 25: when the retention job erased every personal value of this closed request. */
  anonymised_at: string | null
}

export interface VerificationTokenTable {
  /** SHA-256 of the token, base64url; the token itself is only in the e-mail. */
  token_hash: string
  request_id: string
  expires_at: string
  consumed_at: string | null
}

export interface MarketingSuppressionTable {
  id: string
  channel: string
  brand_key: string
  country: string
  email: string | null
  phone_number: string | null
  /** JSON of the postal address, or null. */
  postal_address: string | null
  /** JSON of the name beside a postal address (migration 019), or null. */
  postal_name: string | null
  /** The e-mail address as a mailbox (`normaliseAddress`: case, spaces, `+tag` do not count), for lookups. */
  email_key: string | null
  request_id: string
  created_at: string
  /** The feed's order (migration 007); given in the writing transaction, never reused. */
  seq: number | string | null
}

export interface ContactMessageTable {
  id: string
  country: string
  language: string
  subject: string | null
  name: string
  email: string
  phone_number: string | null
  question: string
  created_at: string
  reference: string | null
}

export interface MailOutboxTable {
  id: string
  /** What the mail is about, for operators: verification, receipt, privacy-team, … */
  kind: string
  /** The request, contact message or complaint the mail is about: deleted with it. */
  about_id: string | null
  /** Erased ('') once sent, like the bodies: then only the domain and a hash of the body stay. */
  to_address: string
  /** NL or BE: the sender it goes out from (MAIL_FROM_NL, MAIL_FROM_BE; migration 019); null: MAIL_FROM. */
  sender_country: string | null
  recipient_domain: string | null
  subject: string
  text_body: string
  html_body: string
  body_sha256: string | null
  attempts: Generated<number>
  next_attempt_at: string
  locked_until: string | null
  last_error: string | null
  sent_at: string | null
  /** Given up on after MAIL_FAIL_AFTER_HOURS of failed attempts: never retried; erased like a sent mail. */
  failed_at: string | null
  created_at: string
  reply_to: string | null
}
