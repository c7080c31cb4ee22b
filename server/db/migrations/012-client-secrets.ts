import { type Kysely, sql } from 'kysely'

/**
 * Issue 17: after a rotation a client's previous secret works 24 hours more, and so does every earlier one
 * still within its own 24 hours: two rotations in a day must not cut off the secret a brand system is still
 * rolling out. One row per previous secret (only its SHA-256), replacing the one pair of columns on
 * `api_clients`; the retention job deletes a row once its time is up.
 */
export const clientSecretsMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('api_client_previous_secrets')
      .addColumn('secret_hash', 'text', (c) => c.primaryKey())
      .addColumn('client_id', 'text', (c) => c.notNull().references('api_clients.id').onDelete('cascade'))
      .addColumn('valid_until', 'text', (c) => c.notNull())
      .execute()
    await sql`insert into api_client_previous_secrets (secret_hash, client_id, valid_until)
      select previous_secret_hash, id, previous_valid_until from api_clients
      where previous_secret_hash is not null and previous_valid_until is not null`.execute(db)
    await db.schema.dropIndex('api_clients_previous_secret').execute()
    await db.schema.alterTable('api_clients').dropColumn('previous_secret_hash').execute()
    await db.schema.alterTable('api_clients').dropColumn('previous_valid_until').execute()
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('api_clients').addColumn('previous_secret_hash', 'text').execute()
    await db.schema.alterTable('api_clients').addColumn('previous_valid_until', 'text').execute()
    // The column pair holds one previous secret: the one valid longest.
    await sql`update api_clients set
      previous_secret_hash = (select p.secret_hash from api_client_previous_secrets p
        where p.client_id = api_clients.id order by p.valid_until desc limit 1),
      previous_valid_until = (select max(p.valid_until) from api_client_previous_secrets p
        where p.client_id = api_clients.id)`.execute(db)
    await db.schema
      .createIndex('api_clients_previous_secret')
      .on('api_clients')
      .column('previous_secret_hash')
      .execute()
    await db.schema.dropTable('api_client_previous_secrets').execute()
  },
}
