import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect'
import { createIndex, createUniqueIndex } from '../schema-builders'

/**
 * Issue 14: what the site keeps, and for how long.
 * - Every mail knows what it is about (`about_id`: a request, contact message or complaint), so that it goes
 *   when that goes; once sent, its bodies and recipient are erased and only the recipient's domain and a
 *   SHA-256 of the body stay as the record. Mails already sent are erased here.
 * - Requests, contact messages and complaints get their human reference (`NL-261123-K7Q2M`).
 * - SQLite's REPLACE deletes a row without firing DELETE triggers: the audit trail refuses an INSERT of an id
 *   it already has (PostgreSQL refuses it by the primary key, and an upsert by the UPDATE trigger).
 */
export function trustMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('mail_outbox').addColumn('about_id', 'text').execute()
      await db.schema.alterTable('mail_outbox').addColumn('recipient_domain', 'text').execute()
      await db.schema.alterTable('mail_outbox').addColumn('body_sha256', 'text').execute()
      await createIndex(db, 'mail_outbox_about', 'mail_outbox', ['about_id'])
      await createIndex(db, 'mail_outbox_created', 'mail_outbox', ['created_at'])
      const domain =
        dialect === 'postgres'
          ? sql`rtrim(split_part(to_address, '@', 2), '>')`
          : sql`rtrim(substr(to_address, instr(to_address, '@') + 1), '>')`
      await sql`update mail_outbox set recipient_domain = ${domain}, to_address = '', text_body = '', html_body = ''
        where sent_at is not null`.execute(db)

      for (const table of ['privacy_requests', 'contact_messages', 'political_ad_complaints']) {
        await db.schema.alterTable(table).addColumn('reference', 'text').execute()
        await createUniqueIndex(db, `${table}_reference`, table, 'reference')
        await createIndex(db, `${table}_created`, table, ['created_at'])
      }

      if (dialect === 'sqlite') {
        await sql`create trigger staff_audit_log_no_replace before insert on staff_audit_log
          when exists (select 1 from staff_audit_log where id = new.id)
          begin select raise(abort, 'staff_audit_log is append-only'); end`.execute(db)
      }
    },

    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') await sql`drop trigger if exists staff_audit_log_no_replace`.execute(db)
      for (const table of ['privacy_requests', 'contact_messages', 'political_ad_complaints']) {
        await db.schema.dropIndex(`${table}_created`).ifExists().execute()
        await db.schema.dropIndex(`${table}_reference`).ifExists().execute()
        await db.schema.alterTable(table).dropColumn('reference').execute()
      }
      await db.schema.dropIndex('mail_outbox_created').ifExists().execute()
      await db.schema.dropIndex('mail_outbox_about').ifExists().execute()
      for (const column of ['body_sha256', 'recipient_domain', 'about_id'])
        await db.schema.alterTable('mail_outbox').dropColumn(column).execute()
    },
  }
}
