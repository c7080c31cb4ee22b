import type { Kysely } from 'kysely'
import { ACTIVE_STATUSES } from '#shared/privacy-rights/desk.ts'
import type { Database } from './schema'

/** What `/metrics` reports about the work waiting in the database, read at every scrape. */
export interface OperationsSnapshot {
  /** Mails neither sent nor given up on. */
  outboxBacklog: number
  /** When the oldest of those was queued; null when there is none. */
  oldestUnsentAt: string | null
  /** Mails given up on after MAIL_FAIL_AFTER_HOURS, still on record. */
  failedMails: number
  /** Verified privacy requests due from now to seven days on. */
  requestsDueWithin7Days: number
  /** Verified privacy requests past their due date. */
  requestsOverdue: number
}

const WEEK_MS = 7 * 86_400_000

/** Three indexed reads (mail_outbox_due, mail_outbox_failed, privacy_requests_status_due). */
export async function readOperations(db: Kysely<Database>, now: Date): Promise<OperationsSnapshot> {
  const nowIso = now.toISOString()
  const weekOn = new Date(now.getTime() + WEEK_MS).toISOString()
  const backlog = await db
    .selectFrom('mail_outbox')
    .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirstOrThrow()
  const failed = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('failed_at', 'is not', null)
    .executeTakeFirstOrThrow()
  const due = await db
    .selectFrom('privacy_requests')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('dueSoon'),
      eb.fn
        .sum<string | number | null>(eb.case().when('due_at', '<', nowIso).then(1).else(0).end())
        .as('overdue'),
    ])
    .where('status', 'in', [...ACTIVE_STATUSES])
    .where('due_at', '<', weekOn)
    .executeTakeFirstOrThrow()
  const overdue = Number(due.overdue ?? 0)
  return {
    outboxBacklog: Number(backlog.count),
    oldestUnsentAt: backlog.oldest ?? null,
    failedMails: Number(failed.count),
    requestsDueWithin7Days: Number(due.dueSoon) - overdue,
    requestsOverdue: overdue,
  }
}
