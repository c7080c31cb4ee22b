import { type Kysely, sql, type Transaction } from 'kysely'
import type { Dialect } from './dialect'
import { claimDue } from './queue'
import type { Database } from './schema'
import { cancelled } from './webhook-repository'

type Executor = Kysely<Database> | Transaction<Database>

/** Issue 31 (out of webhook-repository.ts): the deliveries' queue, as the webhook worker works through it. */

export interface DueDelivery {
  id: string
  endpointId: string
  url: string
  eventType: string
  payload: string
  createdAt: string
  attempts: number
  /** The claim this instance holds (the `locked_until` it wrote): its later updates require it. */
  claim: string
}

export interface ClaimedDelivery extends DueDelivery {
  clientRevoked: boolean
  endpointDisabled: boolean
}

/** The deliveries with their endpoint (`e`) and its client (`c`): what the worker and the failed list read. */
const withEndpointAndClient = (db: Executor) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('api_clients as c', 'c.id', 'e.client_id')

/**
 * Claims due deliveries for `lockMs` (PostgreSQL: FOR UPDATE SKIP LOCKED, so instances never share one), each
 * with whether its client was revoked or its endpoint disabled since it was written (the worker cancels those).
 */
export async function claimDueDeliveries(
  db: Kysely<Database>,
  dialect: Dialect,
  now: Date,
  limit: number,
  lockMs: number,
): Promise<ClaimedDelivery[]> {
  const { rows: claimed, claim } = await claimDue(db, dialect, 'webhook_deliveries', now, limit, lockMs)
  if (claimed.length === 0) return []
  const ids = claimed.map((row) => row.id)
  const rows = await withEndpointAndClient(db)
    .select([
      'd.id',
      'd.endpoint_id',
      'e.url',
      'd.event_type',
      'd.payload',
      'd.created_at',
      'd.attempts',
      'c.revoked_at',
      'e.disabled_at',
    ])
    .where('d.id', 'in', ids)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    endpointId: row.endpoint_id,
    url: row.url,
    eventType: row.event_type,
    payload: row.payload,
    createdAt: row.created_at,
    attempts: Number(row.attempts),
    claim,
    clientRevoked: row.revoked_at !== null,
    endpointDisabled: row.disabled_at !== null,
  }))
}

/** A claimed delivery that will not be sent (see CANCELLED), while this instance holds its claim. */
export async function cancelDelivery(
  db: Executor,
  delivery: Pick<DueDelivery, 'id' | 'claim'>,
  reason: string,
  now: string,
) {
  await db
    .updateTable('webhook_deliveries')
    .set(cancelled(reason, now))
    .where('id', '=', delivery.id)
    .where('locked_until', '=', delivery.claim)
    .execute()
}

/**
 * Delivered: the body (which can hold contact data) is erased, as a sent mail's is; the record stays. The
 * receiver's 2xx is the fact, whichever instance got it: an instance that stalled past its lock still
 * records it, once (false: already recorded). The other instance's outcome can then change nothing, as
 * markAttemptFailed requires its claim, which this clears.
 */
export async function markDelivered(db: Executor, id: string, now: string) {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ delivered_at: now, locked_until: null, attempts: sql<number>`attempts + 1`, payload: '' })
    .where('id', '=', id)
    .where('delivered_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * A failed attempt: retried at `next`, or (null) given up on; only while this instance still holds its claim
 * (false: it stalled past its lock and another instance took the delivery over, or it was delivered). Else a
 * stale failure would release the other's lock (a second send while it sends) or close a delivery as failed
 * that the other delivers.
 */
export async function markAttemptFailed(
  db: Executor,
  delivery: Pick<DueDelivery, 'id' | 'claim'>,
  error: string,
  next: string | null,
  now: string,
) {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({
      attempts: sql<number>`attempts + 1`,
      last_error: error.slice(0, 300),
      locked_until: null,
      ...(next ? { next_attempt_at: next } : { failed_at: now }),
    })
    .where('id', '=', delivery.id)
    .where('locked_until', '=', delivery.claim)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function failedDeliveries(db: Executor) {
  return withEndpointAndClient(db)
    .select([
      'd.id',
      'c.name as client',
      'e.url',
      'd.event_type',
      'd.created_at',
      'd.failed_at',
      'd.attempts',
      'd.last_error',
    ])
    .where('d.failed_at', 'is not', null)
    .orderBy('d.failed_at', 'desc')
    .limit(500)
    .execute()
}
