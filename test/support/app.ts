import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { createApp } from '#server/app.ts'
import { productionAssets } from '#server/assets.ts'
import { compose } from '#server/compose.ts'
import { type Config, loadConfig } from '#server/config.ts'
import { createLogger } from '#server/logger.ts'
import { startRetentionJob } from '#server/services/retention.ts'
import { testResolver, testWebhookAddresses } from './dns'

export const ROOT = resolve(import.meta.dirname, '../..')
export const TEST_HOSTS_FILE = resolve(import.meta.dirname, '../fixtures/hosts.json')

export type DatabaseKind = 'sqlite' | 'postgres'

/** SQLite always; PostgreSQL when TEST_DATABASE_URL points at one (`.ci/run` does). */
export const DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

/**
 * A fresh, empty database: a new SQLite file, or a new schema in TEST_DATABASE_URL's PostgreSQL (the
 * connection's search_path points at it), so test files never see each other's rows.
 */
export async function testDatabaseUrl(kind: DatabaseKind = 'sqlite'): Promise<string> {
  if (kind === 'sqlite') return `file:${join(mkdtempSync(join(tmpdir(), 'privacy-db-')), 'test.sqlite')}`
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is not set')
  // The time in the name lets test/global-setup.ts drop only old schemas, never a running suite's.
  const schema = `test_${Math.floor(Date.now() / 1000)}_${randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query(`CREATE SCHEMA ${schema}`)
  await client.end()
  const separator = url.includes('?') ? '&' : '?'
  return `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`
}

/** The real app on the production build, with the test host table, a fresh database and the DNS stub. */
export async function testSetup(
  env: Record<string, string> = {},
  logger = createLogger('silent'),
  /** `root`: another project folder (issue 29: a copy of content/ with a document's next version). */
  options: { clock?: () => Date; root?: string } = {},
) {
  const config: Config = loadConfig({
    SITE_HOSTS_FILE: TEST_HOSTS_FILE,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    DATABASE_URL: await testDatabaseUrl(),
    RATE_LIMIT_PER_MINUTE: '100000',
    // Tests render many new pages from one address: only the render-limit tests set it (issue 30).
    PAGE_RENDERS_PER_MINUTE: '0',
    ...env,
  })
  const assets = await productionAssets()
  const composition = await compose(config, {
    root: options.root ?? ROOT,
    logger,
    assets,
    resolver: testResolver,
    webhookAddresses: testWebhookAddresses,
    clock: options.clock,
  })
  return { app: createApp(config, composition.services), composition, config }
}

/** One run of the retention job on the app's database, with its clock at `at`: what it deleted. */
export async function runRetention(setup: Awaited<ReturnType<typeof testSetup>>, at: Date) {
  const job = startRetentionJob({
    db: setup.composition.db,
    unverifiedRetentionDays: setup.config.unverifiedRetentionDays,
    retention: setup.config.retention,
    logger: createLogger('silent'),
    clock: () => at,
  })
  job.stop()
  return job.run()
}

export async function testApp(env: Record<string, string> = {}) {
  return (await testSetup(env)).app
}
