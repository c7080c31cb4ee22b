import { type Kysely, sql, type Transaction } from 'kysely'
import type { Country } from '#shared/site.ts'
import type { ApiClient } from './api-client-repository'
import type { Dialect } from './dialect'
import { claimDue } from './queue'
import type { Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

export const WEBHOOK_EVENTS = ['suppression.created', 'request.verified'] as const
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
        brands: row.brands ? (JSON.parse(row.brands) as string[]) : null,
        contactData: Number(row.contact_data) === 1,
      } satisfies Pick<ApiClient, 'brands' | 'contactData'>,
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
}

/** Claims due deliveries for `lockMs` (PostgreSQL: FOR UPDATE SKIP LOCKED, so instances never share one). */
export async function claimDueDeliveries(
  db: Kysely<Database>,
  dialect: Dialect,
  now: Date,
  limit: number,
  lockMs: number,
): Promise<DueDelivery[]> {
  const claimed = await claimDue(db, dialect, 'webhook_deliveries', now, limit, lockMs)
  if (claimed.length === 0) return []
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select(['d.id', 'd.endpoint_id', 'e.url', 'd.event_type', 'd.payload', 'd.created_at', 'd.attempts'])
    .where(
      'd.id',
      'in',
      claimed.map((row) => row.id),
    )
    .execute()
  return rows.map((row) => ({
    id: row.id,
    endpointId: row.endpoint_id,
    url: row.url,
    eventType: row.event_type,
    payload: row.payload,
    createdAt: row.created_at,
    attempts: Number(row.attempts),
  }))
}

/** Delivered: the body (which can hold contact data) is erased, as a sent mail's is; the record stays. */
export async function markDelivered(db: Executor, id: string, now: string) {
  await db
    .updateTable('webhook_deliveries')
    .set({ delivered_at: now, locked_until: null, attempts: sql<number>`attempts + 1`, payload: '' })
    .where('id', '=', id)
    .execute()
}

export async function markAttemptFailed(
  db: Executor,
  id: string,
  error: string,
  next: string | null,
  now: string,
) {
  await db
    .updateTable('webhook_deliveries')
    .set({
      attempts: sql<number>`attempts + 1`,
      last_error: error.slice(0, 300),
      locked_until: null,
      ...(next ? { next_attempt_at: next } : { failed_at: now }),
    })
    .where('id', '=', id)
    .execute()
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
