import type { Locale } from '#shared/locale.ts'
import type { DeskQuery, QueueItem } from '#shared/privacy-rights/desk.ts'
import { listRequests, type QueueRow } from '../db/request-queue-repository'
import { type QueueExport, queueCsv } from './desk-csv'
import { type DeskActor, type DeskDeps, daysLeft } from './desk-request'

type QueueDeps = Pick<DeskDeps, 'db' | 'clock'>

export type { QueueExport } from './desk-csv'

/** The queue's page: the filters within the staff member's countries, soonest due first. */
export async function listQueue(
  deps: QueueDeps,
  actor: DeskActor,
  query: DeskQuery,
): Promise<{ items: QueueItem[]; total: number }> {
  const now = deps.clock()
  const { rows, total } = await listRequests(
    deps.db.db,
    { ...query, countries: actor.countries, now },
    { limit: query.limit ?? 25, offset: query.offset ?? 0 },
  )
  return { items: rows.map((row) => toItem(row, now)), total }
}

function toItem(row: QueueRow, now: Date): QueueItem {
  return {
    reference: row.reference,
    flowType: row.flowType,
    country: row.country,
    language: row.language,
    status: row.status,
    receivedAt: row.receivedAt,
    dueAt: row.dueAt,
    daysLeft: daysLeft(row.status, row.dueAt, now),
  }
}

/**
 * The filtered queue as CSV (semicolons, UTF-8 with BOM), without free-text messages, written a page at a
 * time (issue 30, server/services/desk-csv.ts).
 */
export function exportQueue(
  deps: QueueDeps,
  actor: DeskActor,
  query: DeskQuery,
  locale: Locale,
): Promise<QueueExport> {
  return queueCsv(deps.db, { ...query, countries: actor.countries, now: deps.clock() }, locale)
}
