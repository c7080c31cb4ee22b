import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely'

/**
 * The two shapes every migration repeats, said once: an index, and a run of required text columns.
 * Migrations must keep producing the same DDL
 * (compare `sqlite_master` and `pg_dump -s` before and after changing one).
 */
export function createIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]) {
  return db.schema.createIndex(name).on(table).columns(columns).execute()
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
