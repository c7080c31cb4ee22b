import type { Db } from '../db/database'
import {
  claimDueMails,
  markFailed,
  markSent,
  markUndeliverable,
  type QueuedMail,
} from '../db/outbox-repository'
import { recordMail } from '../db/timeline-repository'
import type { Logger } from '../logger'
import type { MailTransport } from './transport'

export interface OutboxWorkerOptions {
  db: Db
  transport: MailTransport
  from: string
  logger: Logger
  /** How often an idle worker looks for due mail. */
  intervalMs?: number
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
  /** Sends what is due now; resolves when the batch is done. */
  runOnce(): Promise<number>
  stop(): Promise<void>
}

export const MAX_RETRY_DELAY_MS = 60 * 60_000
const SEND_CONCURRENCY = 4
/**
 * Folding the erased bodies into the database file costs a checkpoint with its fsync: at most this often.
 * Measured with npm run bench (SQLite submit): a checkpoint per drained batch cost a quarter of the throughput.
 */
const COMPACT_EVERY_MS = 5_000

export function retryDelay(attempts: number, baseMs: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.min(attempts, 20))
}

/**
 * The mail poller every instance runs (DESIGN.md decision 6): claims due mails, sends them, and on failure
 * schedules a retry with exponential back-off. Nothing is lost when SMTP is down: the rows wait, until a mail
 * has failed for `failAfterMs`; then it is marked failed, erased, and left for the operator (`/metrics`).
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, transport, from, logger } = options
  const intervalMs = options.intervalMs ?? 1000
  const batchSize = options.batchSize ?? 20
  const lockMs = options.lockMs ?? 60_000
  const retryBaseMs = options.retryBaseMs ?? 5000
  const failAfterMs = options.failAfterMs ?? 72 * 60 * 60_000
  const clock = options.clock ?? (() => new Date())
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> = Promise.resolve(0)
  // Sent mail was erased: fold it into the database file soon (at once when the last fold is long past).
  let compactTimer: NodeJS.Timeout | undefined
  let lastCompact = 0
  const compact = () => {
    compactTimer = undefined
    lastCompact = Date.now()
    db.compact().catch((error: unknown) => logger.warn({ err: error }, 'database compaction failed'))
  }
  const compactSoon = () => {
    if (compactTimer) return
    compactTimer = setTimeout(compact, Math.max(0, lastCompact + COMPACT_EVERY_MS - Date.now()))
    compactTimer.unref()
  }

  const send = async (mail: QueuedMail) => {
    try {
      await transport.send({
        messageId: `<${mail.id}@privacy-site>`,
        from,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      })
      const sentAt = clock().toISOString()
      await markSent(db.db, mail, sentAt)
      // The timeline is a record, not the mail: its failure must not make the sent mail look unsent.
      if (mail.aboutId)
        await recordMail(db.db, mail.aboutId, 'mail-delivered', mail.kind, sentAt).catch((error: unknown) =>
          logger.warn({ err: error, mailId: mail.id }, 'mail delivered but not added to the timeline'),
        )
    } catch (error) {
      const now = clock()
      // The SMTP error text can quote addresses: only its code is kept.
      const reason = describe(error)
      const attempts = mail.attempts + 1
      if (now.getTime() - Date.parse(mail.createdAt) >= failAfterMs) {
        // Given up on: the record says so, and so does the timeline of what the mail was about.
        await db.db.transaction().execute(async (trx) => {
          await markUndeliverable(trx, mail, reason, now.toISOString())
          if (mail.aboutId) await recordMail(trx, mail.aboutId, 'mail-failed', mail.kind, now.toISOString())
        })
        logger.warn(
          { mailId: mail.id, kind: mail.kind, attempts, reason },
          'mail failed: given up after MAIL_FAIL_AFTER_HOURS; no further attempts',
        )
        return
      }
      const next = new Date(now.getTime() + retryDelay(mail.attempts, retryBaseMs)).toISOString()
      await markFailed(db.db, mail.id, reason, next)
      logger.warn({ mailId: mail.id, kind: mail.kind, attempts, reason }, 'mail not sent; will retry')
    }
  }

  const runOnce = async (): Promise<number> => {
    const mails = await claimDueMails(db.db, db.dialect, clock(), batchSize, lockMs)
    // A few sends at a time: SMTP round trips dominate, and the transport pools its connections.
    const queue = [...mails]
    const sendNext = async (): Promise<void> => {
      const mail = queue.shift()
      if (!mail) return
      await send(mail)
      await sendNext()
    }
    await Promise.all(Array.from({ length: SEND_CONCURRENCY }, sendNext))
    // What was erased leaves no copy in a log for longer than COMPACT_EVERY_MS.
    if (mails.length > 0) compactSoon()
    return mails.length
  }

  const tick = () => {
    if (stopped) return
    running = runOnce()
      .catch((error: unknown) => {
        logger.error({ err: error }, 'outbox poll failed')
        return 0
      })
      .then((count) => {
        // A full batch means more may be waiting: go on at once.
        if (!stopped) timer = setTimeout(tick, count === batchSize ? 0 : intervalMs)
        return count
      })
  }
  timer = setTimeout(tick, 0)

  return {
    runOnce,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
      if (compactTimer) {
        clearTimeout(compactTimer)
        compactTimer = undefined
        await db.compact()
      }
    },
  }
}

function describe(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'unknown error'
  const { code, responseCode } = error as { code?: string; responseCode?: number }
  return [code, responseCode].filter(Boolean).join(' ') || (error as Error).name || 'error'
}
