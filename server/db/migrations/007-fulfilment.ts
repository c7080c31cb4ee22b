import { type Kysely, sql } from 'kysely'
import { createIndex, createUniqueIndex, requiredText } from '../schema-builders'

/**
 * Issue 17: the brands' systems read the suppressions.
 * - `marketing_suppressions.seq`: the feed's order. It is taken from `feed_sequence` inside the writing
 *   transaction; the counter's row lock (PostgreSQL) or the write lock (SQLite) makes transactions commit in
 *   sequence order, so a cursor never passes a row that commits later with a smaller number.
 * - `api_clients`: a brand system, its country and brands, and only the SHA-256 of its secret (and of the
 *   previous one while a rotation's 24 hours run).
 * - `api_calls`: calls per client, endpoint and day; `suppression_applied`: which client applied what, when.
 */
export const fulfilmentMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('feed_sequence')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.alterTable('marketing_suppressions').addColumn('seq', 'bigint').execute()
    // Existing rows in the order they were made.
    const rows = await sql<{
      id: string
    }>`select id from marketing_suppressions order by created_at, id`.execute(db)
    let seq = 0
    for (const row of rows.rows) {
      seq++
      await sql`update marketing_suppressions set seq = ${seq} where id = ${row.id}`.execute(db)
    }
    await sql`insert into feed_sequence (name, value) values ('suppressions', ${seq})`.execute(db)
    await createUniqueIndex(db, 'marketing_suppressions_seq', 'marketing_suppressions', 'seq')
    await createIndex(db, 'marketing_suppressions_country_seq', 'marketing_suppressions', ['country', 'seq'])

    await db.schema
      .createTable('api_clients')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .$call(requiredText('country', 'secret_hash', 'created_at'))
      .addColumn('brands', 'text')
      .addColumn('previous_secret_hash', 'text')
      .addColumn('previous_valid_until', 'text')
      .addColumn('revoked_at', 'text')
      .execute()
    await createIndex(db, 'api_clients_secret', 'api_clients', ['secret_hash'])
    await createIndex(db, 'api_clients_previous_secret', 'api_clients', ['previous_secret_hash'])

    await db.schema
      .createTable('api_calls')
      .addColumn('client_id', 'text', (c) => c.notNull().references('api_clients.id').onDelete('cascade'))
      .$call(requiredText('endpoint', 'day'))
      .addColumn('calls', 'integer', (c) => c.notNull())
      .addColumn('items', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('api_calls_pk', ['client_id', 'endpoint', 'day'])
      .execute()

    await db.schema
      .createTable('suppression_applied')
      .addColumn('suppression_id', 'text', (c) =>
        c.notNull().references('marketing_suppressions.id').onDelete('cascade'),
      )
      .addColumn('client_id', 'text', (c) => c.notNull().references('api_clients.id').onDelete('cascade'))
      .addColumn('applied_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('suppression_applied_pk', ['suppression_id', 'client_id'])
      .execute()
  },

  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['suppression_applied', 'api_calls', 'api_clients', 'feed_sequence'])
      await db.schema.dropTable(table).ifExists().execute()
    await db.schema.dropIndex('marketing_suppressions_country_seq').ifExists().execute()
    await db.schema.dropIndex('marketing_suppressions_seq').ifExists().execute()
    await db.schema.alterTable('marketing_suppressions').dropColumn('seq').execute()
  },
}
