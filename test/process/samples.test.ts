import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { migrate, openDatabase } from '#server/db/database.ts'
import { ROOT } from '../support/app'
import { campaignItem } from '../support/campaigns'
import { startServer, stopProcesses } from '../support/server-process'

/**
 * Issue 26: samples are samples. Each start of a local or acceptance instance loads the sample notices under
 * ids of their own (`sample-…`); a production instance loads none; neither ever touches a real notice.
 */

const run = promisify(execFile)
afterEach(stopProcesses)

/** The OpenID settings a production table with staff hosts needs to start (the provider is asked only at a sign-in). */
const OIDC = {
  STAFF_OIDC_ISSUER: 'http://127.0.0.1:9/realms/staff',
  STAFF_OIDC_CLIENT_ID: 'privacy-site',
  STAFF_OIDC_CLIENT_SECRET: 'samples-test-client-secret',
}

/** A database file of its own holding one real notice under `nl-2026-001`, an id the samples had before. */
async function databaseWithRealNotice(): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'samples-'))
  const url = `file:${join(folder, 'site.sqlite')}`
  writeFileSync(
    join(folder, 'real.json'),
    JSON.stringify([campaignItem('nl-2026-001', { sponsorName: 'Echte Partij voor Nederland' })]),
  )
  const imported = await run(
    process.execPath,
    ['dist/scripts/campaigns-import.mjs', join(folder, 'real.json'), '--country', 'NL'],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'production' } },
  )
  expect(imported.stdout).toMatch(/^Loaded 1 campaign items: 1 new, 0 changed/)
  return url
}

/** The notices in the database, as the app stored them. */
async function notices(url: string) {
  const db = openDatabase(url, ROOT)
  try {
    await migrate(db.db, db.dialect)
    return await db.db
      .selectFrom('campaign_items')
      .select(['id', 'sponsor_name', 'is_sample', 'version'])
      .orderBy('id')
      .execute()
  } finally {
    await db.close()
  }
}

function getJson(port: number, host: string, path: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { Host: host } }, (res) => {
      let text = ''
      res.on('data', (chunk) => {
        text += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
    })
      .on('error', reject)
      .end()
  })
}

describe('sample notices (issue 26)', () => {
  it('a local start loads the samples under sample- ids and leaves a real notice nl-2026-001 untouched', async () => {
    const url = await databaseWithRealNotice()
    const server = await startServer({ DATABASE_URL: url })
    const real = await getJson(server.port, 'privacy-acc.dpgmedia.nl', '/api/campaign-items/nl-2026-001')
    expect(real.status).toBe(200)
    expect(real.body).toMatchObject({ sponsorName: 'Echte Partij voor Nederland', version: 1 })
    const rows = await notices(url)
    expect(rows.find((row) => row.id === 'nl-2026-001')).toEqual({
      id: 'nl-2026-001',
      sponsor_name: 'Echte Partij voor Nederland',
      is_sample: 0,
      version: 1,
    })
    const samples = rows.filter((row) => row.is_sample === 1).map((row) => row.id)
    expect(samples).toHaveLength(28)
    expect(samples.every((id) => /^sample-(nl|be)-2026-\d{3}$/.test(id))).toBe(true)
    expect(server.records().find((line) => line.msg === 'ready to serve')).toMatchObject({
      deployment: 'local',
      sampleNotices: true,
    })
  }, 60_000)

  it('a start on the production table loads no samples at all', async () => {
    const url = await databaseWithRealNotice()
    const server = await startServer({
      DATABASE_URL: url,
      SITE_HOSTS_FILE: 'config/hosts.production.json',
      ...OIDC,
    })
    expect((await notices(url)).map((row) => [row.id, row.is_sample])).toEqual([['nl-2026-001', 0]])
    expect(server.records().find((line) => line.msg === 'ready to serve')).toMatchObject({
      deployment: 'production',
      sampleNotices: false,
    })
  }, 60_000)

  it('a start on the acceptance table loads the samples', async () => {
    const url = await databaseWithRealNotice()
    await startServer({ DATABASE_URL: url, SITE_HOSTS_FILE: 'config/hosts.acceptance.json', ...OIDC })
    expect((await notices(url)).filter((row) => row.is_sample === 1)).toHaveLength(28)
  }, 60_000)
})
