import { type Kysely, sql } from 'kysely'
import { createEventTable, createIndex } from '../schema-builders'

/**
 * Issue 18, Art. 15: complaints about political ads are handled to the end on the desk: a status, a due date,
 * the outcome and when it was closed, and a timeline of their own (deleted with the complaint).
 */
export const complaintDeskMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('political_ad_complaints')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('received'))
      .execute()
    for (const column of ['due_at', 'closed_at'])
      await db.schema.alterTable('political_ad_complaints').addColumn(column, 'text').execute()
    await sql`update political_ad_complaints set due_at = created_at where due_at is null`.execute(db)
    await createIndex(db, 'political_ad_complaints_status', 'political_ad_complaints', ['status', 'due_at'])
    await createEventTable(db, 'complaint_events', 'complaint_id', 'political_ad_complaints')
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('complaint_events').ifExists().execute()
    await db.schema.dropIndex('political_ad_complaints_status').ifExists().execute()
    for (const column of ['closed_at', 'due_at', 'status'])
      await db.schema.alterTable('political_ad_complaints').dropColumn(column).execute()
  },
}
