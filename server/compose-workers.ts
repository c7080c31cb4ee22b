import type { Composition } from './compose'
import type { Base } from './compose-base'
import type { deskServices, transparencyServices } from './compose-services'
import type { Config } from './config'
import type { Logger } from './logger'
import { startOutboxWorker } from './mail/outbox-worker'
import { startDeadlineJob } from './services/desk'
import { startNoticeArchiveJob } from './services/notice-archive'
import { startRetentionJob } from './services/retention'
import type { WebhookAddressPolicy } from './services/webhook-urls'
import { startWebhookWorker } from './services/webhooks'

/** Issue 31 (moved from compose.ts): what an instance runs beside answering requests. */
export interface WorkerParts {
  config: Config
  logger: Logger
  base: Base
  desk: ReturnType<typeof deskServices>
  transparency: ReturnType<typeof transparencyServices>
  signingKey: Buffer
  addresses: WebhookAddressPolicy
  webhooks: Composition['webhooks']
  noticesChanged: () => void
  /** What stops each worker, run in order at close. */
  stops: (() => Promise<void> | void)[]
}

type WorkerOptions = Parameters<Composition['startWorkers']>[0]

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
  const deadlines = hourly ? startDeadlineJob(desk.desk, logger) : none
  const archive = hourly
    ? startNoticeArchiveJob(
        { archive: transparency.noticeArchive, digest: () => transparency.repositoryExports.digest() },
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
