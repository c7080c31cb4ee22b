import type { Kysely } from 'kysely'
import { requiredText } from '../schema-builders'

/**
 * Issue 18: what the retention job removed. A notice past its retention period goes with its versions; its id
 * and the time it went stay, so that mirrors (`?since=`) learn of the removal and its permanent address
 * answers 410 Gone with an explanation instead of a bare 404. No personal data: the id is the site's own.
 */
export const noticeTombstonesMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('campaign_item_tombstones')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .$call(requiredText('country', 'removed_at'))
      .addColumn('is_sample', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('campaign_item_tombstones').ifExists().execute()
  },
}
