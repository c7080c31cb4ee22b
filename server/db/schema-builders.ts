import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely'

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
