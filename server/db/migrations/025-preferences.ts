import type { Kysely } from 'kysely'
import { createIndex, requiredText } from '../schema-builders'

/**
 * Issue 28: the reader's own choices.
 * - `preference_tokens`: the preference centre's links (only their SHA-256), each for one address of one
 *   country, 7 days; read by the preference centre's page and API, deleted by the retention job once lapsed.
 * - `unsubscribe_keys`: the ids of the keys brand systems make one-click unsubscribe links with. The keys
 *   themselves are derived from WEBHOOK_SIGNING_KEY and the id, never stored; a rotated-out id works until
 *   `valid_until` (30 days). Read by `/u/{token}`.
 */
export const preferencesMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('preference_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .$call(requiredText('email', 'country', 'language', 'created_at', 'expires_at'))
      .execute()
    await createIndex(db, 'preference_tokens_expires', 'preference_tokens', ['expires_at'])
    await db.schema
      .createTable('unsubscribe_keys')
      .addColumn('key_id', 'text', (c) => c.primaryKey())
      .addColumn('client_id', 'text', (c) => c.notNull().references('api_clients.id').onDelete('cascade'))
      .$call(requiredText('created_at'))
      .addColumn('valid_until', 'text')
      .execute()
    await createIndex(db, 'unsubscribe_keys_client', 'unsubscribe_keys', ['client_id'])
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('unsubscribe_keys').ifExists().execute()
    await db.schema.dropTable('preference_tokens').ifExists().execute()
  },
}
