import { Webhook } from 'standardwebhooks'
import { type DeliveryFacts, deliveryTransition } from '#shared/webhook-lifecycle.ts'
import type { Db } from '../db/database'
import { writeBeforeClaimLapses } from '../db/queue'
import {
  type ClaimedDelivery,
  cancelDelivery,
  claimDueDeliveries,
  type DueDelivery,
  markAttemptFailed,
  markDelivered,
} from '../db/webhook-delivery-repository'
import { CANCELLED } from '../db/webhook-repository'
import { startPeriodic, type Timers } from '../jobs/periodic'
import { nextAttempt, type RetrySchedule } from '../jobs/retry'
import type { Logger } from '../logger'
import { endpointSecret, webhookHeaders } from './webhook-signing'
import { checkWebhookUrl, postToTarget, type WebhookAddressPolicy } from './webhook-urls'

/** Deliveries are retried for this long after the event, then marked failed. */
export const WEBHOOK_RETRY_MS = 3 * 24 * 60 * 60_000
/** README, "Webhooks": 30 s doubling, at most hourly, for 3 days. */
export const WEBHOOK_RETRIES: RetrySchedule = {
  firstMs: 30_000,
  maxMs: 60 * 60_000,
  untilMs: WEBHOOK_RETRY_MS,
}
const SEND_TIMEOUT_MS = 10_000

export interface WebhookWorkerDeps {
  db: Db
  key: Buffer
  /** Whose addresses a delivery may reach (issue 27): checked again before each, and connected to as checked. */
  addresses: WebhookAddressPolicy
  logger: Logger
  clock: () => Date
}

/** The table's row for this action on a waiting delivery (issue 31); the worker acts only on what it allows. */
function decided(action: 'succeed' | 'fail' | 'cancel', facts: DeliveryFacts) {
  const decision = deliveryTransition('waiting', action, facts)
  if (!decision.ok) throw new Error(`A waiting delivery cannot ${action}`)
  return decision.transition
}

/** One attempt: null when the receiver answered a 2xx, else why not (never a connection to an internal address). */
async function attempt(deps: WebhookWorkerDeps, delivery: DueDelivery, now: Date): Promise<string | null> {
  const signer = new Webhook(endpointSecret(deps.key, delivery.endpointId))
  try {
    // The URL's host may resolve elsewhere now than at registration: checked again, and connected to as
    // checked; an internal address is a failed attempt, never a connection.
    const checked = await checkWebhookUrl(delivery.url, deps.addresses)
    if (!checked.ok) return `refused: ${checked.rule === 'address' ? 'internal address' : 'not https'}`
    if (!checked.target) return 'DNS: no address'
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
    return status < 200 || status >= 300 ? `HTTP ${status}` : null
  } catch (cause) {
    return cause instanceof Error ? cause.name : 'error'
  }
}

async function recordDelivered(deps: WebhookWorkerDeps, delivery: DueDelivery, at: Date) {
  decided('succeed', {})
  const { db, logger, clock } = deps
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
  if (!marked) logger.info({ deliveryId: delivery.id }, 'webhook delivered again; the first delivery stands')
}

async function recordFailed(deps: WebhookWorkerDeps, delivery: DueDelivery, error: string, at: Date) {
  const next = nextAttempt(WEBHOOK_RETRIES, delivery.attempts, delivery.createdAt, at)
  const move = decided('fail', { nextAttemptAt: next })
  const retry = move.to === 'waiting' && next ? next.toISOString() : null
  const kept = await markAttemptFailed(deps.db.db, delivery, error, retry, at.toISOString())
  // Not kept: this instance stalled past its lock and another took the delivery over; its outcome stands.
  if (!kept)
    deps.logger.warn({ deliveryId: delivery.id }, 'webhook claim lost; the failed attempt is not recorded')
  else if (move.to === 'failed')
    deps.logger.warn({ deliveryId: delivery.id, event: delivery.eventType }, 'webhook failed after 3 days')
}

/** Signs and sends one claimed delivery, and records what came of it. */
export async function deliver(deps: WebhookWorkerDeps, delivery: DueDelivery) {
  const error = await attempt(deps, delivery, deps.clock())
  const at = deps.clock()
  if (error === null) await recordDelivered(deps, delivery, at)
  else await recordFailed(deps, delivery, error, at)
}

/** A claimed delivery whose client was revoked or whose endpoint was disabled is cancelled, never sent. */
async function cancelIfGone(deps: WebhookWorkerDeps, claimed: ClaimedDelivery, now: Date) {
  const reason = claimed.clientRevoked
    ? CANCELLED.revoked
    : claimed.endpointDisabled
      ? CANCELLED.disabled
      : null
  if (!reason) return false
  decided('cancel', { endpointGone: true })
  await cancelDelivery(deps.db.db, claimed, reason, now.toISOString())
  return true
}

/** The deliveries one poll claims and sends at once; after a full batch the next poll follows at once. */
export const WEBHOOK_BATCH = 20

/** Claims what is due (never the same on two instances) and delivers it: how many it claimed. */
export async function pollWebhooks(deps: WebhookWorkerDeps): Promise<number> {
  const now = deps.clock()
  const claimed = await claimDueDeliveries(deps.db.db, deps.db.dialect, now, WEBHOOK_BATCH, 60_000)
  const due: DueDelivery[] = []
  for (const delivery of claimed) if (!(await cancelIfGone(deps, delivery, now))) due.push(delivery)
  await Promise.all(due.map((delivery) => deliver(deps, delivery)))
  return claimed.length
}

/**
 * The webhook poller every instance runs: claims due deliveries (never the same on two instances), signs each
 * as Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature), and on anything but a 2xx retries
 * on WEBHOOK_RETRIES until 3 days after the event, then marks it failed.
 */
export function startWebhookWorker(
  options: Omit<WebhookWorkerDeps, 'clock'> & { clock?: () => Date; intervalMs?: number; timers?: Timers },
) {
  const deps: WebhookWorkerDeps = { ...options, clock: options.clock ?? (() => new Date()) }
  let stopped = false
  const poll = async (): Promise<number> => {
    if (stopped) return 0
    try {
      return await pollWebhooks(deps)
    } catch (cause) {
      deps.logger.warn({ err: cause }, 'webhook poll failed')
      return 0
    }
  }
  // Issue 30: a full batch means more may be due. Polled again at once until a batch comes back short, an
  // instance sends what is waiting at the receivers' pace, not at WEBHOOK_BATCH per interval (the load test
  // at the rates made 97 deliveries a second; two instances sent 20).
  const drain = async () => {
    for (;;) if ((await poll()) < WEBHOOK_BATCH || stopped) return
  }
  const everyMs = options.intervalMs ?? 2000
  // The rows' claims keep instances apart: every instance polls, each on its own timer.
  const job = startPeriodic({
    name: 'webhook deliveries',
    everyMs,
    run: drain,
    logger: deps.logger,
    clock: deps.clock,
    ...(options.timers ? { timers: options.timers } : {}),
  })
  return {
    /** One poll now (tests). */
    async tick() {
      await poll()
    },
    /** Polls until a batch comes back short, as every run of the timer does (tests). */
    drain,
    async stop() {
      stopped = true
      await job.stop()
    },
  }
}
