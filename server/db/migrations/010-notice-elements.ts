import type { Kysely } from 'kysely'
import { textColumns } from '../schema-builders'

/** Issue 18: every element of the transparency notice its own column (Art. 12(1); docs/decisions/003). */
const columns = textColumns('campaign_items', [
  'amounts_methodology',
  'linked_process_type',
  'linked_process_name',
  'linked_process_date',
  'election_info_url',
  'targeting_info_url',
  'repository_url',
  /** JSON array of { date, reason? }: dated suspensions of earlier publications. */
  'suspensions',
])

export const noticeElementsMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await columns.add(db)
    await db.schema.alterTable('campaign_items').addColumn('targeting_used', 'integer').execute()
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('campaign_items').dropColumn('targeting_used').execute()
    await columns.drop(db)
  },
}
