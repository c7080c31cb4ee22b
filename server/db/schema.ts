import type { Generated } from 'kysely'

/**
 * The tables, as both SQLite and PostgreSQL hold them (DESIGN.md §5): ids are text made by the app,
 * timestamps ISO-8601 UTC text, JSON as text, booleans as 0/1. Rows never leave the repositories.
 */
export interface Database {
  privacy_requests: PrivacyRequestTable
  verification_tokens: VerificationTokenTable
  marketing_suppressions: MarketingSuppressionTable
  contact_messages: ContactMessageTable
  political_ad_complaints: PoliticalAdComplaintTable
  mail_outbox: MailOutboxTable
  campaign_items: CampaignItemTable
  staff_sessions: StaffSessionTable
  staff_audit_log: StaffAuditLogTable
  request_events: RequestEventTable
  job_runs: JobRunTable
  feed_sequence: FeedSequenceTable
  api_clients: ApiClientTable
  api_client_previous_secrets: ApiClientPreviousSecretTable
  api_calls: ApiCallTable
  suppression_applied: SuppressionAppliedTable
  webhook_endpoints: WebhookEndpointTable
  webhook_deliveries: WebhookDeliveryTable
  campaign_item_versions: CampaignItemVersionTable
  complaint_events: ComplaintEventTable
  campaign_item_tombstones: CampaignItemTombstoneTable
  campaign_item_withdrawals: CampaignItemWithdrawalTable
  brand_tasks: BrandTaskTable
  task_files: TaskFileTable
  task_file_chunks: TaskFileChunkTable
  preference_tokens: PreferenceTokenTable
  unsubscribe_keys: UnsubscribeKeyTable
  request_tallies: RequestTallyTable
  notice_journal: NoticeJournalTable
  notice_archive: NoticeArchiveTable
  notice_repository_exports: NoticeRepositoryExportTable
}

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
 * Issue 29: each state a notice took, written by a trigger on `campaign_items` (migration 021); read by the
 * daily archive. Kept a month after its day was archived.
 */
export interface NoticeJournalTable {
  id: Generated<number | string>
  campaign_id: string
  country: string
  is_sample: number
  version: number
  /** When the notice took this state (written: `updated_at`; changed: `changed_at`). */
  changed_at: string
  withdrawn_at: string | null
  withdrawal_reason: string | null
}

/**
 * Issue 29: one day's archive file of a country (JSON Lines) and its manifest entry; the database refuses to
 * change or delete it (migration 021). Read by `/api/campaign-items/archive/`; kept for good.
 */
export interface NoticeArchiveTable {
  country: string
  /** yyyy-mm-dd (UTC). */
  day: string
  file: string
  content: string
  /** Hex SHA-256 of `content`. */
  sha256: string
  /** `entry_hash` of the country's previous day; 64 zeros for the first. */
  previous: string
  /** Hex SHA-256 of this entry as the manifest writes it. */
  entry_hash: string
  lines: number
  written_at: string
}

