import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect'
import { createIndex, createSubstringIndex, dropSubstringIndex } from '../schema-builders'

/**
 * Issue 19: the political-ad list's text filter (a substring of `search_text`, the lower-cased sponsor, payer
 * and context) is answered from an index instead of reading every notice: FTS5 trigrams on SQLite, pg_trgm
 * on PostgreSQL. The notices already stored are indexed now. And the list's other filters and its order
 * are read from one index, so that counting the matches reads no notice.
 */
export function campaignSearchMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await createSubstringIndex(db, dialect, 'campaign_items_search', 'campaign_items', 'search_text')
      await createIndex(db, 'campaign_items_list', 'campaign_items', [
        'country',
        'withdrawn_at',
        'publication_start_date',
        'is_sample',
        'channel',
        'publication_end_date',
      ])
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('campaign_items_list').ifExists().execute()
      await dropSubstringIndex(db, dialect, 'campaign_items_search')
    },
  }
}
