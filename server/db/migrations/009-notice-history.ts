import { type Kysely, sql } from 'kysely'
import { createIndex, requiredText } from '../schema-builders'

/**
 * Issue 18: a notice never changes silently or disappears. Every import that changes a notice keeps the
 * version it replaces (`campaign_item_versions`, with the fields that changed); `version` counts them and
 * `changed_at` is when the public notice last changed. A withdrawn notice stays public, with the date and the
 * reason of its withdrawal.
 */
export const noticeHistoryMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('campaign_items')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    for (const column of ['changed_at', 'withdrawn_at', 'withdrawal_reason'])
      await db.schema.alterTable('campaign_items').addColumn(column, 'text').execute()
    await sql`update campaign_items set changed_at = updated_at`.execute(db)
    await createIndex(db, 'campaign_items_changed', 'campaign_items', ['changed_at'])
    await db.schema
      .createTable('campaign_item_versions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .$call(requiredText('campaign_id', 'content', 'changed', 'replaced_at'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute()
    await createIndex(db, 'campaign_item_versions_campaign', 'campaign_item_versions', [
      'campaign_id',
      'version',
    ])
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('campaign_item_versions').ifExists().execute()
    await db.schema.dropIndex('campaign_items_changed').ifExists().execute()
    for (const column of ['withdrawal_reason', 'withdrawn_at', 'changed_at', 'version'])
      await db.schema.alterTable('campaign_items').dropColumn(column).execute()
  },
}
