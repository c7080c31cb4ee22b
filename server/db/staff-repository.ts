import type { Kysely, Selectable, Transaction } from 'kysely'
import { STAFF_ROLES, type StaffRole } from '#shared/privacy-rights/desk.ts'
import type { AuditEntry, StaffAction, StaffIdentity } from '#shared/privacy-rights/staff.ts'
import type { Country } from '#shared/site.ts'
import type { Database, StaffAuditLogTable } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

export type { StaffIdentity }

export interface StaffSession extends StaffIdentity {
  roles: StaffRole[]
  createdAt: string
  lastSeenAt: string
  expiresAt: string
}

export async function insertSession(db: Executor, idHash: string, session: StaffSession): Promise<void> {
  await db
    .insertInto('staff_sessions')
    .values({
      id_hash: idHash,
      subject: session.subject,
      issuer: session.issuer,
      email: session.email,
      name: session.name,
      roles: session.roles.join(','),
      created_at: session.createdAt,
      last_seen_at: session.lastSeenAt,
      expires_at: session.expiresAt,
    })
    .execute()
}

export async function findSession(db: Executor, idHash: string): Promise<StaffSession | null> {
  const row = await db
    .selectFrom('staff_sessions')
    .selectAll()
    .where('id_hash', '=', idHash)
    .executeTakeFirst()
  if (!row) return null
  return {
    subject: row.subject,
    issuer: row.issuer,
    email: row.email,
    name: row.name,
    roles: row.roles
      .split(',')
      .filter((role): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role)),
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  }
}

export async function touchSession(db: Executor, idHash: string, lastSeenAt: string): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ last_seen_at: lastSeenAt })
    .where('id_hash', '=', idHash)
    .execute()
}

export async function deleteSession(db: Executor, idHash: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('id_hash', '=', idHash).execute()
}

/** Sessions past their absolute end or idle since `idleCutoff`. */
export async function deleteStaleSessions(db: Executor, now: string, idleCutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('staff_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleCutoff)]))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

export interface NewAuditEntry {
  actor: StaffIdentity
  action: StaffAction
  requestId: string | null
  country: Country
  details: AuditEntry['details']
  occurredAt: string
}

/** The only write the audit trail knows: append. The database refuses UPDATE and DELETE (migration 003). */
export async function appendAudit(db: Executor, entry: NewAuditEntry): Promise<string> {
  const id = crypto.randomUUID()
  await db
    .insertInto('staff_audit_log')
    .values({
      id,
      occurred_at: entry.occurredAt,
      actor_subject: entry.actor.subject,
      actor_issuer: entry.actor.issuer,
      actor_email: entry.actor.email,
      actor_name: entry.actor.name,
      action: entry.action,
      request_id: entry.requestId,
      country: entry.country,
      details: JSON.stringify(entry.details),
    })
    .execute()
  return id
}

/** The audit entry in which this staff member recorded the objection `requestId`, if they did. */
export async function recordedBy(
  db: Executor,
  actor: StaffIdentity,
  requestId: string,
): Promise<AuditEntry | null> {
  const row = await ownEntries(db, actor)
    .where('request_id', '=', requestId)
    .where('action', '=', 'OBJECTION_RECORDED')
    .executeTakeFirst()
  return row ? toEntry(row) : null
}

/** A staff member's own most recent entries, newest first. */
export async function auditOf(db: Executor, actor: StaffIdentity, limit: number): Promise<AuditEntry[]> {
  const rows = await ownEntries(db, actor)
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map(toEntry)
}

function ownEntries(db: Executor, actor: StaffIdentity) {
  return db
    .selectFrom('staff_audit_log')
    .selectAll()
    .where('actor_issuer', '=', actor.issuer)
    .where('actor_subject', '=', actor.subject)
}

function toEntry(row: Selectable<StaffAuditLogTable>): AuditEntry {
  return {
    id: row.id,
    occurredAt: row.occurred_at,
    action: row.action as StaffAction,
    requestId: row.request_id,
    country: row.country as Country,
    details: JSON.parse(row.details) as AuditEntry['details'],
  }
}
