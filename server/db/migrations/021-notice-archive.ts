import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect'
import { createIndex, requiredText } from '../schema-builders'

/**
 * Issue 29: a political-ads archive nobody can rewrite, and the exports to the EU repository.
 * - `notice_journal`: every state a notice takes (each version, withdrawal, reinstatement), written by the
 *   database itself whenever a notice is inserted or its `changed_at` moves, whatever code wrote it: the
 *   daily archive reads what changed on its day from here. Notices there at this migration start it off.
 * - `notice_archive`: one file per country and day (JSON Lines) with its SHA-256 and the hash of the previous
 *   day's manifest entry. The database refuses to change or delete a row (UPDATE, DELETE, TRUNCATE, and
 *   SQLite's REPLACE), as it does for `staff_audit_log` (migration 003).
 * - `notice_repository_exports`: when a registered system first took each version of a notice in the EU
 *   repository's shape; the daily digest names notices not taken within 60 hours.
 */
export function noticeArchiveMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await noticeJournal(db, dialect)
      await journalTriggers(db, dialect)
      await journalStart(db)
      await noticeArchive(db, dialect)
      await repositoryExports(db)
    },
    down: (db: Kysely<unknown>) => dropNoticeArchive(db, dialect),
  }
}

const refuse = (table: string) => `${table} is written once and never changed`

async function noticeJournal(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('notice_journal')
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .$call(requiredText('campaign_id', 'country'))
    .addColumn('is_sample', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('withdrawn_at', 'text')
    .addColumn('withdrawal_reason', 'text')
    .execute()
  await createIndex(db, 'notice_journal_changed', 'notice_journal', ['country', 'changed_at'])
}

async function journalTriggers(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // A notice written for the first time: at the moment it is written (`updated_at`), whatever state an
  // import restores; a notice changed: when its `changed_at` moves (a version, a withdrawal, a reinstatement).
  const values = (moment: string) =>
    `(new.id, new.country, new.is_sample, new.version, ${moment}, new.withdrawn_at, new.withdrawal_reason)`
  const columns =
    'notice_journal (campaign_id, country, is_sample, version, changed_at, withdrawn_at, withdrawal_reason)'
  if (dialect === 'postgres') {
    await sql
      .raw(`create function notice_journal_write() returns trigger language plpgsql as $$
          begin
            if tg_op = 'INSERT' then insert into ${columns} values ${values('new.updated_at')};
            elsif new.changed_at is distinct from old.changed_at then
              insert into ${columns} values ${values('new.changed_at')};
            end if;
            return null;
          end $$`)
      .execute(db)
    await sql`create trigger campaign_items_journal after insert or update on campaign_items
          for each row execute function notice_journal_write()`.execute(db)
  } else {
    await sql
      .raw(`create trigger campaign_items_journal_insert after insert on campaign_items
          begin insert into ${columns} values ${values('new.updated_at')}; end`)
      .execute(db)
    await sql
      .raw(`create trigger campaign_items_journal_update after update of changed_at on campaign_items
          when new.changed_at is not old.changed_at
          begin insert into ${columns} values ${values('new.changed_at')}; end`)
      .execute(db)
  }
}

async function journalStart(db: Kysely<unknown>): Promise<void> {
  // The notices there now are the archive's starting point: its first day holds each as it stands.
  const now = new Date().toISOString()
  await sql`insert into notice_journal (campaign_id, country, is_sample, version, changed_at, withdrawn_at, withdrawal_reason)
        select id, country, is_sample, version, ${now}, withdrawn_at, withdrawal_reason from campaign_items`.execute(
    db,
  )
}

async function noticeArchive(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('notice_archive')
    .$call(requiredText('country', 'day', 'file', 'content', 'sha256', 'previous', 'entry_hash'))
    .addColumn('lines', 'integer', (c) => c.notNull())
    .addColumn('written_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notice_archive_pk', ['country', 'day'])
    .execute()
  if (dialect === 'postgres') {
    await sql
      .raw(`create function notice_archive_written_once() returns trigger language plpgsql as $$
          begin raise exception '${refuse('notice_archive')}'; end $$`)
      .execute(db)
    await sql`create trigger notice_archive_no_change before update or delete on notice_archive
          for each row execute function notice_archive_written_once()`.execute(db)
    await sql`create trigger notice_archive_no_truncate before truncate on notice_archive
          for each statement execute function notice_archive_written_once()`.execute(db)
  } else {
    for (const [name, event] of [
      ['no_update', 'before update'],
      ['no_delete', 'before delete'],
    ] as const)
      await sql
        .raw(`create trigger notice_archive_${name} ${event} on notice_archive
            begin select raise(abort, '${refuse('notice_archive')}'); end`)
        .execute(db)
    // SQLite's REPLACE deletes the row it replaces without firing the delete trigger.
    await sql
      .raw(`create trigger notice_archive_no_replace before insert on notice_archive
          when exists (select 1 from notice_archive where country = new.country and day = new.day)
          begin select raise(abort, '${refuse('notice_archive')}'); end`)
      .execute(db)
  }
}

async function repositoryExports(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notice_repository_exports')
    .$call(requiredText('campaign_id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .$call(requiredText('client_id', 'exported_at'))
    .addPrimaryKeyConstraint('notice_repository_exports_pk', ['campaign_id', 'version'])
    .execute()
}

async function dropNoticeArchive(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.dropTable('notice_repository_exports').ifExists().execute()
  await db.schema.dropTable('notice_archive').ifExists().execute()
  await db.schema.dropTable('notice_journal').ifExists().execute()
  if (dialect === 'postgres') {
    await sql`drop trigger if exists campaign_items_journal on campaign_items`.execute(db)
    await sql`drop function if exists notice_journal_write()`.execute(db)
    await sql`drop function if exists notice_archive_written_once()`.execute(db)
  } else {
    await sql`drop trigger if exists campaign_items_journal_insert`.execute(db)
    await sql`drop trigger if exists campaign_items_journal_update`.execute(db)
  }
}
