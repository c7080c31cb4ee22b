import type { Kysely, Transaction } from 'kysely'
import type { Country } from '#shared/site.ts'
import type { ApiClient } from './api-client-repository'
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

/** Why a delivery was never sent: its client was revoked, or its endpoint disabled. */
export const CANCELLED = {
  revoked: 'cancelled: client revoked',
  disabled: 'cancelled: endpoint disabled',
} as const

/** A delivery that will not be sent: closed as failed with the reason, its body (maybe contact data) erased. */
export const cancelled = (reason: string, now: string) =>
  ({ failed_at: now, last_error: reason, payload: '', locked_until: null }) as const

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
