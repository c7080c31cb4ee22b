import type { Kysely } from 'kysely'
import { requiredText } from '../schema-builders'

/**
 * Issue 29: the public figures count every request received, and unconfirmed requests are deleted after
 * UNVERIFIED_RETENTION_DAYS. Before the retention job deletes them, it counts them here per country, right
 * and hour of receipt: no id, no address, nothing of the request but that it was received. Read by the
 * figures (server/services/figures.ts); kept for good.
 */
export const requestTalliesMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('request_tallies')
      .$call(requiredText('country', 'flow_type'))
      /** The hour the requests were received, `2026-11-24T09`, UTC. */
      .addColumn('received_hour', 'text', (c) => c.notNull())
      .addColumn('received', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('request_tallies_pk', ['country', 'flow_type', 'received_hour'])
      .execute()
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('request_tallies').ifExists().execute()
  },
}
