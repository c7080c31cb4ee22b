import type { Base } from './compose-base'
import type { deskServices, transparencyServices } from './compose-services'
import type { Config } from './config'
import type { Logger } from './logger'
import { startOutboxWorker } from './mail/outbox-worker'
import { startDeadlineJob } from './services/desk-deadline-job'
import { startNoticeArchiveJob } from './services/notice-archive'
import { startRetentionJob } from './services/retention'
import type { WebhookAddressPolicy } from './services/webhook-urls'
import { startWebhookWorker, type webhookAdmin } from './services/webhooks'

/** Issue 31 (moved from compose.ts): what an instance runs beside answering requests. */
export interface WorkerParts {
  config: Config
  logger: Logger
  base: Base
  desk: ReturnType<typeof deskServices>
  transparency: ReturnType<typeof transparencyServices>
  signingKey: Buffer
  addresses: WebhookAddressPolicy
  webhooks: Webhooks
  noticesChanged: () => void
  /** What stops each worker, run in order at close. */
  stops: (() => Promise<void> | void)[]
}

/** How a test runs the workers (production takes the defaults). */
export interface WorkerOptions {
  outboxIntervalMs?: number
  retryBaseMs?: number
  webhookIntervalMs?: number
  /** What "now" is for the mail poller; tests inject their own instead of sleeping. */
  clock?: () => Date
  /**
   * false: no hourly jobs (retention, desk deadlines); a test that moves its clock runs them itself, at the
   * moments it chooses.
   */
  hourlyJobs?: boolean
}

/** Webhooks (issue 17): the operators' commands, and the poller once the workers started. */
export interface Webhooks {
  admin: ReturnType<typeof webhookAdmin>
  worker: ReturnType<typeof startWebhookWorker> | null
}

/** Starts the mail poller, the webhook worker and (unless a test runs them itself) the hourly jobs. */
export function startWorkers(parts: WorkerParts, workerOptions: WorkerOptions = {}) {
  const { config, logger, base, desk, transparency, webhooks } = parts
  const { db } = base
  const worker = startOutboxWorker({
    db,
    transport: base.transport,
    from: config.mailFrom,
    logger,
    intervalMs: workerOptions.outboxIntervalMs,
    concurrency: config.smtpMaxConnections,
    retryBaseMs: workerOptions.retryBaseMs,
    failAfterMs: config.mailFailAfterHours * 60 * 60_000,
    clock: workerOptions.clock,
  })
  const hourly = workerOptions.hourlyJobs !== false
  const none = { stop() {} }
  const retention = hourly
    ? startRetentionJob({
        db,
        unverifiedRetentionDays: config.unverifiedRetentionDays,
        retention: config.retention,
        logger,
        staffSessions: desk.staffSessions,
        noticesChanged: parts.noticesChanged,
        clock: workerOptions.clock,
      })
    : none
  const deadlines = hourly ? startDeadlineJob(desk.desk, db, logger) : none
  const archive = hourly
    ? startNoticeArchiveJob(
        { archive: transparency.noticeArchive, digest: () => transparency.repositoryExports.digest() },
        db,
        logger,
      )
    : none
  webhooks.worker = startWebhookWorker({
    db,
    key: parts.signingKey,
    addresses: parts.addresses,
    logger,
    clock: workerOptions.clock,
    intervalMs: workerOptions.webhookIntervalMs,
  })
  const webhookWorker = webhooks.worker
  parts.stops.push(
    () => webhookWorker.stop(),
    () => worker.stop(),
    () => retention.stop(),
    () => deadlines.stop(),
    () => archive.stop(),
  )
  return worker
}
