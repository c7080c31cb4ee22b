import type { Kysely } from 'kysely'
import { createIndex } from '../schema-builders'

/**
 * Issue 15: an operable outbox.
 * - A mail whose attempts kept failing for MAIL_FAIL_AFTER_HOURS is given up on: `failed_at` is set, it is
 *   never claimed again, and its recipient and bodies are erased as for a sent mail.
 * - `/metrics` counts the backlog and the privacy requests due soon at every scrape: both are indexed.
 */
export const operationsMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('mail_outbox').addColumn('failed_at', 'text').execute()
    await createIndex(db, 'mail_outbox_failed', 'mail_outbox', ['failed_at'])
    await createIndex(db, 'privacy_requests_status_due', 'privacy_requests', ['status', 'due_at'])
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('privacy_requests_status_due').ifExists().execute()
    await db.schema.dropIndex('mail_outbox_failed').ifExists().execute()
    await db.schema.alterTable('mail_outbox').dropColumn('failed_at').execute()
  },
}
