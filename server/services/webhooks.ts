import { randomBytes } from 'node:crypto'
import type { Transaction } from 'kysely'
import type { Country } from '#shared/site.ts'
import type { ApiClient, FeedItem } from '../db/api-client-repository'
import { insertSuppressions, type PrivacyRequest, type Suppression } from '../db/privacy-request-repository'
import type { Database } from '../db/schema'
import { enqueueDelivery, subscribers, type WebhookEvent } from '../db/webhook-repository'
import { feedEntry } from './api-client-fulfilment'
import type { RequestVerified, SuppressionCreated, WebhookData, WebhookPayload } from './fulfilment-shapes'

// Issue 31: webhooks.ts was split by use case (signing, the operators' commands, the worker); what they
// export stays importable from here.
export { webhookAdmin } from './webhook-admin'
export { endpointSecret, webhookHeaders, webhookKey } from './webhook-signing'
export { startWebhookWorker, WEBHOOK_RETRY_MS } from './webhook-worker'

/** Issue 17: the events brand systems subscribe to, written in the transaction of what they announce. */

type Trx = Transaction<Database>

/** Writes one delivery per subscribed endpoint, in the caller's transaction; `data` null skips that client. */
export async function publish<E extends WebhookEvent>(
  trx: Trx,
  event: E,
  country: Country,
  data: (client: Subscriber) => WebhookData[E] | null,
  now: string,
) {
  for (const subscriber of await subscribers(trx, country, event)) {
    const body = data(subscriber.client)
    if (!body) continue
    const id = `msg_${randomBytes(16).toString('base64url')}`
    const payload: WebhookPayload<E> = { type: event, timestamp: now, data: body }
    await enqueueDelivery(
      trx,
      { id, endpointId: subscriber.endpointId, eventType: event, payload: JSON.stringify(payload) },
      now,
    )
  }
}

type Subscriber = Pick<ApiClient, 'id' | 'brands' | 'contactData'>
type StoredSuppression = Omit<FeedItem, 'seq' | 'reference'>

/** What `suppression.created` tells one client: the suppressions of its brands, contact data if allowed. */
export function suppressionCreated(
  request: Pick<PrivacyRequest, 'id' | 'reference'>,
  stored: StoredSuppression[],
  client: Subscriber,
): SuppressionCreated | null {
  const visible = stored.filter((row) => !client.brands || client.brands.includes(row.brandKey))
  if (visible.length === 0) return null
  return {
    requestId: request.id,
    reference: request.reference,
    suppressions: visible.map((row) =>
      feedEntry({ ...row, reference: request.reference }, client.contactData),
    ),
  }
}

/**
 * Whether a request concerns a client's brands: an objection those it names (issue 25: `request.verified`
 * goes to them only); the other rights every brand of the country.
 */
export function concerns(
  request: Pick<PrivacyRequest, 'flowType' | 'brands'>,
  client: Pick<ApiClient, 'brands'>,
) {
  if (request.flowType !== 'OBJECTION' || !client.brands) return true
  return request.brands.some((key) => client.brands?.includes(key))
}

/** What `request.verified` tells each subscribed client the request concerns: ids and the reference only. */
export function requestVerified(
  request: Pick<PrivacyRequest, 'id' | 'reference' | 'flowType'>,
  verifiedAt: string,
): RequestVerified {
  return { requestId: request.id, reference: request.reference, flowType: request.flowType, verifiedAt }
}

/**
 * A request's suppressions: stored with their feed numbers and announced to the subscribed brand systems of
 * the country, each seeing only its brands (and contact data only when it may).
 */
export async function recordSuppressions(
  trx: Trx,
  request: Pick<PrivacyRequest, 'id' | 'reference' | 'country'>,
  suppressions: Suppression[],
  now: string,
) {
  const stored = await insertSuppressions(trx, suppressions, now)
  if (stored.length === 0) return
  const data = (client: Subscriber) => suppressionCreated(request, stored, client)
  await publish(trx, 'suppression.created', request.country, data, now)
}

/** A request's e-mail address was confirmed: told to the clients whose brands it concerns. */
export async function publishVerified(
  trx: Trx,
  request: Pick<PrivacyRequest, 'id' | 'reference' | 'country' | 'flowType' | 'brands'>,
  now: string,
) {
  const data = (client: Subscriber) => (concerns(request, client) ? requestVerified(request, now) : null)
  await publish(trx, 'request.verified', request.country, data, now)
}