/** Issue 29: when a registered system first took a version of a notice in the EU repository's shape. */
export interface NoticeRepositoryExportTable {
  campaign_id: string
  version: number
  client_id: string
  exported_at: string
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

/**
 * Issue 25: a request of access, erasure or rectification, for one brand system: read by that system's task
 * feed, the desk's request page and the requester's status page; deleted with its request.
 */
export interface BrandTaskTable {
  id: string
  /** The task feed's order, from `feed_sequence` ('tasks') in the writing transaction. */
  seq: number | string
  request_id: string
  client_id: string
  created_at: string
  /** found, not_found, erased, rectified, refused: written once. */
  outcome: string | null
  refusal_ground: string | null
  /** The brand system's note to the team; erased with the request's personal data. */
  note: string | null
  answered_at: string | null
  /** When the system's contact was mailed that the task is overdue (once). */
  reminded_at: string | null
}

/** A file of an access answer (issue 25): listed on the desk, put in the access package; its bytes in chunks. */
export interface TaskFileTable {
  id: string
  task_id: string
  request_id: string
  name: string
  content_type: string
  size: number | string
  chunks: number
  /** Hex SHA-256 of the plain file, once complete. */
  sha256: string | null
  created_at: string
  /** Null while the upload runs (or was cut off): such a file is never listed nor packed. */
  completed_at: string | null
}

/** Nonce, AES-256-GCM ciphertext and tag of one part of a file, in order of `n`. */
export interface TaskFileChunkTable {
  file_id: string
  n: number
  data: Buffer
}

/** The timeline of a political-ad complaint (issue 18); deleted with it. */
export interface ComplaintEventTable {
  id: string
  complaint_id: string
  occurred_at: string
  /** received, mail-queued, mail-delivered, mail-failed, under_review, closed, note. */
  kind: string
  actor_email: string | null
  actor_name: string | null
  detail: string | null
  text: string | null
}

/**
 * A notice the retention job removed (issue 18): read by the open-data export (`removed`) and by the notice's
 * permanent address (410 Gone). Kept for good: it holds no personal data.
 */
export interface CampaignItemTombstoneTable {
  id: string
  country: string
  is_sample: number
  removed_at: string
}

/** A withdrawal of a notice and, once taken back, its reinstatement (issue 18); read by the notice's page. */
export interface CampaignItemWithdrawalTable {
  id: string
  campaign_id: string
  withdrawn_at: string
  reason: string
  reinstated_at: string | null
  reinstatement_reason: string | null
}

/** A notice as it was before an import changed it (issue 18). */
export interface CampaignItemVersionTable {
  id: string
  campaign_id: string
  version: number
  /** JSON of the notice's fields at that version. */
  content: string
  /** JSON array of the fields the next version changed. */
  changed: string
  replaced_at: string
}

/** A client's webhook endpoint (issue 17); its signing secret is derived, never stored. */
export interface WebhookEndpointTable {
  id: string
  client_id: string
  url: string
  /** Comma-separated event types: suppression.created, request.verified. */
  events: string
  created_at: string
  disabled_at: string | null
}

/** One event for one endpoint: retried with back-off for 3 days, then failed. */
export interface WebhookDeliveryTable {
  id: string
  endpoint_id: string
  event_type: string
  /** The JSON body, exactly as signed. */
  payload: string
  created_at: string
  next_attempt_at: string
  attempts: Generated<number>
  locked_until: string | null
  delivered_at: string | null
  failed_at: string | null
  last_error: string | null
}

/** One counter per feed; its row lock orders the writers (migration 007). */
export interface FeedSequenceTable {
  name: string
  value: number | string
}

/** A brand system that reads the suppressions (issue 17). */
export interface ApiClientTable {
  id: string
  name: string
  country: string
  /** JSON array of brand keys it may see; null: every brand of its country. */
  brands: string | null
  /** SHA-256 (base64url) of its secret; the secret itself is shown once. */
  secret_hash: string
  created_at: string
  revoked_at: string | null
  /** 1: the client may receive contact data (e-mail, phone, address) in the feed and webhooks. */
  contact_data: Generated<number>
  /** Issue 25, 1: the client takes access, erasure and rectification tasks. */
  tasks: Generated<number>
  /** Issue 25: the address mailed once when a task of this client is overdue. */
  contact_email: string | null
}

/**
 * A secret a rotation replaced, still valid until `valid_until` (24 hours on); read by the API's
 * authentication, deleted by the retention job once expired (migration 012).
 */
export interface ApiClientPreviousSecretTable {
  /** SHA-256 (base64url) of the secret. */
  secret_hash: string
  client_id: string
  valid_until: string
}

/** Calls per client, endpoint and day, with the number of items answered; never what they held. */
export interface ApiCallTable {
  client_id: string
  endpoint: string
  day: string
  calls: number
  items: number
}

export interface SuppressionAppliedTable {
  suppression_id: string
  client_id: string
  applied_at: string
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

export interface CampaignItemTable {
  id: string
  country: string
  is_sample: number
  status: string
  sponsor_name: string
  sponsor_email: string | null
  sponsor_address: string | null
  publication_start_date: string
  publication_end_date: string
  budget_lower_bound: number | string | null
  budget_upper_bound: number | string | null
  reach_lower_bound: number | string | null
  reach_upper_bound: number | string | null
  channel: string
  funding_origin_type: string
  funding_region: string
  campaign_context_url: string | null
  campaign_context_note_nl: string | null
  campaign_context_note_fr: string | null
  previous_publication_suspended: number
  payer_name: string | null
  payer_email: string | null
  payer_address: string | null
  ubo_name: string | null
  ubo_email: string | null
  ubo_address: string | null
  search_text: string
  updated_at: string
  /** Issue 18: the version shown (1 + earlier versions kept), when it last changed, and its withdrawal. */
  version: Generated<number>
  changed_at: string | null
  withdrawn_at: string | null
  withdrawal_reason: string | null
  /** Issue 18: the other elements of Art. 12(1); `suspensions` is JSON, `targeting_used` 0/1. */
  amounts_methodology: string | null
  linked_process_type: string | null
  linked_process_name: string | null
  linked_process_date: string | null
  election_info_url: string | null
  targeting_used: number | null
  targeting_info_url: string | null
  repository_url: string | null
  /** nl or fr: the language of the notice's own texts (migration 019); null: not said. */
  text_language: string | null
  suspensions: string | null
  /** Issue 18, the 2025/1410 template: legal names, places of establishment, registration, other benefits. */
  sponsor_legal_name: string | null
  sponsor_establishment: string | null
  sponsor_registration_number: string | null
  payer_legal_name: string | null
  payer_establishment: string | null
  ubo_legal_name: string | null
  ubo_establishment: string | null
  other_benefits: string | null
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

export interface PoliticalAdComplaintTable {
  id: string
  country: string
  locale: string
  campaign_id: string
  reason: string
  name: string
  email: string
  explanation: string
  created_at: string
  reference: string | null
  /** Issue 18: received, under_review, notice_corrected, ad_suspended, dismissed. */
  status: Generated<string>
  due_at: string | null
  closed_at: string | null
  /** The site (host table) where the complaint was made: its outcome mail links there (migration 019). */
  origin: string | null
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
