import type { Kysely, Transaction } from 'kysely'
import type { DeskQuery } from '#shared/privacy-rights/desk.ts'
import type { Country } from '#shared/site.ts'
import {
  filteredRequests,
  inQueueOrder,
  type QueueRow,
  queueColumns,
  toQueueRow,
} from './request-queue-repository'
import type { Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

/**
 * Issue 30: the desk's CSV reads the queue's request ids once, in the queue's order (at most `limit`), with how
 * many match in all; then the rows a page of ids at a time. The ids are the file's snapshot: a request that
 * changes meanwhile (extended, closed: its place in the queue moves) is written as it is when its page is
 * read, in its place of the snapshot, never twice nor skipped.
 */
export async function queueExportIds(
  db: Executor,
  query: DeskQuery & { countries: readonly Country[]; now: Date },
  limit: number,
): Promise<{ ids: string[]; total: number }> {
  const filtered = filteredRequests(db, query)
  const counted = await filtered
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow()
  const rows = await inQueueOrder(filtered.select('id')).limit(limit).execute()
  return { ids: rows.map((row) => row.id), total: Number(counted.total) }
}

/** The queue lines of these requests, in the order of `ids` (one erased since is left out). */
export async function queueRowsByIds(db: Executor, ids: readonly string[]): Promise<QueueRow[]> {
  if (ids.length === 0) return []
  const rows = await queueColumns(db.selectFrom('privacy_requests').where('id', 'in', ids))
    .select('id')
    .execute()
  const byId = new Map(rows.map((row) => [row.id, toQueueRow(row)]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}
