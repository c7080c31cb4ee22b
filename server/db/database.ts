import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import type { Dialect } from './dialect'
import * as initial from './migrations/001-initial'
import * as campaigns from './migrations/002-campaigns'
import { staffMigration } from './migrations/003-staff'
import { trustMigration } from './migrations/004-trust'
import { operationsMigration } from './migrations/005-operations'
import { deskMigration } from './migrations/006-desk'
import { fulfilmentMigration } from './migrations/007-fulfilment'
import { webhooksMigration } from './migrations/008-webhooks'
import { noticeHistoryMigration } from './migrations/009-notice-history'
import { noticeElementsMigration } from './migrations/010-notice-elements'
import { complaintDeskMigration } from './migrations/011-complaint-desk'
import { clientSecretsMigration } from './migrations/012-client-secrets'
import { noticeTemplateMigration } from './migrations/013-notice-template'
import { noticeTombstonesMigration } from './migrations/014-notice-tombstones'
import { noticeWithdrawalsMigration } from './migrations/015-notice-withdrawals'
import { campaignSearchMigration } from './migrations/016-campaign-search'
import { brandTasksMigration } from './migrations/017-brand-tasks'
import { usableOldRowsMigration } from './migrations/018-usable-old-rows'
import { contactDataMigration } from './migrations/019-contact-data'
import { requestTalliesMigration } from './migrations/020-request-tallies'
import { noticeArchiveMigration } from './migrations/021-notice-archive'
import { preferencesMigration } from './migrations/025-preferences'
import { jobLeasesMigration } from './migrations/026-job-leases'
import { discardingBrokenClients, OwnSchemaDialect } from './postgres-pool'
import type { Database } from './schema'

export type { Dialect }

export interface Db {
  db: Kysely<Database>
  dialect: Dialect
  /**
   * After personal data was erased: SQLite folds its write-ahead log into the file and truncates it (with
   * secure_delete, erased content is zeroed, not left in free pages). PostgreSQL's autovacuum does its part.
   */
  compact(): Promise<void>
  close(): Promise<void>
}

/**
 * DESIGN.md decision 5: `postgres://…` is PostgreSQL; `file:PATH` is an embedded SQLite file (config.ts
 * refuses anything else, so a typo never makes a new, empty file). One Kysely query layer serves both.
 */
export function openDatabase(
  url: string,
  root: string,
  options: {
    poolSize?: number
    connectTimeoutMs?: number
    statementTimeoutMs?: number
    /** An idle client's connection dropped; the pool replaces it at the next query. */
    onIdleError?: (error: Error) => void
  } = {},
): Db {
  if (/^postgres(ql)?:\/\//.test(url)) {
    // A database that accepts connections but never answers must not hang a request: every wait is bounded,
    // and the error handler answers 503 (server/db/unavailable.ts).
    const statementTimeout = options.statementTimeoutMs ?? 10_000
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      statement_timeout: statementTimeout,
      query_timeout: statementTimeout,
      keepAlive: true,
    })
    // Without a listener, an idle client whose connection drops would crash the process.
    pool.on('error', (error) => options.onIdleError?.(error))
    const db = new Kysely<Database>({
      dialect: new OwnSchemaDialect({ pool: discardingBrokenClients(pool) }),
    })
    return { db, dialect: 'postgres', compact: async () => {}, close: () => db.destroy() }
  }
  if (!url.startsWith('file:'))
    throw new Error('A database URL is file:PATH (SQLite) or postgres://… (PostgreSQL)')
  const path = resolve(root, url.slice('file:'.length))
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  // Personal data (issue 27): only the server's own user may read the file. SQLite makes its -wal and -shm
  // files with the database file's mode; a file made before this rule is narrowed too.
  closeSync(openSync(path, 'a', 0o600))
  chmodSync(path, 0o600)
  const sqlite = new SQLite(path)
  // WAL lets readers work while one writer writes; the busy timeout makes a second process wait its turn.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('synchronous = NORMAL')
  // Deleted and overwritten content is zeroed, so an erased token or address is gone from the file too.
  sqlite.pragma('secure_delete = ON')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  return {
    db,
    dialect: 'sqlite',
    compact: async () => {
      // Through Kysely's connection, so that it never runs inside another caller's open transaction.
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db)
    },
    close: () => db.destroy(),
  }
}

/**
 * Migrations run at start-up under Kysely's migration lock, so several instances can start together.
 * `upTo` stops after that migration (a test of the next one starts there).
 */
export async function migrate(
  db: Kysely<Database>,
  dialect: Dialect,
  upTo?: string,
  /** Told the name of each migration this run applied, in order (the start-up log names them). */
  onApplied?: (name: string) => void,
): Promise<void> {
  // Kysely looks for its migration tables by name across schemas: name ours explicitly, or another
  // schema's tables on the same server would be taken for ours.
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: async () => ({
        '001-initial': initial,
        '002-campaigns': campaigns,
        '003-staff': staffMigration(dialect),
        '004-trust': trustMigration(dialect),
        '005-operations': operationsMigration,
        '006-desk': deskMigration,
        '007-fulfilment': fulfilmentMigration,
        '008-webhooks': webhooksMigration,
        '009-notice-history': noticeHistoryMigration,
        '010-notice-elements': noticeElementsMigration,
        '011-complaint-desk': complaintDeskMigration,
        '012-client-secrets': clientSecretsMigration,
        '013-notice-template': noticeTemplateMigration,
        '014-notice-tombstones': noticeTombstonesMigration,
        '015-notice-withdrawals': noticeWithdrawalsMigration,
        '016-campaign-search': campaignSearchMigration(dialect),
        '017-brand-tasks': brandTasksMigration(dialect),
        '018-usable-old-rows': usableOldRowsMigration,
        '019-contact-data': contactDataMigration,
        '020-request-tallies': requestTalliesMigration,
        '021-notice-archive': noticeArchiveMigration(dialect),
        '025-preferences': preferencesMigration,
        '026-job-leases': jobLeasesMigration,
      }),
    },
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
  const { error, results } = await (upTo ? migrator.migrateTo(upTo) : migrator.migrateToLatest())
  const failed = results?.find((result) => result.status === 'Error')
  if (error || failed) {
    const what = failed ? `Migration ${failed.migrationName}` : 'Migrating'
    throw new Error(`${what} failed: ${String(error)}`, { cause: error })
  }
  for (const result of results ?? []) if (result.status === 'Success') onApplied?.(result.migrationName)
}

const MIGRATION_TIMEOUT_MS = 15 * 60_000

/**
 * Brings the database at `url` to the latest schema on a connection of its own, bounded far longer than a
 * request: a migration may rewrite a big table, and an instance starting beside another waits for that
 * one's migrations under Kysely's lock. Still bounded, so that a database that never answers stops a
 * start-up instead of hanging it. Instances and operator commands start this way; the pool they serve
 * from keeps the requests' timeouts.
 */
export async function migrateDatabase(
  url: string,
  root: string,
  options: { connectTimeoutMs?: number; onApplied?: (name: string) => void } = {},
): Promise<Dialect> {
  const own = openDatabase(url, root, {
    poolSize: 2,
    connectTimeoutMs: options.connectTimeoutMs,
    statementTimeoutMs: MIGRATION_TIMEOUT_MS,
  })
  try {
    await migrate(own.db, own.dialect, undefined, options.onApplied)
    return own.dialect
  } finally {
    await own.close()
  }
}
