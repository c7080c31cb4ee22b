/** Which database a Kysely instance speaks to: where their SQL differs (DESIGN.md §5), code asks this. */
export type Dialect = 'sqlite' | 'postgres'
