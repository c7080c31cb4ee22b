import type { MailSenders } from '../config'
import type { Db } from '../db/database'
import { markFailed, markUndeliverable, type QueuedMail, type SentMail } from '../db/outbox-repository'
import { recordMails } from '../db/timeline-repository'
import { nextAttempt, type RetrySchedule } from '../jobs/retry'
import type { Logger } from '../logger'
import type { MailTransport } from './transport'
import { messageIdFor } from './transport'

/** Issue 31 (out of outbox-worker.ts): sending one claimed mail, and what a failed attempt records. */
export interface SendContext {
  db: Db
  transport: MailTransport
  from: MailSenders
  logger: Logger
  clock: () => Date
  /** The one retry schedule (server/jobs/retry.ts), with the mail's first delay and MAIL_FAIL_AFTER_HOURS. */
  retries: RetrySchedule
}

/** Answers the mail with the time the SMTP server took it, or null when it did not (a retry is scheduled). */
export async function sendMail(ctx: SendContext, mail: QueuedMail): Promise<SentMail | null> {
  try {
    const sender = mail.senderCountry ? ctx.from[mail.senderCountry] : ctx.from.default
    await ctx.transport.send({
      messageId: messageIdFor(mail.id, sender),
      from: sender,
      to: mail.to,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    })
    return { ...mail, sentAt: ctx.clock().toISOString() }
  } catch (error) {
    await recordFailure(ctx, mail, error)
    return null
  }
}

/** A failed attempt: retried on the schedule, or given up on once it is over. */
async function recordFailure(ctx: SendContext, mail: QueuedMail, error: unknown) {
  const { db, logger } = ctx
  const now = ctx.clock()
  // The SMTP error text can quote addresses: only its code is kept.
  const reason = describe(error)
  const attempts = mail.attempts + 1
  const next = nextAttempt(ctx.retries, mail.attempts, mail.createdAt, now)
  if (next !== null) {
    await markFailed(db.db, mail, reason, next.toISOString())
    logger.warn({ mailId: mail.id, kind: mail.kind, attempts, reason }, 'mail not sent; will retry')
    return
  }
  // Given up on: the record says so, and so does the timeline of what the mail was about.
  const givenUp = await db.db.transaction().execute(async (trx) => {
    // Another instance took the mail over meanwhile: it is that one's to send or give up on.
    if (!(await markUndeliverable(trx, mail, reason, now.toISOString()))) return false
    if (mail.aboutId)
      await recordMails(trx, 'mail-failed', [
        { aboutId: mail.aboutId, kind: mail.kind, at: now.toISOString() },
      ])
    return true
  })
  if (givenUp)
    logger.warn(
      { mailId: mail.id, kind: mail.kind, attempts, reason },
      'mail failed: given up after MAIL_FAIL_AFTER_HOURS; no further attempts',
    )
}

function describe(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'unknown error'
  const { code, responseCode } = error as { code?: string; responseCode?: number }
  return [code, responseCode].filter(Boolean).join(' ') || (error as Error).name || 'error'
}

/**
 * Sent mail was erased: fold it into the database file soon (at once when the last fold is long past), at
 * most every `everyMs`; flush() folds what waits at shutdown.
 */
export function compactor(db: Db, logger: Logger, everyMs: number) {
  let timer: NodeJS.Timeout | undefined
  let last = 0
  const compact = () => {
    timer = undefined
    last = Date.now()
    db.compact().catch((error: unknown) => logger.warn({ err: error }, 'database compaction failed'))
  }
  return {
    soon() {
      if (timer) return
      timer = setTimeout(compact, Math.max(0, last + everyMs - Date.now()))
      timer.unref()
    },
    async flush() {
      if (!timer) return
      clearTimeout(timer)
      timer = undefined
      await db.compact()
    },
  }
}
