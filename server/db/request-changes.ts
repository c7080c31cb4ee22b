import type { Kysely, Transaction } from 'kysely'
import type { RequestStatus } from '#shared/privacy-rights/desk.ts'
import type { Db } from './database'
import type { RequestEvent } from './desk-repository'
import {
  type PrivacyRequest,
  requestInsert,
  type StatusChange,
  updateStatus,
} from './privacy-request-repository'
import type { Database } from './schema'
import { appendAudit, type NewAuditEntry } from './staff-repository'
import { eventInsert } from './timeline-repository'
import { insertWithMails, type Mails, type PendingInsert, saveWithMails } from './unit-of-work'
import { tokenInsert } from './verification-token-repository'

type Executor = Kysely<Database> | Transaction<Database>

/**
 * Issue 31: everything one change of a privacy request writes, as data. The public form, the confirmation
 * link, the staff's objection, the desk's actions and the deadline work all save a request this one way.
 */
export interface RequestChange {
  /** The request the change is about: its timeline gets the events, its mails are on it as queued. */
  requestId: string
  /** Taken first (a token consumed, a reminder marked): when it answers false, nothing is written. */
  claim?: (trx: Executor) => Promise<boolean>
  /** A request stored now (a form, a staff member's objection). */
  insert?: PrivacyRequest
  /** The status change; with `from`, only from those statuses (else nothing is written: someone was first). */
  update?: StatusChange
  from?: readonly RequestStatus[]
  /** A verification link's token (only its hash). */
  token?: { hash: string; expiresAt: string }
  /** Timeline entries, in this order. */
  events?: readonly RequestEvent[]
  /** The staff audit trail's entry (never contact data or free text). */
  audit?: Omit<NewAuditEntry, 'requestId' | 'occurredAt'>
  /** Other services' writes of the same change (suppressions, tasks, webhooks), after the request's own. */
  also?: (trx: Transaction<Database>) => Promise<void>
  mails?: Mails
}

/**
 * The one write path of a request's change with its mails and timeline: all of it commits, or none of it
 * (DESIGN.md decision 6). A change of plain inserts (the public form) goes in one round trip on PostgreSQL.
 * False when the claim or the status change found another writer first.
 */
export async function recordChange(db: Db, now: string, change: RequestChange): Promise<boolean> {
  const mails = change.mails ?? []
  if (!change.claim && !change.update && !change.audit && !change.also) {
    await insertWithMails(db, now, pendingInserts(db.db, change), mails, 'request')
    return true
  }
  let written = false
  await saveWithMails(db, now, async (trx) => {
    if (change.claim && !(await change.claim(trx))) return []
    if (change.update && !(await updateStatus(trx, change.requestId, change.update, change.from))) return []
    for (const insert of pendingInserts(trx, change)) await trx.executeQuery(insert.compile())
    if (change.audit)
      await appendAudit(trx, { ...change.audit, requestId: change.requestId, occurredAt: now })
    await change.also?.(trx)
    written = true
    return mails
  })
  return written
}

/** The rows a change adds: the request, its token, its timeline entries. */
function pendingInserts(db: Executor, change: RequestChange): PendingInsert[] {
  const { requestId } = change
  return [
    ...(change.insert ? [requestInsert(db, change.insert)] : []),
    ...(change.token ? [tokenInsert(db, { ...change.token, requestId })] : []),
    ...(change.events ?? []).map((event) => eventInsert(db, 'request', requestId, event)),
  ]
}
