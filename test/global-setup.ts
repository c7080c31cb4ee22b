import pg from 'pg'

/** Drops the PostgreSQL schemas earlier test runs made (test/support/app.ts makes one per suite). */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const { rows } = await client.query<{ nspname: string }>(
    "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'test\\_%'",
  )
  for (const { nspname } of rows) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`)
  await client.end()
}
