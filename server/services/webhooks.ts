import { createHmac, randomBytes } from 'node:crypto'
import type { Transaction } from 'kysely'
import { Webhook } from 'standardwebhooks'
import type { Country } from '#shared/site.ts'
import type { Config } from '../config'
import { type ApiClient, type FeedItem, findClientByName } from '../db/api-client-repository'
import type { Db } from '../db/database'
import { insertSuppressions, type PrivacyRequest, type Suppression } from '../db/privacy-request-repository'
import { writeBeforeClaimLapses } from '../db/queue'
import type { Database } from '../db/schema'
import {
  cancelUnwantedDeliveries,
  claimDueDeliveries,
  type DueDelivery,
  disableEndpoints,
  enqueueDelivery,
  failedDeliveries,
  insertEndpoint,
  markAttemptFailed,
  markDelivered,
  subscribers,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '../db/webhook-repository'
import { deriveKey } from '../keys'
import type { Logger } from '../logger'
import { feedEntry } from './api-clients'
import { NotFound, ValidationFailed } from './errors'
import type { RequestVerified, SuppressionCreated, WebhookData, WebhookPayload } from './fulfilment-shapes'
import { checkWebhookUrl, postToTarget, type WebhookAddressPolicy } from './webhook-urls'

/** Deliveries are retried for this long after the event, then marked failed. */
export const WEBHOOK_RETRY_MS = 3 * 24 * 60 * 60_000
const FIRST_RETRY_MS = 30_000
const MAX_RETRY_MS = 60 * 60_000
const SEND_TIMEOUT_MS = 10_000

/** The key endpoint secrets are derived from: WEBHOOK_SIGNING_KEY, else a key file under data/. */
export function webhookKey(config: Pick<Config, 'webhookSigningKey'>, keyFile: string): Buffer {
  const secret = config.webhookSigningKey ? { value: config.webhookSigningKey } : null
  return deriveKey(secret, 'privacy-site webhook signing', keyFile)
}

/** An endpoint's Standard Webhooks secret (`whsec_…`), derived from the key and its id: nothing is stored. */
export function endpointSecret(key: Buffer, endpointId: string): string {
  return `whsec_${createHmac('sha256', key).update(endpointId).digest('base64')}`
}

/**
 * The Standard Webhooks headers of one attempt: the delivery's id (the same on every retry), the time of the
 * attempt in Unix seconds, and `v1,<HMAC-SHA256>` of `{id}.{timestamp}.{body}` with the endpoint secret.
 */
export function webhookHeaders(signer: Webhook, id: string, at: Date, payload: string) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signer.sign(id, at, payload),
  }
}

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

/**
 * Operators' commands: register an endpoint (answers its signing secret), disable one, list failed
 * deliveries.
 */
export function webhookAdmin(
  db: Db,
  key: Buffer,
  addresses: WebhookAddressPolicy,
  clock: () => Date = () => new Date(),
) {
  return {
    async register(clientName: string, url: string, events: string[]) {
      const client = await findClientByName(db.db, clientName)
      if (!client || client.revokedAt) throw new NotFound(`Live client "${clientName}"`)
      // Issue 27: https, to public addresses only (server/services/webhook-urls.ts).
      const checked = await checkWebhookUrl(url, addresses)
      if (!checked.ok) throw new ValidationFailed([{ field: 'url', rule: checked.rule }])
      const unknown = events.filter((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event))
      if (events.length === 0 || unknown.length > 0)
        throw new ValidationFailed([{ field: 'events', rule: 'enum' }])
      const id = crypto.randomUUID()
      await insertEndpoint(
        db.db,
        { id, clientId: client.id, url, events: events as WebhookEvent[] },
        clock().toISOString(),
      )
      return { id, secret: endpointSecret(key, id) }
    },
    /**
     * No more deliveries to the client's endpoint at this URL, including those still waiting (their bodies
     * are erased). Answers how many waiting deliveries were cancelled.
     */
    async disable(clientName: string, url: string) {
      const client = await findClientByName(db.db, clientName)
      if (!client) throw new NotFound(`Client "${clientName}"`)
      const now = clock().toISOString()
      return db.db.transaction().execute(async (trx) => {
        const disabled = await disableEndpoints(trx, client.id, url, now)
        if (disabled.length === 0) throw new NotFound(`Live endpoint ${url} of "${clientName}"`)
        return cancelUnwantedDeliveries(trx, now)
      })
    },
    failed: () => failedDeliveries(db.db),
  }
}

