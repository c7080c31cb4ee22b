import SQLite from 'better-sqlite3'
import {
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
} from 'kysely'
import pg from 'pg'
import type { Database } from '#server/db/schema.ts'

/**
 * A dialect whose connection stops before the first statement matching `before`, until `go()`: to hold a
 * writer at a chosen point of its open transaction while other connections work. `stopped` resolves once it
 * stands there.
 */
function stoppingDialect(inner: Dialect, before: RegExp) {
  let reached: () => void = () => {}
  let go: () => void = () => {}
  const stopped = new Promise<void>((resolve) => {
    reached = resolve
  })
  const released = new Promise<void>((resolve) => {
    go = resolve
  })
  let passed = false
  const dialect: Dialect = {
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver(): Driver {
      const driver = inner.createDriver()
      const own = new WeakMap<DatabaseConnection, DatabaseConnection>()
      const innerOf = (connection: DatabaseConnection) => own.get(connection) ?? connection
      return {
        init: (options) => driver.init(options),
        destroy: (options) => driver.destroy(options),
        async acquireConnection(options) {
          const connection = await driver.acquireConnection(options)
          const stopping: DatabaseConnection = {
            async executeQuery(query, queryOptions) {
              if (!passed && before.test(query.sql)) {
                passed = true
                reached()
                await released
              }
              return connection.executeQuery(query, queryOptions)
            },
            streamQuery: (query, chunkSize, queryOptions) =>
              connection.streamQuery(query, chunkSize, queryOptions),
          }
          own.set(stopping, connection)
          return stopping
        },
        beginTransaction: (connection, settings) => driver.beginTransaction(innerOf(connection), settings),
        commitTransaction: (connection) => driver.commitTransaction(innerOf(connection)),
        rollbackTransaction: (connection) => driver.rollbackTransaction(innerOf(connection)),
        releaseConnection: (connection, options) => driver.releaseConnection(innerOf(connection), options),
      }
    },
  }
  return { dialect, stopped, go }
}

/**
 * A second writer on the database of `url` (a SQLite file or PostgreSQL), on a connection of its own, as
 * another instance of the app is: `stopBefore` holds it before that statement; `waitForLocks: false`
 * makes it give up at once where it would wait for another writer's lock (SQLite's busy timeout 0,
 * PostgreSQL's lock_timeout), so that a test can see it would have waited.
 */
export function writerConnection(url: string, options: { stopBefore?: RegExp; waitForLocks?: boolean } = {}) {
  const postgres = /^postgres(ql)?:\/\//.test(url)
  const waits = options.waitForLocks ?? true
  const base: Dialect = postgres
    ? new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) })
    : new SqliteDialect({ database: new SQLite(url.replace(/^file:/, ''), { timeout: waits ? 5000 : 0 }) })
  const stopping = options.stopBefore ? stoppingDialect(base, options.stopBefore) : null
  const db = new Kysely<Database>({ dialect: stopping?.dialect ?? base })
  return {
    db,
    /** Resolves once the writer stands before `stopBefore`, its transaction open. */
    stopped: stopping?.stopped ?? Promise.resolve(),
    go: stopping?.go ?? (() => {}),
    /** Runs `work` in a transaction; 'waits' when it had to wait for another writer's lock. */
    async transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T | 'waits'> {
      try {
        return await db.transaction().execute(async (trx) => {
          if (postgres && !waits) await sql`set local lock_timeout = '20ms'`.execute(trx)
          return work(trx)
        })
      } catch (error) {
        const code = (error as { code?: string }).code
        if (!waits && (code === 'SQLITE_BUSY' || code === '55P03')) return 'waits'
        throw error
      }
    },
    close: () => db.destroy(),
  }
}
