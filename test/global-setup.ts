import pg from 'pg'

/** Schemas of a run still going on are left alone: another checkout may be testing on the same server. */
const STALE_AFTER_SECONDS = 3 * 60 * 60

/**
 * Drops the PostgreSQL schemas earlier test runs made (test/support/app.ts makes one per suite, named
 * `test_{unix seconds}_{random}`) once they are hours old, so that two runs at once never drop each other's.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const { rows } = await client.query<{ nspname: string }>(
    "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'test\\_%'",
  )
  const now = Math.floor(Date.now() / 1000)
  for (const { nspname } of rows) {
    const made = Number(/^test_(\d{10})_/.exec(nspname)?.[1] ?? 0)
    if (now - made > STALE_AFTER_SECONDS) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`)
  }
  await client.end()
}
