import type { Kysely } from 'kysely'
import { createIndex } from '../schema-builders'

/** The political-ad campaign items (spec §3), per country; sample items show only off production. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaign_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('is_sample', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('sponsor_name', 'text', (c) => c.notNull())
    .addColumn('sponsor_email', 'text')
    .addColumn('sponsor_address', 'text')
    .addColumn('publication_start_date', 'text', (c) => c.notNull())
    .addColumn('publication_end_date', 'text', (c) => c.notNull())
    .addColumn('budget_lower_bound', 'bigint')
    .addColumn('budget_upper_bound', 'bigint')
    .addColumn('reach_lower_bound', 'bigint')
    .addColumn('reach_upper_bound', 'bigint')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('funding_origin_type', 'text', (c) => c.notNull())
    .addColumn('funding_region', 'text', (c) => c.notNull())
    .addColumn('campaign_context_url', 'text')
    .addColumn('campaign_context_note_nl', 'text')
    .addColumn('campaign_context_note_fr', 'text')
    .addColumn('previous_publication_suspended', 'integer', (c) => c.notNull())
    .addColumn('payer_name', 'text')
    .addColumn('payer_email', 'text')
    .addColumn('payer_address', 'text')
    .addColumn('ubo_name', 'text')
    .addColumn('ubo_email', 'text')
    .addColumn('ubo_address', 'text')
    /** Lower-cased sponsor, payer and context, for the text filter. */
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await createIndex(db, 'campaign_items_country_start', 'campaign_items', [
    'country',
    'publication_start_date',
  ])
  await createIndex(db, 'campaign_items_country_end', 'campaign_items', ['country', 'publication_end_date'])
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaign_items').ifExists().execute()
}
