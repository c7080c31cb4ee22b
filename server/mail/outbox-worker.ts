import type { MailSenders } from '../config'
import type { Db } from '../db/database'
import { claimDueMails, markSent, type SentMail } from '../db/outbox-repository'
import { writeBeforeClaimLapses } from '../db/queue'
import { recordMails } from '../db/timeline-repository'
import { startPeriodic } from '../jobs/periodic'
import type { RetrySchedule } from '../jobs/retry'
import type { Logger } from '../logger'
import { compactor, type SendContext, sendMail } from './outbox-send'
import { markSentSoon } from './sent-marks'
import type { MailTransport } from './transport'

export interface OutboxWorkerOptions {
  db: Db
  transport: MailTransport
  /** The senders (MAIL_FROM, MAIL_FROM_NL, MAIL_FROM_BE): each mail goes out from its country's. */
  from: MailSenders
  logger: Logger
  /** How often an idle worker looks for due mail. */
  intervalMs?: number
  /** Mails sent at once: the SMTP connections of the transport (SMTP_MAX_CONNECTIONS). */
  concurrency?: number
  /** Mails claimed at once; by default ten per connection. */
  batchSize?: number
  /** How long a claim lasts before another instance may retry the mail. */
  lockMs?: number
  /** First retry delay; each further failure doubles it, up to an hour. */
  retryBaseMs?: number
  /** How long after it was queued a mail whose attempts keep failing is given up on (MAIL_FAIL_AFTER_HOURS). */
  failAfterMs?: number
  /** What "now" is: when mail is due, when it was sent, when to retry. Tests inject their own. */
  clock?: () => Date
}

export interface OutboxWorker {
  /** Claims one batch of what is due now and sends it; resolves with its size when the batch is done. */
  runOnce(): Promise<number>
  stop(): Promise<void>
}

/** Retries are at most this far apart (README, "Mail"). */
const MAX_RETRY_DELAY_MS = 60 * 60_000
/**
 * Batches in flight at once while a backlog lasts: one is claimed and its sent mails erased while the other
 * is on the wire, so the SMTP connections never wait for the database.
 */
const BATCHES_IN_FLIGHT = 2
/**
 * Folding the erased bodies into the database file costs a checkpoint with its fsync: at most this often.
 * Measured with npm run bench (SQLite submit): a checkpoint per drained batch cost a quarter of the throughput.
 */
const COMPACT_EVERY_MS = 5_000

interface BatchSettings {
  concurrency: number
  batchSize: number
  lockMs: number
  compaction: ReturnType<typeof compactor>
}

/** Marks sent mails sent; a refused write is asked again while their claim lasts (issue 30). */
const markSentBeforeClaimLapses = (ctx: SendContext, batch: SentMail[]) =>
  writeBeforeClaimLapses(
    batch.map((mail) => mail.claim).sort()[0] ?? '',
    ctx.clock,
    () => markSent(ctx.db.db, batch),
    (error) =>
      ctx.logger.warn(
        { err: error, mails: batch.length },
        'mails sent but not yet marked sent; asking again',
      ),
  )

/** Claims one batch of what is due now and sends it; resolves with its size when the batch is done. */
async function runBatch(ctx: SendContext, settings: BatchSettings): Promise<number> {
  const { db, logger, clock } = ctx
  const mails = await claimDueMails(db.db, db.dialect, clock(), settings.batchSize, settings.lockMs)
  // One mail per connection at a time: SMTP round trips dominate, and the transport pools its connections.
  const queue = [...mails]
  const sent: SentMail[] = []
  const marks = markSentSoon(sent, (batch) => markSentBeforeClaimLapses(ctx, batch))
  const sendNext = async (): Promise<void> => {
    const mail = queue.shift()
    if (!mail) return
    const done = await sendMail(ctx, mail)
    if (done) marks.add(done)
    await sendNext()
  }
  // A lane that fails (the database refused a retry's schedule) leaves its mail claimed, to be tried again
  // when the claim lapses; what the other lanes sent is still marked sent.
  const lanes = await Promise.allSettled(Array.from({ length: settings.concurrency }, sendNext))
  await marks.done()
  // The timeline is a record, not the mail: its failure must not make the sent mail look unsent.
  await recordMails(
    db.db,
    'mail-delivered',
    sent.flatMap((mail) =>
      mail.aboutId ? [{ aboutId: mail.aboutId, kind: mail.kind, at: mail.sentAt }] : [],
    ),
  ).catch((error: unknown) =>
    logger.warn({ err: error, mails: sent.length }, 'mails delivered but not added to the timeline'),
  )
  // What was erased (sent, or given up on) leaves no copy in a log for longer than COMPACT_EVERY_MS.
  if (mails.length > 0) settings.compaction.soon()
  const failed = lanes.find((lane) => lane.status === 'rejected')
  if (failed) throw failed.reason
  return mails.length
}

/**
 * The mail poller every instance runs (DESIGN.md decision 6): claims due mails, sends them, and on failure
 * schedules a retry with exponential back-off. Nothing is lost when SMTP is down: the rows wait, until a mail
 * has failed for `failAfterMs`; then it is marked failed, erased, and left for the operator (`/metrics`).
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, transport, from, logger } = options
  const intervalMs = options.intervalMs ?? 1000
  const concurrency = options.concurrency ?? 5
  const batchSize = options.batchSize ?? concurrency * 10
  const lockMs = options.lockMs ?? 60_000
  const retryBaseMs = options.retryBaseMs ?? 5000
  const failAfterMs = options.failAfterMs ?? 72 * 60 * 60_000
  // Issue 31: the one retry schedule (server/jobs/retry.ts), as webhooks use it.
  const retries: RetrySchedule = { firstMs: retryBaseMs, maxMs: MAX_RETRY_DELAY_MS, untilMs: failAfterMs }
  const clock = options.clock ?? (() => new Date())
  let stopped = false
  const ctx: SendContext = { db, transport, from, logger, clock, retries }
  const compaction = compactor(db, logger, COMPACT_EVERY_MS)

  const batch: BatchSettings = { concurrency, batchSize, lockMs, compaction }
  const runOnce = () => runBatch(ctx, batch)

  // Each batch loop goes on at once after a full batch (more may be waiting) and ends after a short one; a
  // full batch starts a second loop, up to BATCHES_IN_FLIGHT. The periodic helper starts a drain when none
  // runs; the rows' claims keep instances apart, so every instance polls.
  const loops = new Set<Promise<void>>()
  const loop = async () => {
    for (;;) {
      const count = await runOnce().catch((error: unknown) => {
        logger.error({ err: error }, 'outbox poll failed')
        return 0
      })
      if (stopped || count < batchSize) return
      if (loops.size < BATCHES_IN_FLIGHT) startLoop()
    }
  }
  const startLoop = () => {
    const running = loop().finally(() => loops.delete(running))
    loops.add(running)
  }
  const drain = async () => {
    startLoop()
    while (loops.size > 0) await Promise.all(loops)
  }
  const poller = startPeriodic({
    name: 'mail outbox',
    everyMs: intervalMs,
    firstAfterMs: 0,
    run: drain,
    logger,
    clock,
  })

  return {
    runOnce,
    async stop() {
      stopped = true
      await poller.stop()
      await Promise.all(loops)
      await compaction.flush()
    },
  }
}
