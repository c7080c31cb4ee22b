import type { Kysely } from 'kysely'
import { createIndex, requiredText } from '../schema-builders'

/**
 * Issue 17: webhooks to the brands' systems, as Standard Webhooks. An endpoint belongs to a client and
 * names the events it wants; its signing secret is derived from the server's key and the endpoint id, so
 * none is stored. Deliveries are an outbox of their own, written in the event's transaction.
 * `api_clients.contact_data`: whether the client may receive contact data (feed and webhooks).
 */
export const webhooksMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('api_clients')
      .addColumn('contact_data', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('client_id', 'text', (c) => c.notNull().references('api_clients.id').onDelete('cascade'))
      .$call(requiredText('url', 'events', 'created_at'))
      .addColumn('disabled_at', 'text')
      .execute()
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('endpoint_id', 'text', (c) =>
        c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
      )
      .$call(requiredText('event_type', 'payload', 'created_at', 'next_attempt_at'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', 'text')
      .addColumn('delivered_at', 'text')
      .addColumn('failed_at', 'text')
      .addColumn('last_error', 'text')
      .execute()
    await createIndex(db, 'webhook_deliveries_due', 'webhook_deliveries', [
      'delivered_at',
      'failed_at',
      'next_attempt_at',
    ])
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('webhook_deliveries').ifExists().execute()
    await db.schema.dropTable('webhook_endpoints').ifExists().execute()
    await db.schema.alterTable('api_clients').dropColumn('contact_data').execute()
  },
}
