import type { Kysely, Selectable, Transaction } from 'kysely'
import { normaliseAddress } from '#shared/mailbox.ts'
import type { RequestStatus } from '#shared/privacy-rights/desk.ts'
import type { CommunicationType, FlowType, UserInfo } from '#shared/privacy-rights/request.ts'
import type { IdentityCheck } from '#shared/privacy-rights/staff.ts'
import type { Country } from '#shared/site.ts'
import type { Database, PrivacyRequestTable } from './schema'
import { type Suppression, toSuppression } from './suppression-row'

type Executor = Kysely<Database> | Transaction<Database>

export type { RequestStatus, Suppression }

/** Spec §3 'Privacy request' as stored, in domain words. */
export interface PrivacyRequest {
  id: string
  flowType: FlowType
  status: RequestStatus
  country: Country
  language: 'nl' | 'fr'
  email: string | null
  phoneNumber: string | null
  userMessage: string | null
  article: string | null
  publicationLink: string | null
  publicationDate: string | null
  brandName: string | null
  brands: string[]
  communicationTypes: CommunicationType[]
  userInfo: UserInfo | null
  touchpoint: string | null
  createdAt: string
  verifiedAt: string | null
  executedAt: string | null
  dueAt: string | null
  /** Recorded by staff: how they checked the customer's identity, and their note. */
  identityCheck: IdentityCheck | null
  identityNote: string | null
  /** `NL-261123-K7Q2M`: given when the request is stored (null only for requests from before references). */
  reference: string | null
  /** The end of the first month after verification; `dueAt` moves on an extension, this does not. */
  originalDueAt?: string | null
  closedAt?: string | null
  /** The site (from the host table, never a request header) where it was made: later mails link there. */
  origin?: string | null
}

/** The INSERT of a request, not yet run (server/db/request-changes.ts `recordChange` runs it). */
export function requestInsert(db: Executor, request: PrivacyRequest) {
  return db.insertInto('privacy_requests').values({
    id: request.id,
    flow_type: request.flowType,
    status: request.status,
    country: request.country,
    language: request.language,
    email: request.email,
    phone_number: request.phoneNumber,
    user_message: request.userMessage,
    article: request.article,
    publication_link: request.publicationLink,
    publication_date: request.publicationDate,
    brand_name: request.brandName,
    brands: JSON.stringify(request.brands),
    communication_types: JSON.stringify(request.communicationTypes),
    user_info: request.userInfo ? JSON.stringify(request.userInfo) : null,
    touchpoint: request.touchpoint,
    created_at: request.createdAt,
    verified_at: request.verifiedAt,
    executed_at: request.executedAt,
    due_at: request.dueAt,
    identity_check: request.identityCheck,
    identity_note: request.identityNote,
    reference: request.reference,
    origin: request.origin ?? null,
  })
}

export async function findRequest(db: Executor, id: string): Promise<PrivacyRequest | null> {
  const row = await db.selectFrom('privacy_requests').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toRequest(row) : null
}

export async function findByReference(db: Executor, reference: string): Promise<PrivacyRequest | null> {
  const row = await db
    .selectFrom('privacy_requests')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst()
  return row ? toRequest(row) : null
}

export function toRequest(row: Selectable<PrivacyRequestTable>): PrivacyRequest {
  return {
    id: row.id,
    flowType: row.flow_type as FlowType,
    status: row.status as RequestStatus,
    country: row.country as Country,
    language: row.language as 'nl' | 'fr',
    email: row.email,
    phoneNumber: row.phone_number,
    userMessage: row.user_message,
    article: row.article,
    publicationLink: row.publication_link,
    publicationDate: row.publication_date,
    brandName: row.brand_name,
    brands: JSON.parse(row.brands) as string[],
    communicationTypes: JSON.parse(row.communication_types) as CommunicationType[],
    userInfo: row.user_info ? (JSON.parse(row.user_info) as UserInfo) : null,
    touchpoint: row.touchpoint,
    createdAt: row.created_at,
    verifiedAt: row.verified_at,
    executedAt: row.executed_at,
    dueAt: row.due_at,
    identityCheck: row.identity_check as IdentityCheck | null,
    identityNote: row.identity_note,
    reference: row.reference,
    originalDueAt: row.original_due_at,
    closedAt: row.closed_at,
    origin: row.origin,
  }
}

