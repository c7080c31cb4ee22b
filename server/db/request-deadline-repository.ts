import type { ExpressionBuilder, Kysely, Transaction } from 'kysely'
import { ACTIVE_STATUSES } from '#shared/privacy-rights/desk.ts'
import type { Country } from '#shared/site.ts'
import { type PrivacyRequest, toRequest } from './privacy-request-repository'
import type { Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

/**
 * The request's verification mail went out. A reminder and an expiry notice go only where it did: where the
 * recipient limit held the verification mail back, they would be mails to someone who never asked, beyond
 * that limit (RECIPIENT_MAILS_PER_DAY).
 */
function verificationMailSent(eb: ExpressionBuilder<Database, 'privacy_requests'>) {
  return eb.exists(
    eb
      .selectFrom('mail_outbox')
      .select('mail_outbox.id')
      .whereRef('mail_outbox.about_id', '=', 'privacy_requests.id')
      .where('mail_outbox.kind', '=', 'verification')
      .where('mail_outbox.sent_at', 'is not', null),
  )
}

/**
 * Pending requests received before `before` that have had no reminder, whose verification mail was sent, with
 * a token still valid at `now`.
 */
export async function dueForReminder(db: Executor, before: string, now: string): Promise<PrivacyRequest[]> {
  const rows = await db
    .selectFrom('privacy_requests')
    .selectAll()
    .where('status', '=', 'pending')
    .where('reminded_at', 'is', null)
    .where('email', 'is not', null)
    .where('created_at', '<=', before)
    .where(verificationMailSent)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('verification_tokens')
          .select('token_hash')
          .whereRef('verification_tokens.request_id', '=', 'privacy_requests.id')
          .where('consumed_at', 'is', null)
          .where('expires_at', '>', now),
      ),
    )
    .limit(500)
    .execute()
  return rows.map(toRequest)
}

/** Marks the reminder sent; false when another instance did first. */
export async function markReminded(db: Executor, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('privacy_requests')
    .set({ reminded_at: now })
    .where('id', '=', id)
    .where('reminded_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Pending requests none of whose tokens is still valid at `now`, and whether the requester may be told
 * (their verification mail was sent).
 */
export async function dueForExpiry(
  db: Executor,
  now: string,
): Promise<{ request: PrivacyRequest; mailable: boolean }[]> {
  const rows = await db
    .selectFrom('privacy_requests')
    .selectAll()
    .select((eb) => verificationMailSent(eb).as('verification_sent'))
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('verification_tokens')
            .select('token_hash')
            .whereRef('verification_tokens.request_id', '=', 'privacy_requests.id')
            .where('expires_at', '>', now),
        ),
      ),
    )
    .limit(500)
    .execute()
  // SQLite answers 0/1, PostgreSQL a boolean.
  return rows.map((row) => ({ request: toRequest(row), mailable: Number(row.verification_sent) === 1 }))
}

/** Active requests of a country due before `until` (overdue ones included), soonest first. */
export async function dueBefore(db: Executor, country: Country, until: string) {
  return db
    .selectFrom('privacy_requests')
    .select(['reference', 'flow_type', 'status', 'due_at'])
    .where('country', '=', country)
    .where('status', 'in', [...ACTIVE_STATUSES])
    .where('due_at', '<=', until)
    .orderBy('due_at')
    .execute()
}
