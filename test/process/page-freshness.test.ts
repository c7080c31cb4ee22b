import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { ROOT } from '../support/app'
import { campaignItem } from '../support/campaigns'
import { startServer, stopProcesses } from '../support/server-process'

/**
 * Issue 19 item 3: the server keeps rendered pages, but a page read from the database never outlives a change
 * made by another process. The operator loads a notice with `npm run campaigns:import` (README) into the
 * SQLite database of the running server; no restart.
 */

const run = promisify(execFile)
const HOST = 'privacy-acc.dpgmedia.nl'
const ID = 'nl-2026-import-live'
const SPONSOR = 'Stichting Live Geladen'

afterEach(stopProcesses)

function get(port: number, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { Host: HOST } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        text += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
      .on('error', reject)
      .end()
  })
}

describe('a notice loaded by the operator command while the server runs', () => {
  it('shows on the list and on its own page within 15 seconds, without a restart', async () => {
    const server = await startServer()
    // Both pages are rendered, and kept, before the import.
    const list = await get(server.port, '/nl/political-ads')
    expect(list.status).toBe(200)
    expect(list.text).toContain('Stichting Groene Vooruitgang')
    expect(list.text).not.toContain(SPONSOR)
    expect((await get(server.port, `/nl/political-ads/${ID}`)).status).toBe(404)

    const file = join(server.dir, 'notices.json')
    writeFileSync(file, JSON.stringify({ campaignItems: [campaignItem(ID, { sponsorName: SPONSOR })] }))
    const imported = await run('npm', ['run', 'campaigns:import', '--', file, '--country', 'NL'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: server.databaseUrl },
    })
    expect(imported.stdout).toContain('Loaded 1 campaign items: 1 new, 0 changed')

    await Promise.all([
      expect
        .poll(async () => (await get(server.port, '/nl/political-ads')).text, { timeout: 15_000 })
        .toContain(SPONSOR),
      expect
        .poll(async () => (await get(server.port, `/nl/political-ads/${ID}`)).text, { timeout: 15_000 })
        .toContain(`<h1>${SPONSOR}</h1>`),
    ])
  }, 90_000)
})