/** What a status change sets beside the status. */
export interface StatusChange {
  status: RequestStatus
  verifiedAt?: string
  executedAt?: string
  dueAt?: string
  originalDueAt?: string
  closedAt?: string
  statusTokenHash?: string
  /** Issue 25: the completion mail's link to the request's page. */
  replyTokenHash?: string
  packageExpiresAt?: string
}

export async function updateStatus(
  db: Executor,
  id: string,
  change: StatusChange,
  /** Only from these statuses: false when the request was in another (a concurrent action won). */
  from?: readonly RequestStatus[],
): Promise<boolean> {
  let update = db
    .updateTable('privacy_requests')
    .set({
      status: change.status,
      ...(change.verifiedAt ? { verified_at: change.verifiedAt } : {}),
      ...(change.executedAt ? { executed_at: change.executedAt } : {}),
      ...(change.dueAt ? { due_at: change.dueAt } : {}),
      ...(change.originalDueAt ? { original_due_at: change.originalDueAt } : {}),
      ...(change.closedAt ? { closed_at: change.closedAt } : {}),
      ...(change.statusTokenHash ? { status_token_hash: change.statusTokenHash } : {}),
      ...(change.replyTokenHash ? { reply_token_hash: change.replyTokenHash } : {}),
      ...(change.packageExpiresAt ? { package_expires_at: change.packageExpiresAt } : {}),
    })
    .where('id', '=', id)
  if (from) update = update.where('status', 'in', from)
  const result = await update.executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Inserts the suppressions with their feed numbers; answers them with their ids, as the feed shows them. */
export async function insertSuppressions(
  db: Executor,
  suppressions: Suppression[],
  now: string,
): Promise<(Suppression & { id: string; seq: number; createdAt: string })[]> {
  if (suppressions.length === 0) return []
  // The feed's numbers, taken under the counter's lock: writers commit in the order of their numbers.
  const counter = await db
    .updateTable('feed_sequence')
    .set((eb) => ({ value: eb('value', '+', suppressions.length) }))
    .where('name', '=', 'suppressions')
    .returning('value')
    .executeTakeFirstOrThrow()
  const first = Number(counter.value) - suppressions.length + 1
  const rows = suppressions.map((s, index) => ({
    id: crypto.randomUUID(),
    channel: s.channel,
    brand_key: s.brandKey,
    country: s.country,
    email: s.email,
    phone_number: s.phoneNumber,
    postal_address: s.postalAddress ? JSON.stringify(s.postalAddress) : null,
    postal_name: s.postalName ? JSON.stringify(s.postalName) : null,
    email_key: s.email ? normaliseAddress(s.email) : null,
    request_id: s.requestId,
    created_at: now,
    seq: first + index,
  }))
  // A few hundred rows a statement: SQLite caps the number of bound values in one.
  for (let start = 0; start < rows.length; start += 500)
    await db
      .insertInto('marketing_suppressions')
      .values(rows.slice(start, start + 500))
      .execute()
  return suppressions.map((s, index) => ({
    ...s,
    id: rows[index]?.id ?? '',
    seq: first + index,
    createdAt: now,
  }))
}

export async function suppressionsOf(db: Executor, requestId: string): Promise<Suppression[]> {
  const rows = await db
    .selectFrom('marketing_suppressions')
    .selectAll()
    .where('request_id', '=', requestId)
    .execute()
  return rows.map((row) => ({ ...toSuppression(row), requestId: row.request_id }))
}
