import type { Kysely, Selectable } from 'kysely'
import type { Dialect } from './dialect'
import type { Database } from './schema'

/** The two queues the instances work through: mail (DESIGN.md decision 6) and webhooks (issue 17). */
const QUEUES = {
  mail_outbox: 'sent_at',
  webhook_deliveries: 'delivered_at',
} as const
type Queue = keyof typeof QUEUES

/**
 * Claims up to `limit` due rows of a queue for `lockMs` in one UPDATE, and answers them (one round trip) and
 * the claim: the `locked_until` written, which a later update can require to be sure this instance still holds
 * the rows. On PostgreSQL the candidates are locked with FOR UPDATE SKIP LOCKED, so instances never claim the
 * same row;
 * on SQLite the single statement takes the write lock at once, so processes sharing the file wait their turn.
 */
export async function claimDue<Q extends Queue>(
  db: Kysely<Database>,
  dialect: Dialect,
  queue: Q,
  now: Date,
  limit: number,
  lockMs: number,
): Promise<{ rows: Selectable<Database[Q]>[]; claim: string }> {
  // One shape for both tables: their queue columns are named alike (the done column aside).
  const table = queue as 'mail_outbox'
  const done = QUEUES[queue] as 'sent_at'
  const nowIso = now.toISOString()
  let due = db
    .selectFrom(table)
    .select('id')
    .where(done, 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', nowIso)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso)]))
    .orderBy('next_attempt_at')
    .limit(limit)
  if (dialect === 'postgres') due = due.forUpdate().skipLocked()
  const claim = new Date(now.getTime() + lockMs).toISOString()
  const claimed = await db
    .updateTable(table)
    .set({ locked_until: claim })
    .where('id', 'in', due)
    .returningAll()
    .execute()
  return { rows: claimed as Selectable<Database[Q]>[], claim }
}

/**
 * Records that a claimed item was done (a mail the SMTP server took, a webhook its receiver took): a database
 * that refuses the write is asked again, backing off, until just before the claim lapses, because after that
 * another instance takes the item and does it again (issue 30: a 15-second database outage sent every mail
 * and webhook of that moment twice). Throws the last error when the claim is about to lapse.
 */
export async function writeBeforeClaimLapses<T>(
  claim: string,
  now: () => Date,
  write: () => Promise<T>,
  onRetry: (error: unknown) => void,
): Promise<T> {
  const lapses = Date.parse(claim) - 5_000
  for (let attempt = 0; ; attempt++) {
    try {
      return await write()
    } catch (error) {
      const wait = Math.min(5_000, 250 * 2 ** attempt)
      if (now().getTime() + wait >= lapses) throw error
      onRetry(error)
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
}
