import { createHash } from 'node:crypto'
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely'
import type { Country } from '#shared/site.ts'
import type { Dialect } from './database'
import { claimDue } from './queue'
import type { Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

export interface OutgoingMail {
  kind: string
  /** The request, contact message or complaint the mail is about: the mail is deleted with it. */
  aboutId: string | null
  to: string
  /** Where the recipient's answer goes: the country's privacy or customer-service mailbox, never no-reply. */
  replyTo?: string | null
  subject: string
  text: string
  html: string
  /** Whose sender it goes out from (MAIL_FROM_NL, MAIL_FROM_BE); none: MAIL_FROM. Set by the mail's template. */
  senderCountry?: Country | null
}

export interface QueuedMail extends OutgoingMail {
  id: string
  attempts: number
  /** When the mail was queued: its attempts stop MAIL_FAIL_AFTER_HOURS after this. */
  createdAt: string
  /** The claim this instance holds on it (the `locked_until` it wrote): a failure is recorded only under it. */
  claim: string
}

/** Written in the same transaction as what the mail is about (DESIGN.md decision 6). */
export async function enqueueMail(db: Executor, mail: OutgoingMail, now: string): Promise<string> {
  const id = crypto.randomUUID()
  await mailInsert(db, mail, now, id).execute()
  return id
}

/** The INSERT of a queued mail, not yet run (server/db/unit-of-work.ts runs it with what it is about). */
export function mailInsert(db: Executor, mail: OutgoingMail, now: string, id: string = crypto.randomUUID()) {
  return db.insertInto('mail_outbox').values({
    id,
    kind: mail.kind,
    about_id: mail.aboutId,
    to_address: mail.to,
    reply_to: mail.replyTo ?? null,
    sender_country: mail.senderCountry ?? null,
    recipient_domain: recipientDomain(mail.to),
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
    next_attempt_at: now,
    locked_until: null,
    last_error: null,
    sent_at: null,
    failed_at: null,
    created_at: now,
  })
}

/** Claims up to `limit` due mails for `lockMs` (server/db/queue.ts: never the same mail on two instances). */
export async function claimDueMails(
  db: Kysely<Database>,
  dialect: Dialect,
  now: Date,
  limit: number,
  lockMs: number,
): Promise<QueuedMail[]> {
  const { rows, claim } = await claimDue(db, dialect, 'mail_outbox', now, limit, lockMs)
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    aboutId: row.about_id,
    to: row.to_address,
    replyTo: row.reply_to,
    senderCountry: (row.sender_country as Country | null) ?? null,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    attempts: Number(row.attempts),
    createdAt: row.created_at,
    claim,
  }))
}

/**
 * Sent: the recipient and both bodies (which can hold a live verification token and the requester's data)
 * are erased; kind, recipient domain, subject, times and a SHA-256 of what was sent stay as the record.
 * One UPDATE for a whole batch: on PostgreSQL one commit (and its fsync) instead of one per mail.
 */
export async function markSent(db: Executor, sent: readonly SentMail[]): Promise<void> {
  if (sent.length === 0) return
  const byId = (value: (mail: SentMail) => string) =>
    sql<string>`case id ${sql.join(
      sent.map((mail) => sql`when ${mail.id} then ${value(mail)}`),
      sql` `,
    )} end`
  await db
    .updateTable('mail_outbox')
    .set({
      sent_at: byId((mail) => mail.sentAt),
      locked_until: null,
      ...erased(byId(bodyHash)),
    })
    .where(
      'id',
      'in',
      sent.map((mail) => mail.id),
    )
    // The SMTP server took it: recorded once, whichever instance got the answer (a stalled one included).
    .where('sent_at', 'is', null)
    .execute()
}

/** A mail the SMTP server accepted, and when. */
export type SentMail = QueuedMail & { sentAt: string }

/**
 * Given up on after MAIL_FAIL_AFTER_HOURS of failed attempts: never claimed again, and erased as a sent mail
 * is, so an undeliverable mail does not keep a live token or the requester's data. Its record (kind,
 * recipient domain, subject, times, last error, body hash) is what the operator and `/metrics` see.
 */
export async function markUndeliverable(
  db: Executor,
  mail: QueuedMail,
  error: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({
      failed_at: now,
      attempts: sql<number>`attempts + 1`,
      last_error: error.slice(0, 500),
      locked_until: null,
      ...erased(bodyHash(mail)),
    })
    .where('id', '=', mail.id)
    // Only under this instance's claim: a stalled instance never gives up a mail another one took over.
    .where('locked_until', '=', mail.claim)
    .where('sent_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** What stays of a mail once it is sent or given up on: its record, and the hash of its bodies. */
function erased(bodySha256: string | RawBuilder<string>) {
  return { to_address: '', text_body: '', html_body: '', body_sha256: bodySha256 }
}

/** SHA-256 (hex) of the text body, a NUL and the HTML body. */
export function bodyHash(mail: Pick<OutgoingMail, 'text' | 'html'>): string {
  return createHash('sha256').update(mail.text).update('\0').update(mail.html).digest('hex')
}

/** `privacy@dpgmedia.nl` and `Privacy <privacy@dpgmedia.nl>` → `dpgmedia.nl`. */
export function recipientDomain(address: string): string {
  return (address.split('@').pop() ?? '').replace(/>\s*$/, '').trim().toLowerCase()
}

export async function markFailed(
  db: Executor,
  mail: Pick<QueuedMail, 'id' | 'claim'>,
  error: string,
  nextAttemptAt: string,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      attempts: sql<number>`attempts + 1`,
      last_error: error.slice(0, 500),
      next_attempt_at: nextAttemptAt,
      locked_until: null,
    })
    .where('id', '=', mail.id)
    // Only under this instance's claim: a late failure never re-opens a mail another instance holds or sent.
    .where('locked_until', '=', mail.claim)
    .where('sent_at', 'is', null)
    .execute()
}

/** Queued: neither sent nor given up on. */
export async function outboxCounts(db: Kysely<Database>): Promise<{ queued: number; sent: number }> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('total'),
      eb.fn.count<string | number>('sent_at').as('sent'),
      eb.fn.count<string | number>('failed_at').as('failed'),
    ])
    .executeTakeFirstOrThrow()
  const sent = Number(row.sent)
  return { queued: Number(row.total) - sent - Number(row.failed), sent }
}
