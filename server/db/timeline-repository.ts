import { type Kysely, sql, type Transaction } from 'kysely'
import { keyedId } from './idempotency'
import type { Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

/** The two timelines: a privacy request's (issue 16) and a political-ad complaint's (issue 18). */
const TIMELINES = {
  request: { table: 'request_events', owner: 'request_id', of: 'privacy_requests' },
  complaint: { table: 'complaint_events', owner: 'complaint_id', of: 'political_ad_complaints' },
} as const
export type Timeline = keyof typeof TIMELINES

export interface TimelineEntry {
  /** Issue 30: a note sent with an Idempotency-Key has an id derived from it (`keyedNoteId`); else one is made. */
  id?: string
  kind: string
  occurredAt: string
  /** The staff member who acted; none for the requester and the site itself. */
  actor?: { email: string; name: string | null } | null
  detail?: string | null
  text?: string | null
}

let eventCount = 0
/**
 * Event ids sort in the order they were made (real time, then a counter), so a timeline keeps the order of
 * events that share a timestamp (an injected clock, or two actions in one millisecond).
 */
function eventId(): string {
  eventCount = (eventCount + 1) % 36 ** 4
  return `${Date.now().toString(36).padStart(9, '0')}${eventCount.toString(36).padStart(4, '0')}-${crypto.randomUUID().slice(0, 8)}`
}

export async function appendEvent(db: Executor, timeline: Timeline, ownerId: string, event: TimelineEntry) {
  await eventInsert(db, timeline, ownerId, event).execute()
}

/** The INSERT of a timeline entry, not yet run (server/db/unit-of-work.ts `insertWithMails`). */
export function eventInsert(db: Executor, timeline: Timeline, ownerId: string, event: TimelineEntry) {
  const { table, owner } = TIMELINES[timeline]
  return db.insertInto(table).values({
    id: event.id ?? eventId(),
    [owner]: ownerId,
    occurred_at: event.occurredAt,
    kind: event.kind,
    actor_email: event.actor?.email ?? null,
    actor_name: event.actor?.name ?? null,
    detail: event.detail ?? null,
    text: event.text ?? null,
  } as never)
}

/**
 * Issue 30: the id of a note sent with an Idempotency-Key, the same for the same key on the same request or
 * complaint, so the second write of one note fails on the primary key whatever instance does it. The prefix
 * sorts it after the other entries of its millisecond (time-based ids start with a digit).
 */
export function keyedNoteId(timeline: Timeline, ownerId: string, key: string): string {
  return `note-${keyedId(`${timeline}-note`, ownerId, key)}`
}

/** The text of one timeline entry, or undefined: what a note's second sending is checked against. */
export async function eventById(db: Executor, timeline: Timeline, id: string) {
  const { table } = TIMELINES[timeline]
  return (db as Kysely<Database>)
    .selectFrom(table as 'request_events')
    .select('text')
    .where('id', '=', id)
    .executeTakeFirst()
}

/** What happened to a mail about a request or complaint, as its timeline shows it. */
export type MailEvent = 'mail-queued' | 'mail-delivered' | 'mail-failed'

/** The timeline entry of a mail's `event`: the mail's kind is its detail. */
export const mailEntry = (event: MailEvent, kind: string, at: string): TimelineEntry => ({
  kind: event,
  occurredAt: at,
  detail: kind,
})

/**
 * Mails join the timeline of the request or complaint each is about (contact messages have none) when they
 * are queued (in the transaction that queued them), delivered, and given up on by the outbox: one INSERT per
 * timeline for a whole batch, whichever of the two each mail's row is in.
 */
export async function recordMails(
  db: Executor,
  event: MailEvent,
  mails: readonly { aboutId: string; kind: string; at: string }[],
) {
  if (mails.length === 0) return
  const rows = sql.join(mails.map((mail) => sql`(${eventId()}, ${mail.aboutId}, ${mail.at}, ${mail.kind})`))
  for (const { table, owner, of } of Object.values(TIMELINES)) {
    await sql`with mails (event_id, about_id, occurred_at, detail) as (values ${rows})
      insert into ${sql.table(table)} (id, ${sql.ref(owner)}, occurred_at, kind, detail)
      select mails.event_id, about.id, mails.occurred_at, ${event}, mails.detail
      from mails join ${sql.table(of)} about on about.id = mails.about_id`.execute(db)
  }
}

/** A timeline in order, with each entry's id. */
export async function eventsOf(db: Executor, timeline: Timeline, ownerId: string) {
  const { table, owner } = TIMELINES[timeline]
  const rows = await (db as Kysely<Database>)
    .selectFrom(table as 'request_events')
    .selectAll()
    .where(owner as 'request_id', '=', ownerId)
    .orderBy('occurred_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    occurredAt: row.occurred_at,
    actor: row.actor_email ? { email: row.actor_email, name: row.actor_name } : null,
    detail: row.detail,
    text: row.text,
  }))
}
