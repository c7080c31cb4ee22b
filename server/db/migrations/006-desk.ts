import { type Kysely, sql } from 'kysely'
import { createEventTable, createIndex, createUniqueIndex } from '../schema-builders'

/**
 * Issue 16: the privacy desk.
 * - A verified request is `open` (was `verified`); it can be `extended`, `completed`, `rejected`; a request
 *   never verified becomes `expired`. `original_due_at` keeps the first month's end (the extension rule),
 *   `closed_at` when it was completed or rejected, `reminded_at` the one reminder to verify, `origin` the
 *   site (from the host table) where it was made, for the links of later mails.
 * - The requester's status link: only the SHA-256 of its token, like the verification tokens.
 * - `request_events`: the timeline of a request (received, mails delivered, verified, extended, replied,
 *   notes). Replies and reasons stand here too: the status page shows what was sent.
 * - Staff sessions carry the member's roles; mails a Reply-To; `job_runs` makes a daily job run once a day
 *   whatever the number of instances.
 */
export const deskMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`update privacy_requests set status = 'open' where status = 'verified'`.execute(db)
    for (const column of ['original_due_at', 'closed_at', 'reminded_at', 'status_token_hash', 'origin'])
      await db.schema.alterTable('privacy_requests').addColumn(column, 'text').execute()
    await sql`update privacy_requests set original_due_at = due_at where due_at is not null`.execute(db)
    await createUniqueIndex(db, 'privacy_requests_status_token', 'privacy_requests', 'status_token_hash')
    await createIndex(db, 'privacy_requests_email', 'privacy_requests', ['email', 'created_at'])

    await createEventTable(db, 'request_events', 'request_id', 'privacy_requests')

    await db.schema
      .alterTable('staff_sessions')
      .addColumn('roles', 'text', (c) => c.notNull().defaultTo('customer-service'))
      .execute()
    await db.schema.alterTable('mail_outbox').addColumn('reply_to', 'text').execute()
    await db.schema
      .createTable('job_runs')
      .addColumn('job', 'text', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('ran_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('job_runs_pk', ['job', 'period'])
      .execute()
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('job_runs').ifExists().execute()
    await db.schema.alterTable('mail_outbox').dropColumn('reply_to').execute()
    await db.schema.alterTable('staff_sessions').dropColumn('roles').execute()
    await db.schema.dropTable('request_events').ifExists().execute()
    await db.schema.dropIndex('privacy_requests_email').ifExists().execute()
    await db.schema.dropIndex('privacy_requests_status_token').ifExists().execute()
    for (const column of ['origin', 'status_token_hash', 'reminded_at', 'closed_at', 'original_due_at'])
      await db.schema.alterTable('privacy_requests').dropColumn(column).execute()
    await sql`update privacy_requests set status = 'verified' where status in ('open', 'extended')`.execute(
      db,
    )
  },
}
