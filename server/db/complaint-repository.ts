import { type Kysely, type Selectable, sql, type Transaction } from 'kysely'
import type { Locale } from '#shared/locale.ts'
import type { ComplaintReason, ComplaintStatus } from '#shared/political-ads.ts'
import type { Country } from '#shared/site.ts'
import type { Database, PoliticalAdComplaintTable } from './schema'
import { appendEvent, eventsOf, type TimelineEntry } from './timeline-repository'

type Executor = Kysely<Database> | Transaction<Database>

/**
 * A complaint about a political ad as stored. The privacy team reads it in its mail (built in the same
 * transaction); the retention job deletes it COMPLAINT_RETENTION_DAYS after it was closed, never while open.
 */
export interface PoliticalAdComplaint {
  id: string
  reference: string
  country: Country
  locale: Locale
  campaignId: string
  reason: ComplaintReason
  name: string
  email: string
  explanation: string
  createdAt: string
  /** Issue 18: when the team should have answered (Art. 15; docs/decisions/004-complaints.md). */
  dueAt?: string
  /** The site (host table, never a request header) where it was made: its outcome mail links there. */
  origin?: string | null
}

export async function insertComplaint(db: Executor, complaint: PoliticalAdComplaint): Promise<void> {
  await db
    .insertInto('political_ad_complaints')
    .values({
      id: complaint.id,
      reference: complaint.reference,
      country: complaint.country,
      locale: complaint.locale,
      campaign_id: complaint.campaignId,
      reason: complaint.reason,
      name: complaint.name,
      email: complaint.email,
      explanation: complaint.explanation,
      created_at: complaint.createdAt,
      due_at: complaint.dueAt ?? complaint.createdAt,
      origin: complaint.origin ?? null,
    })
    .execute()
}

export interface StoredComplaint extends PoliticalAdComplaint {
  status: ComplaintStatus
  dueAt: string
  closedAt: string | null
}

function toComplaint(row: Selectable<PoliticalAdComplaintTable>): StoredComplaint {
  return {
    id: row.id,
    reference: row.reference ?? '',
    country: row.country as Country,
    locale: row.locale as Locale,
    campaignId: row.campaign_id,
    reason: row.reason as ComplaintReason,
    name: row.name,
    email: row.email,
    explanation: row.explanation,
    createdAt: row.created_at,
    status: row.status as ComplaintStatus,
    dueAt: row.due_at ?? row.created_at,
    closedAt: row.closed_at,
    origin: row.origin,
  }
}

/** The desk's list: open ones first by due date, then the closed, newest first. */
export async function listComplaints(
  db: Executor,
  countries: readonly Country[],
  status: ComplaintStatus | undefined,
  page: { limit: number; offset: number },
) {
  let query = db.selectFrom('political_ad_complaints').where('country', 'in', [...countries])
  if (status) query = query.where('status', '=', status)
  const total = await query
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  const rows = await query
    .selectAll()
    .orderBy(sql`case when closed_at is null then 0 else 1 end`)
    .orderBy('due_at')
    .orderBy('created_at', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
  return { items: rows.map(toComplaint), total: Number(total.n) }
}

export async function findComplaint(db: Executor, reference: string): Promise<StoredComplaint | null> {
  const row = await db
    .selectFrom('political_ad_complaints')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst()
  return row ? toComplaint(row) : null
}

/** A status change, only from the statuses given: false when another action came first. */
export async function moveComplaint(
  db: Executor,
  id: string,
  to: ComplaintStatus,
  from: readonly ComplaintStatus[],
  closedAt: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('political_ad_complaints')
    .set({ status: to, ...(closedAt ? { closed_at: closedAt } : {}) })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export function insertComplaintEvent(db: Executor, complaintId: string, event: TimelineEntry): Promise<void> {
  return appendEvent(db, 'complaint', complaintId, event)
}

export async function complaintEvents(db: Executor, complaintId: string) {
  return (await eventsOf(db, 'complaint', complaintId)).map((event) => ({
    id: event.id,
    kind: event.kind,
    at: event.occurredAt,
    by: event.actor ? (event.actor.name ?? event.actor.email) : null,
    detail: event.detail,
    text: event.text,
  }))
}

/** Issue 30: the complaint with this id (an Idempotency-Key's first submission): its address and reference. */
export function findComplaintById(db: Executor, id: string) {
  return db
    .selectFrom('political_ad_complaints')
    .select(['email', 'reference'])
    .where('id', '=', id)
    .executeTakeFirst()
}
