import type { Generated } from 'kysely'

/**
 * Issue 31 (moved from schema.ts): the tables of the brand systems: clients, their calls, tasks and files,
 * webhooks.
 */

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
