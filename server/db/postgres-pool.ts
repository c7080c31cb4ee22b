import {
  type DatabaseIntrospector,
  type Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  sql,
  type TableMetadata,
} from 'kysely'
import type pg from 'pg'
import { isDatabaseUnavailable } from './unavailable'

/**
 * Issue 31 (moved from database.ts): PostgreSQL as this site uses it: its own schema introspected, broken
 * clients discarded.
 */

/**
 * PostgreSQL as Kysely speaks it, but introspecting the connection's own schema only. Kysely's migrator asks
 * whether its tables exist by reading every table and column of every schema on the server, and calls
 * pg_get_serial_sequence on each column: while another schema on the same server drops a column (a second
 * instance of another deployment migrating, or a test suite beside this one), that call fails with "column …
 * does not exist" and the migration with it. The migrator needs only the names of this schema's tables.
 */
export class OwnSchemaDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return {
      async getSchemas() {
        const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(db)
        return rows
      },
      async getTables(): Promise<TableMetadata[]> {
        const { rows } = await sql<{ schema: string; name: string; kind: string }>`
          select n.nspname as schema, c.relname as name, c.relkind as kind
          from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p', 'f')
          order by c.relname`.execute(db)
        return rows.map((row) => ({
          schema: row.schema,
          name: row.name,
          isView: row.kind === 'v',
          isForeign: row.kind === 'f',
          columns: [],
        }))
      },
    }
  }
}

/**
 * A query that timed out on the client may still be waiting on its connection: such a client goes back to the
 * pool destroyed, not reused, so one outage does not leave the pool stuck behind answers that never come.
 */
export function discardingBrokenClients(pool: pg.Pool): PostgresPool {
  return {
    options: pool.options,
    async connect() {
      const client = await pool.connect()
      const query = client.query.bind(client) as (...args: unknown[]) => unknown
      let broken = false
      return {
        get processID() {
          return (client as { processID?: number }).processID
        },
        query(...args: unknown[]) {
          const result = query(...args)
          if (result instanceof Promise)
            result.catch((error: unknown) => {
              if (isDatabaseUnavailable(error)) broken = true
            })
          return result
        },
        release: (destroy?: boolean) => client.release(destroy || broken),
      } as PostgresPoolClient
    },
    end: () => pool.end(),
  }
}
