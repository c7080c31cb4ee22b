import { type Kysely, sql } from 'kysely'
import type { Country } from '#shared/site.ts'
import { newReference } from '../references'

/**
 * Issue 26: an upgrade keeps every row usable. Earlier migrations added columns without saying what they
 * mean for the rows already there:
 * - 004 gave requests, contact messages and complaints a `reference` and left it empty for old rows: the desk
 *   could not open them, and a team mail about an old request linked to `…/requests/null`. Each gets one in
 *   the same format (`{NL|BE}-{yymmdd}-{5 characters}`), dated the day it was received.
 * - 011 gave old complaints their receipt as due date (due the moment they came in). They get the rule of
 *   docs/decisions/004: 14 days after receipt, 48 hours when the ad's election or referendum was less than
 *   30 days away.
 * - 006 and 011 started timelines (`request_events`, `complaint_events`) that old rows lack: they get their
 *   receipt (and a request its verification and execution) at the times their rows recorded.
 * - Sample notices get ids no real notice can take (`sample-…`): an older release loaded them under ids such
 *   as `nl-2026-001` at every start, production included.
 * Every step touches only rows that still lack what it fills in, so it changes nothing on a database made
 * after these columns were filled from the start.
 */
export const usableOldRowsMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await renameSamples(db)
    for (const table of ['privacy_requests', 'contact_messages', 'political_ad_complaints'])
      await fillReferences(db, table)
    await fillComplaintDueDates(db)
    await fillTimelines(db)
  },

  // The backfilled values are right for the rows; there is nothing to undo.
  async down(): Promise<void> {},
}

async function renameSamples(db: Kysely<unknown>) {
  const { rows } = await sql<{ id: string }>`select id from campaign_items
    where is_sample = 1 and id not like 'sample-%'`.execute(db)
  for (const { id } of rows) {
    const renamed = `sample-${id}`
    const taken = await sql`select 1 from campaign_items where id = ${renamed}`.execute(db)
    if (taken.rows.length > 0) continue
    await sql`update campaign_items set id = ${renamed} where id = ${id}`.execute(db)
    for (const table of ['campaign_item_versions', 'campaign_item_withdrawals', 'political_ad_complaints'])
      await sql`update ${sql.table(table)} set campaign_id = ${renamed} where campaign_id = ${id}`.execute(db)
  }
  await sql`update campaign_item_tombstones set id = 'sample-' || id
    where is_sample = 1 and id not like 'sample-%'
    and 'sample-' || id not in (select id from campaign_item_tombstones)`.execute(db)
}

async function fillReferences(db: Kysely<unknown>, table: string) {
  const taken = new Set(
    (
      await sql<{ reference: string }>`select reference from ${sql.table(table)}
        where reference is not null`.execute(db)
    ).rows.map((row) => row.reference),
  )
  const { rows } = await sql<{ id: string; country: Country; created_at: string }>`
    select id, country, created_at from ${sql.table(table)} where reference is null order by created_at, id`.execute(
    db,
  )
  for (const row of rows) {
    let reference = newReference(row.country, new Date(row.created_at))
    while (taken.has(reference)) reference = newReference(row.country, new Date(row.created_at))
    taken.add(reference)
    await sql`update ${sql.table(table)} set reference = ${reference} where id = ${row.id}`.execute(db)
  }
}

const DAY_MS = 86_400_000

/** docs/decisions/004, as complaints were due from the start (political-ads.ts `complaintDueAt`). */
function complaintDueAt(receivedAt: string, linkedType: string | null, linkedDate: string | null): string {
  const at = Date.parse(receivedAt)
  const vote = linkedDate ? Date.parse(`${linkedDate}T23:59:59Z`) : Number.NaN
  const nearVote =
    (linkedType === 'ELECTION' || linkedType === 'REFERENDUM') && vote >= at && vote - at <= 30 * DAY_MS
  return new Date(at + (nearVote ? 2 : 14) * DAY_MS).toISOString()
}

async function fillComplaintDueDates(db: Kysely<unknown>) {
  // Migration 011 set due_at = created_at; no complaint made since is due at the moment it came in.
  const { rows } = await sql<{
    id: string
    created_at: string
    linked_process_type: string | null
    linked_process_date: string | null
  }>`select c.id, c.created_at, n.linked_process_type, n.linked_process_date
    from political_ad_complaints c left join campaign_items n on n.id = c.campaign_id
    where c.due_at is null or c.due_at = c.created_at`.execute(db)
  for (const row of rows) {
    const due = complaintDueAt(row.created_at, row.linked_process_type, row.linked_process_date)
    await sql`update political_ad_complaints set due_at = ${due} where id = ${row.id}`.execute(db)
  }
}

/** A timeline entry's id sorts by its time, as the app's own (timeline-repository.ts) do. */
function eventId(at: string, index: number): string {
  return `${Date.parse(at).toString(36).padStart(9, '0')}${index.toString(36).padStart(4, '0')}-${crypto.randomUUID().slice(0, 8)}`
}

async function fillTimelines(db: Kysely<unknown>) {
  const requests = await sql<{
    id: string
    status: string
    created_at: string
    verified_at: string | null
    executed_at: string | null
  }>`select id, status, created_at, verified_at, executed_at from privacy_requests r
    where not exists (select 1 from request_events e where e.request_id = r.id)`.execute(db)
  for (const request of requests.rows) {
    const events: [string, string][] = [['received', request.created_at]]
    if (request.verified_at) events.push(['verified', request.verified_at])
    if (request.status === 'executed' && request.executed_at) events.push(['executed', request.executed_at])
    for (const [index, [kind, at]] of events.entries())
      await sql`insert into request_events (id, request_id, occurred_at, kind)
        values (${eventId(at, index)}, ${request.id}, ${at}, ${kind})`.execute(db)
  }
  const complaints = await sql<{ id: string; created_at: string }>`select id, created_at
    from political_ad_complaints c
    where not exists (select 1 from complaint_events e where e.complaint_id = c.id)`.execute(db)
  for (const complaint of complaints.rows)
    await sql`insert into complaint_events (id, complaint_id, occurred_at, kind)
      values (${eventId(complaint.created_at, 0)}, ${complaint.id}, ${complaint.created_at}, 'received')`.execute(
      db,
    )
}