/**
 * The webhook poller every instance runs: claims due deliveries (never the same on two instances), signs each
 * as Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature), and on anything but a 2xx retries
 * with back-off (30 s doubling up to an hour) until 3 days after the event, then marks it failed.
 */
export function startWebhookWorker(deps: {
  db: Db
  key: Buffer
  /** Whose addresses a delivery may reach (issue 27): checked again before each, and connected to as checked. */
  addresses: WebhookAddressPolicy
  logger: Logger
  clock?: () => Date
  intervalMs?: number
}) {
  const { db, key, logger } = deps
  const clock = deps.clock ?? (() => new Date())
  let stopped = false
  let running: Promise<void> | null = null

  const deliver = async (delivery: DueDelivery) => {
    const now = clock()
    const signer = new Webhook(endpointSecret(key, delivery.endpointId))
    let error: string | null = null
    try {
      // The URL's host may resolve elsewhere now than at registration: checked again, and connected to as
      // checked; an internal address is a failed attempt, never a connection.
      const checked = await checkWebhookUrl(delivery.url, deps.addresses)
      if (!checked.ok) error = `refused: ${checked.rule === 'address' ? 'internal address' : 'not https'}`
      else if (!checked.target) error = 'DNS: no address'
      else {
        const status = await postToTarget(
          checked.target,
          {
            'content-type': 'application/json',
            'user-agent': 'privacy-site-webhooks/1',
            ...webhookHeaders(signer, delivery.id, now, delivery.payload),
          },
          delivery.payload,
          SEND_TIMEOUT_MS,
        )
        if (status < 200 || status >= 300) error = `HTTP ${status}`
      }
    } catch (cause) {
      error = cause instanceof Error ? cause.name : 'error'
    }
    const at = clock()
    if (error === null) {
      const marked = await writeBeforeClaimLapses(
        delivery.claim,
        clock,
        () => markDelivered(db.db, delivery.id, at.toISOString()),
        (cause) =>
          logger.warn(
            { err: cause, deliveryId: delivery.id },
            'webhook delivered but not yet marked; asking again',
          ),
      )
      if (!marked)
        logger.info({ deliveryId: delivery.id }, 'webhook delivered again; the first delivery stands')
      return
    }
    const delay = Math.min(FIRST_RETRY_MS * 2 ** delivery.attempts, MAX_RETRY_MS)
    const next = at.getTime() + delay
    const giveUp = next - Date.parse(delivery.createdAt) > WEBHOOK_RETRY_MS
    const kept = await markAttemptFailed(
      db.db,
      delivery,
      error,
      giveUp ? null : new Date(next).toISOString(),
      at.toISOString(),
    )
    // Not kept: this instance stalled past its lock and another took the delivery over; its outcome stands.
    if (!kept)
      logger.warn({ deliveryId: delivery.id }, 'webhook claim lost; the failed attempt is not recorded')
    else if (giveUp)
      logger.warn({ deliveryId: delivery.id, event: delivery.eventType }, 'webhook failed after 3 days')
  }

  const tick = async () => {
    if (stopped) return
    try {
      const due = await claimDueDeliveries(db.db, db.dialect, clock(), 20, 60_000)
      await Promise.all(due.map(deliver))
    } catch (cause) {
      logger.warn({ err: cause }, 'webhook poll failed')
    }
  }
  const timer = setInterval(() => {
    if (!running) running = tick().finally(() => (running = null))
  }, deps.intervalMs ?? 2000)
  timer.unref()
  return {
    /** One poll now (tests). */
    tick,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
