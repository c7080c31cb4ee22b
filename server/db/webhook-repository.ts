import { type Kysely, sql, type Transaction } from 'kysely'
import type { Country } from '#shared/site.ts'
import type { ApiClient } from './api-client-repository'
import type { Dialect } from './dialect'
import { claimDue } from './queue'
import type { Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

export const WEBHOOK_EVENTS = ['suppression.created', 'request.verified', 'task.created'] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

export interface WebhookEndpoint {
  id: string
  clientId: string
  url: string
  events: WebhookEvent[]
}

export async function insertEndpoint(db: Executor, endpoint: WebhookEndpoint, now: string) {
  await db
    .insertInto('webhook_endpoints')
    .values({
      id: endpoint.id,
      client_id: endpoint.clientId,
      url: endpoint.url,
      events: endpoint.events.join(','),
      created_at: now,
      disabled_at: null,
    })
    .execute()
}

/** A client's endpoints, live and disabled (for the operator's `api-clients list`). */
export async function endpointsOf(db: Executor, clientId: string) {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['url', 'events', 'created_at', 'disabled_at'])
    .where('client_id', '=', clientId)
    .orderBy('created_at')
    .execute()
  return rows.map((row) => ({
    url: row.url,
    events: row.events.split(','),
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
  }))
}

/** The live endpoints of live clients of a country that want this event, with their client. */
export async function subscribers(db: Executor, country: Country, event: WebhookEvent) {
  const rows = await db
    .selectFrom('webhook_endpoints as e')
    .innerJoin('api_clients as c', 'c.id', 'e.client_id')
    .select(['e.id', 'e.url', 'e.events', 'c.id as client_id', 'c.brands', 'c.contact_data'])
    .where('c.country', '=', country)
    .where('c.revoked_at', 'is', null)
    .where('e.disabled_at', 'is', null)
    .execute()
  return rows
    .filter((row) => row.events.split(',').includes(event))
    .map((row) => ({
      endpointId: row.id,
      client: {
        id: row.client_id,
        brands: row.brands ? (JSON.parse(row.brands) as string[]) : null,
        contactData: Number(row.contact_data) === 1,
      } satisfies Pick<ApiClient, 'id' | 'brands' | 'contactData'>,
    }))
}

export async function enqueueDelivery(
  db: Executor,
  delivery: { id: string; endpointId: string; eventType: WebhookEvent; payload: string },
  now: string,
) {
  await db
    .insertInto('webhook_deliveries')
    .values({
      id: delivery.id,
      endpoint_id: delivery.endpointId,
      event_type: delivery.eventType,
      payload: delivery.payload,
      created_at: now,
      next_attempt_at: now,
      locked_until: null,
      delivered_at: null,
      failed_at: null,
      last_error: null,
    })
    .execute()
}

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

/** Why a delivery was never sent: its client was revoked, or its endpoint disabled. */
export const CANCELLED = {
  revoked: 'cancelled: client revoked',
  disabled: 'cancelled: endpoint disabled',
} as const

/** A delivery that will not be sent: closed as failed with the reason, its body (maybe contact data) erased. */
const cancelled = (reason: string, now: string) =>
  ({ failed_at: now, last_error: reason, payload: '', locked_until: null }) as const

/**
 * Claims due deliveries for `lockMs` (PostgreSQL: FOR UPDATE SKIP LOCKED, so instances never share one).
 * A delivery whose client was revoked or whose endpoint was disabled since it was written is cancelled
 * here, never sent.
 */
export async function claimDueDeliveries(
  db: Kysely<Database>,
  dialect: Dialect,
  now: Date,
  limit: number,
  lockMs: number,
): Promise<DueDelivery[]> {
  const { rows: claimed, claim } = await claimDue(db, dialect, 'webhook_deliveries', now, limit, lockMs)
  if (claimed.length === 0) return []
  const ids = claimed.map((row) => row.id)
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('api_clients as c', 'c.id', 'e.client_id')
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
  const due: DueDelivery[] = []
  for (const row of rows) {
    const reason = row.revoked_at ? CANCELLED.revoked : row.disabled_at ? CANCELLED.disabled : null
    if (reason) {
      await db
        .updateTable('webhook_deliveries')
        .set(cancelled(reason, now.toISOString()))
        .where('id', '=', row.id)
        .where('locked_until', '=', claim)
        .execute()
      continue
    }
    due.push({
      id: row.id,
      endpointId: row.endpoint_id,
      url: row.url,
      eventType: row.event_type,
      payload: row.payload,
      createdAt: row.created_at,
      attempts: Number(row.attempts),
      claim,
    })
  }
  return due
}

/**
 * Closes the waiting deliveries of revoked clients and disabled endpoints (see CANCELLED); answers how many.
 * One being sent at this moment (claimed, its lock running) finishes; should it fail, its next claim
 * cancels it.
 */
export async function cancelUnwantedDeliveries(db: Executor, now: string): Promise<number> {
  const revoked = db
    .selectFrom('webhook_endpoints as e')
    .innerJoin('api_clients as c', 'c.id', 'e.client_id')
    .select('e.id')
    .where('c.revoked_at', 'is not', null)
  const disabled = db.selectFrom('webhook_endpoints').select('id').where('disabled_at', 'is not', null)
  let count = 0
  for (const [reason, endpoints] of [
    [CANCELLED.revoked, revoked],
    [CANCELLED.disabled, disabled],
  ] as const) {
    const result = await db
      .updateTable('webhook_deliveries')
      .set(cancelled(reason, now))
      .where('endpoint_id', 'in', endpoints)
      .where('delivered_at', 'is', null)
      .where('failed_at', 'is', null)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst()
    count += Number(result.numUpdatedRows)
  }
  return count
}

/** Disables a client's live endpoints at this URL; answers their ids (none: no such live endpoint). */
export async function disableEndpoints(db: Executor, clientId: string, url: string, now: string) {
  const rows = await db
    .updateTable('webhook_endpoints')
    .set({ disabled_at: now })
    .where('client_id', '=', clientId)
    .where('url', '=', url)
    .where('disabled_at', 'is', null)
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
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
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('api_clients as c', 'c.id', 'e.client_id')
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
