import type { Kysely } from 'kysely'

/** Issue 18: every element of the transparency notice its own column (Art. 12(1); docs/decisions/003). */
const TEXT_COLUMNS = [
  'amounts_methodology',
  'linked_process_type',
  'linked_process_name',
  'linked_process_date',
  'election_info_url',
  'targeting_info_url',
  'repository_url',
  /** JSON array of { date, reason? }: dated suspensions of earlier publications. */
  'suspensions',
] as const

export const noticeElementsMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const column of TEXT_COLUMNS)
      await db.schema.alterTable('campaign_items').addColumn(column, 'text').execute()
    await db.schema.alterTable('campaign_items').addColumn('targeting_used', 'integer').execute()
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('campaign_items').dropColumn('targeting_used').execute()
    for (const column of [...TEXT_COLUMNS].reverse())
      await db.schema.alterTable('campaign_items').dropColumn(column).execute()
  },
}
