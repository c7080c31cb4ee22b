import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { type Db, migrate } from '#server/db/database.ts'
import type { Database } from '#server/db/schema.ts'

/** Issue 31: a migrated in-memory SQLite database, for service tests fast enough to run on save. */
export async function memoryDb(): Promise<Db> {
  const sqlite = new SQLite(':memory:')
  sqlite.pragma('foreign_keys = ON')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  await migrate(db, 'sqlite')
  return { db, dialect: 'sqlite', compact: async () => {}, close: () => db.destroy() }
}
