import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely'
import type { Dialect } from './dialect'

/**
 * The two shapes every migration repeats, said once: an index, and a run of required text columns.
 * Migrations must keep producing the same DDL
 * (compare `sqlite_master` and `pg_dump -s` before and after changing one).
 */
export function createIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]) {
  return db.schema.createIndex(name).on(table).columns(columns).execute()
}

/** A unique index on one column. */
export function createUniqueIndex(db: Kysely<unknown>, name: string, table: string, column: string) {
  return db.schema.createIndex(name).on(table).column(column).unique().execute()
}

/**
 * A timeline table (issues 16 and 18): events of the rows of `of`, deleted with them, with who acted, a
 * detail and a text, indexed for reading one row's timeline in order.
 */
export async function createEventTable(db: Kysely<unknown>, table: string, owner: string, of: string) {
  await db.schema
    .createTable(table)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn(owner, 'text', (c) => c.notNull().references(`${of}.id`).onDelete('cascade'))
    .$call(requiredText('occurred_at', 'kind'))
    .addColumn('actor_email', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('detail', 'text')
    .addColumn('text', 'text')
    .execute()
  await createIndex(db, `${table}_${owner.replace(/_id$/, '')}`, table, [owner, 'occurred_at'])
}

const notNull = (column: ColumnDefinitionBuilder) => column.notNull()

/** `.$call(requiredText('country', 'language'))`: `text not null` columns, in this order. */
export function requiredText<N extends string>(...names: N[]) {
  return <T extends string, C extends string>(
    table: CreateTableBuilder<T, C>,
  ): CreateTableBuilder<T, C | N> =>
    names.reduce<CreateTableBuilder<T, C | N>>(
      (t, name) => t.addColumn(name, 'text', notNull),
      table as CreateTableBuilder<T, C | N>,
    )
}

/** Optional text columns added to a table, and dropped again in reverse order on the way down. */
export function textColumns(table: string, columns: readonly string[]) {
  return {
    async add(db: Kysely<unknown>) {
      for (const column of columns) await db.schema.alterTable(table).addColumn(column, 'text').execute()
    },
    async drop(db: Kysely<unknown>) {
      for (const column of [...columns].reverse())
        await db.schema.alterTable(table).dropColumn(column).execute()
    },
  }
}

/**
 * An index that answers `LIKE '%…%'` on a text column from the index once the pattern has three characters:
 * on SQLite an FTS5 table with the trigram tokenizer over the table's rows (external content, `{name}`), kept
 * in step by triggers; on PostgreSQL a GIN index with pg_trgm's operator class. Existing rows are indexed at
 * once. Read it with `substringMatch` (server/db/campaign-repository.ts).
 */
export async function createSubstringIndex(
  db: Kysely<unknown>,
  dialect: Dialect,
  name: string,
  table: string,
  column: string,
) {
  const [index, rows, text] = [sql.id(name), sql.id(table), sql.id(column)]
  if (dialect === 'postgres') {
    const trgm = await trigramSchema(db)
    await sql`create index ${index} on ${rows} using gin (${text} ${sql.id(trgm)}.gin_trgm_ops)`.execute(db)
    return
  }
  await sql`create virtual table ${index} using fts5(${text}, content=${sql.lit(table)}, content_rowid='rowid', tokenize='trigram')`.execute(
    db,
  )
  const add = sql`insert into ${index} (rowid, ${text}) values (new.rowid, new.${text})`
  const remove = sql`insert into ${index} (${index}, rowid, ${text}) values ('delete', old.rowid, old.${text})`
  await sql`create trigger ${sql.id(`${name}_insert`)} after insert on ${rows} begin ${add}; end`.execute(db)
  await sql`create trigger ${sql.id(`${name}_delete`)} after delete on ${rows} begin ${remove}; end`.execute(
    db,
  )
  await sql`create trigger ${sql.id(`${name}_update`)} after update of ${text} on ${rows} begin ${remove}; ${add}; end`.execute(
    db,
  )
  await sql`insert into ${index} (${index}) values ('rebuild')`.execute(db)
}

export async function dropSubstringIndex(db: Kysely<unknown>, dialect: Dialect, name: string) {
  if (dialect === 'postgres') {
    await db.schema.dropIndex(name).ifExists().execute()
    return
  }
  for (const trigger of ['insert', 'delete', 'update'])
    await sql`drop trigger if exists ${sql.id(`${name}_${trigger}`)}`.execute(db)
  await sql`drop table if exists ${sql.id(name)}`.execute(db)
}

/**
 * The schema of the pg_trgm extension, created in `public` when the database has none yet: never in the
 * application's own schema, whose removal would take the extension, and every index using it, along.
 * pg_trgm ships with PostgreSQL (contrib; in the official images) and is trusted since PostgreSQL 13: the
 * database's owner may create it. Two instances migrating at once: the loser finds the winner's.
 */
async function trigramSchema(db: Kysely<unknown>): Promise<string> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema
  const found = await installed()
  if (found) return found
  await sql`savepoint pg_trgm`.execute(db)
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db)
    await sql`release savepoint pg_trgm`.execute(db)
  } catch (error) {
    await sql`rollback to savepoint pg_trgm`.execute(db)
    if (!(await installed()))
      throw new Error(
        `The campaign text filter needs PostgreSQL's pg_trgm extension; as the database's owner run: CREATE EXTENSION pg_trgm (${String(error)})`,
      )
  }
  return (await installed()) ?? 'public'
}
