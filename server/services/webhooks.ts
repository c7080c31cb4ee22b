import { createHmac, randomBytes } from 'node:crypto'
import type { Transaction } from 'kysely'
import { Webhook } from 'standardwebhooks'
import type { Country } from '#shared/site.ts'
import type { Config } from '../config'
import { type ApiClient, findClientByName } from '../db/api-client-repository'
import type { Db } from '../db/database'
import { insertSuppressions, type PrivacyRequest, type Suppression } from '../db/privacy-request-repository'
import type { Database } from '../db/schema'
import {
  claimDueDeliveries,
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

type Trx = Transaction<Database>

/** Writes one delivery per subscribed endpoint, in the caller's transaction; `data` null skips that client. */
async function publish(
  trx: Trx,
  event: WebhookEvent,
  country: Country,
  data: (client: Pick<ApiClient, 'brands' | 'contactData'>) => object | null,
  now: string,
) {
  for (const subscriber of await subscribers(trx, country, event)) {
    const body = data(subscriber.client)
    if (!body) continue
    const id = `msg_${randomBytes(16).toString('base64url')}`
    const payload = JSON.stringify({ type: event, timestamp: now, data: body })
    await enqueueDelivery(trx, { id, endpointId: subscriber.endpointId, eventType: event, payload }, now)
  }
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
  await publish(
    trx,
    'suppression.created',
    request.country,
    (client) => {
      const visible = stored.filter((row) => !client.brands || client.brands.includes(row.brandKey))
      if (visible.length === 0) return null
      return {
        requestId: request.id,
        reference: request.reference,
        suppressions: visible.map((row) =>
          feedEntry({ ...row, reference: request.reference }, client.contactData),
        ),
      }
    },
    now,
  )
}

/** A request's e-mail address was confirmed: ids and the reference, never contact data. */
export async function publishVerified(
  trx: Trx,
  request: Pick<PrivacyRequest, 'id' | 'reference' | 'country' | 'flowType'>,
  now: string,
) {
  await publish(
    trx,
    'request.verified',
    request.country,
    () => ({
      requestId: request.id,
      reference: request.reference,
      flowType: request.flowType,
      verifiedAt: now,
    }),
    now,
  )
}

/** Operators' commands: register an endpoint (answers its signing secret), list failed deliveries. */
export function webhookAdmin(db: Db, key: Buffer, clock: () => Date = () => new Date()) {
  return {
    async register(clientName: string, url: string, events: string[]) {
      const client = await findClientByName(db.db, clientName)
      if (!client || client.revokedAt) throw new NotFound(`Live client "${clientName}"`)
      if (!isAllowedUrl(url)) throw new ValidationFailed([{ field: 'url', rule: 'https' }])
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
    failed: () => failedDeliveries(db.db),
  }
}

/** https only; http only to a loopback address (a local receiver, the tests). */
export function isAllowedUrl(value: string): boolean {
  try {
    const url = new URL(value)
    if (url.username || url.password) return false
    if (url.protocol === 'https:') return true
    return url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname)
  } catch {
    return false
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
  logger: Logger
  clock?: () => Date
  intervalMs?: number
}) {
  const { db, key, logger } = deps
  const clock = deps.clock ?? (() => new Date())
  let stopped = false
  let running: Promise<void> | null = null

  const deliver = async (delivery: Awaited<ReturnType<typeof claimDueDeliveries>>[number]) => {
    const now = clock()
    const signer = new Webhook(endpointSecret(key, delivery.endpointId))
    let error: string | null = null
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'privacy-site-webhooks/1',
          'webhook-id': delivery.id,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': signer.sign(delivery.id, now, delivery.payload),
        },
        body: delivery.payload,
      })
      await response.body?.cancel()
      if (response.status < 200 || response.status >= 300) error = `HTTP ${response.status}`
    } catch (cause) {
      error = cause instanceof Error ? cause.name : 'error'
    }
    const at = clock()
    if (error === null) {
      await markDelivered(db.db, delivery.id, at.toISOString())
      return
    }
    const delay = Math.min(FIRST_RETRY_MS * 2 ** delivery.attempts, MAX_RETRY_MS)
    const next = at.getTime() + delay
    const giveUp = next - Date.parse(delivery.createdAt) > WEBHOOK_RETRY_MS
    await markAttemptFailed(
      db.db,
      delivery.id,
      error,
      giveUp ? null : new Date(next).toISOString(),
      at.toISOString(),
    )
    if (giveUp)
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
