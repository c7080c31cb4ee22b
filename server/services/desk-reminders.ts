import { randomBytes } from 'node:crypto'
import { formatLongDate } from '#shared/format.ts'
import { recordChange } from '../db/request-changes'
import { dueForExpiry, dueForReminder, markReminded } from '../db/request-deadline-repository'
import { tokenExpiry } from '../db/verification-token-repository'
import { expiredMail, reminderMail } from '../mail/templates'
import { DAY_MS, type DeskDeps, originOf } from './desk-request'
import { hashToken } from './request-intake'
import { requesterMails } from './request-mails'

type ReminderDeps = Pick<DeskDeps, 'db' | 'brands' | 'privacyMailbox' | 'publicOrigin' | 'mailLimit'>

/**
 * One reminder, 24 hours after an unconfirmed request, with a link that ends when the first one does.
 * Answers how many were sent.
 */
export async function remindUnconfirmed(deps: ReminderDeps, now: Date): Promise<number> {
  const { db } = deps
  const nowIso = now.toISOString()
  const mails = requesterMails(deps.brands, deps.privacyMailbox)
  let reminded = 0
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString()
  for (const request of await dueForReminder(db.db, dayAgo, nowIso)) {
    const expiresAt = await tokenExpiry(db.db, request.id)
    if (!expiresAt || !request.email) continue
    if (!(await deps.mailLimit.allows('verification', request.email))) {
      // Held back, and not tried again: the first link still works until it lapses.
      await markReminded(db.db, request.id, nowIso)
      continue
    }
    const token = randomBytes(32).toString('base64url')
    const link = `${originOf(deps, request)}/${request.language}/verify-email?token=${token}`
    const until = formatLongDate(expiresAt.slice(0, 10), request.language, request.country)
    const mail = reminderMail(mails.translate(request), mails.named(request), link, until)
    const sent = await recordChange(db, nowIso, {
      requestId: request.id,
      claim: (trx) => markReminded(trx, request.id, nowIso),
      token: { hash: hashToken(token), expiresAt },
      events: [{ kind: 'reminded', occurredAt: nowIso }],
      mails: [mails.to(request, 'reminder', mail)],
    })
    if (sent) reminded++
  }
  return reminded
}

/** Never confirmed: expired, and the requester is told how to start again. Answers how many expired. */
export async function expireUnconfirmed(deps: ReminderDeps, now: Date): Promise<number> {
  const { db } = deps
  const nowIso = now.toISOString()
  const mails = requesterMails(deps.brands, deps.privacyMailbox)
  let expired = 0
  for (const { request, mailable } of await dueForExpiry(db.db, nowIso)) {
    const mayMail =
      mailable && request.email !== null && (await deps.mailLimit.allows('verification', request.email))
    const again = `${originOf(deps, request)}/${request.language}/privacy-rights`
    const mail = expiredMail(mails.translate(request), mails.named(request), again)
    const done = await recordChange(db, nowIso, {
      requestId: request.id,
      update: { status: 'expired' },
      from: ['pending'],
      events: [{ kind: 'expired', occurredAt: nowIso }],
      mails: mayMail ? [mails.to(request, 'expired', mail)] : [],
    })
    if (done) expired++
  }
  return expired
}
