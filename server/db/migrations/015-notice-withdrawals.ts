import { type Kysely, sql } from 'kysely'
import { createIndex, requiredText } from '../schema-builders'

/**
 * Issue 18: a withdrawal can be taken back (`campaigns:import -- --reinstate ID --reason …`), and neither is
 * forgotten: each withdrawal is kept with its date and reason, and, once reinstated, with the date and reason
 * of that. Notices withdrawn before this migration get their record from their row.
 */
export const noticeWithdrawalsMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('campaign_item_withdrawals')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .$call(requiredText('campaign_id', 'withdrawn_at', 'reason'))
      .addColumn('reinstated_at', 'text')
      .addColumn('reinstatement_reason', 'text')
      .execute()
    await createIndex(db, 'campaign_item_withdrawals_campaign', 'campaign_item_withdrawals', [
      'campaign_id',
      'withdrawn_at',
    ])
    await sql`insert into campaign_item_withdrawals (id, campaign_id, withdrawn_at, reason)
      select 'w-' || id, id, withdrawn_at, coalesce(withdrawal_reason, '') from campaign_items
      where withdrawn_at is not null`.execute(db)
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('campaign_item_withdrawals').ifExists().execute()
  },
}
