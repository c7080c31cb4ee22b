import type { Kysely } from 'kysely'
import { requiredText } from '../schema-builders'

/**
 * Issue 31: `job_leases` lets one instance at a time run a periodic job (retention, the notice archive): a
 * run takes its job's row until `expires_at`, and gives it back when done; a lease whose holder died lapses.
 * A new table only: a database made by an earlier release gains it and changes nothing else.
 */
export const jobLeasesMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('job_leases')
      .addColumn('job', 'text', (c) => c.primaryKey())
      .$call(requiredText('holder', 'expires_at'))
      .execute()
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('job_leases').ifExists().execute()
  },
}
