import type { Kysely } from 'kysely'
import type { Database } from './schema'

/**
 * Issue 31: a periodic job's lease (`job_leases`). Taking it is one statement on both databases: the row is
 * written when absent, or taken over when its lease lapsed; otherwise nothing changes and the answer is false.
 */
export async function takeLease(
  db: Kysely<Database>,
  job: string,
  holder: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + leaseMs).toISOString()
  const result = await db
    .insertInto('job_leases')
    .values({ job, holder, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('job')
        .doUpdateSet({ holder, expires_at: expiresAt })
        .where('job_leases.expires_at', '<=', now.toISOString()),
    )
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}

/** Gives the lease back after a run, if this holder still has it. */
export async function releaseLease(db: Kysely<Database>, job: string, holder: string): Promise<void> {
  await db.deleteFrom('job_leases').where('job', '=', job).where('holder', '=', holder).execute()
}
