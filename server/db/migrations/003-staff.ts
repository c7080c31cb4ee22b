import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect'
import { createIndex } from '../schema-builders'

/**
 * The internal staff area (issue 8): server-side staff sessions; how staff checked a customer's identity,
 * on the request itself (so that it goes when the request goes); and an audit trail that the database keeps
 * append-only (a trigger refuses UPDATE, DELETE and, on PostgreSQL, TRUNCATE).
 */
export function staffMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('privacy_requests').addColumn('identity_check', 'text').execute()
      await db.schema.alterTable('privacy_requests').addColumn('identity_note', 'text').execute()
      await db.schema
        .createTable('staff_sessions')
        // SHA-256 of the random session id; the id itself is only in the signed cookie.
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute()
      await createIndex(db, 'staff_sessions_expires', 'staff_sessions', ['expires_at'])

      await db.schema
        .createTable('staff_audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('occurred_at', 'text', (c) => c.notNull())
        .addColumn('actor_subject', 'text', (c) => c.notNull())
        .addColumn('actor_issuer', 'text', (c) => c.notNull())
        .addColumn('actor_email', 'text', (c) => c.notNull())
        .addColumn('actor_name', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('request_id', 'text')
        .addColumn('country', 'text', (c) => c.notNull())
        /** JSON: what was done (brands, channels, identity check method); no contact data, no free text. */
        .addColumn('details', 'text', (c) => c.notNull())
        .execute()
      await createIndex(db, 'staff_audit_log_actor', 'staff_audit_log', [
        'actor_issuer',
        'actor_subject',
        'occurred_at',
      ])
      await createIndex(db, 'staff_audit_log_request', 'staff_audit_log', ['request_id'])

      if (dialect === 'postgres') {
        await sql`create function staff_audit_log_append_only() returns trigger language plpgsql as $$
          begin raise exception 'staff_audit_log is append-only'; end $$`.execute(db)
        await sql`create trigger staff_audit_log_no_change before update or delete on staff_audit_log
          for each row execute function staff_audit_log_append_only()`.execute(db)
        await sql`create trigger staff_audit_log_no_truncate before truncate on staff_audit_log
          for each statement execute function staff_audit_log_append_only()`.execute(db)
      } else {
        await sql`create trigger staff_audit_log_no_update before update on staff_audit_log
          begin select raise(abort, 'staff_audit_log is append-only'); end`.execute(db)
        await sql`create trigger staff_audit_log_no_delete before delete on staff_audit_log
          begin select raise(abort, 'staff_audit_log is append-only'); end`.execute(db)
      }
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('staff_audit_log').ifExists().execute()
      if (dialect === 'postgres') await sql`drop function if exists staff_audit_log_append_only()`.execute(db)
      await db.schema.dropTable('staff_sessions').ifExists().execute()
      await db.schema.alterTable('privacy_requests').dropColumn('identity_note').execute()
      await db.schema.alterTable('privacy_requests').dropColumn('identity_check').execute()
    },
  }
}
