import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import * as initial from './migrations/001-initial'
import * as campaigns from './migrations/002-campaigns'
import { staffMigration } from './migrations/003-staff'
import type { Database } from './schema'

export type Dialect = 'sqlite' | 'postgres'

export interface Db {
  db: Kysely<Database>
  dialect: Dialect
  close(): Promise<void>
}

/**
 * DESIGN.md decision 5: `postgres://…` is PostgreSQL; `file:PATH` (or nothing: data/privacy.sqlite) is an
 * embedded SQLite file. One Kysely query layer serves both.
 */
export function openDatabase(url: string, root: string, options: { poolSize?: number } = {}): Db {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 })
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return { db, dialect: 'postgres', close: () => db.destroy() }
  }
  const path = resolve(root, url.startsWith('file:') ? url.slice('file:'.length) : url)
  mkdirSync(dirname(path), { recursive: true })
  const sqlite = new SQLite(path)
  // WAL lets readers work while one writer writes; the busy timeout makes a second process wait its turn.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('synchronous = NORMAL')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  return { db, dialect: 'sqlite', close: () => db.destroy() }
}

/** Migrations run at start-up under Kysely's migration lock, so several instances can start together. */
export async function migrate(db: Kysely<Database>, dialect: Dialect): Promise<void> {
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
      }),
    },
    ...(schema ? { migrationTableSchema: schema } : {}),
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`)
  }
}
