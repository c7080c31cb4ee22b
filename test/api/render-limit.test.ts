import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'
import { testSetup } from '../support/app'
import { freePort } from '../support/waiting'

/** Issue 30 item 5: PAGE_RENDERS_PER_MINUTE, renders a client address may cause (answers kept never count). */

const NL = 'privacy.dpgmedia.nl'
const BE = 'privacy.dpgmedia.be'
const ROOT = resolve(import.meta.dirname, '../..')
// 12 a minute: 2 in each 10-second window.
const LIMITED = { PAGE_RENDERS_PER_MINUTE: '12', TRUST_PROXY: '1' }

type Setup = Awaited<ReturnType<typeof testSetup>>
const opened: Setup[] = []
afterEach(async () => {
  for (const setup of opened.splice(0)) await setup.composition.close()
})

/** One instance on the injected clock; `advance` moves it on. */
async function instance(env: Record<string, string> = LIMITED) {
  let now = new Date('2026-03-02T10:00:00Z')
  const setup = await testSetup(env, undefined, { clock: () => now })
  opened.push(setup)
  const get = (path: string, ip: string, host = NL) =>
    request(setup.app).get(path).set('Host', host).set('X-Forwarded-For', ip).set('Accept', 'text/html')
  return {
    get,
    status: async (path: string, ip: string, host = NL) => (await get(path, ip, host)).status,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms)
    },
  }
}

/** A client address no other run shares (the Redis counters outlive a run by their window). */
const freshIp = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`

describe('PAGE_RENDERS_PER_MINUTE', () => {
  it('refuses a client its third new search in ten seconds with 429, Retry-After and a Dutch page; others go on', async () => {
    const site = await instance()
    expect(await site.status('/nl/search?q=cookies', '203.0.113.1')).toBe(200)
    expect(await site.status('/nl/search?q=abonnement', '203.0.113.1')).toBe(200)
    const refused = await site.get('/nl/search?q=inzage', '203.0.113.1')
    expect(refused.status).toBe(429)
    expect(refused.headers['retry-after']).toBe('10')
    expect(refused.headers['cache-control']).toBe('no-store')
    expect(refused.headers['content-type']).toMatch(/^text\/html/)
    expect(refused.text).toContain('<html lang="nl-NL">')
    expect(refused.text).toContain('<title>Even te veel verzoeken | DPG Media Privacy</title>')
    expect(refused.text).toContain('Foutcode 429: Too Many Requests')
    // Another visitor is not held back by this one.
    expect(await site.status('/nl/search?q=inzage', '203.0.113.2')).toBe(200)
    // Once the window is over, the first client renders again.
    site.advance(10_000)
    expect(await site.status('/nl/search?q=bewaren', '203.0.113.1')).toBe(200)
  })

  it('never counts an answer that is kept: the same page and search again and again', async () => {
    const site = await instance()
    const ip = '203.0.113.3'
    expect(await site.status('/nl/about', ip)).toBe(200)
    expect(await site.status('/nl/search?q=cookies', ip)).toBe(200)
    for (let i = 0; i < 10; i++) {
      expect(await site.status('/nl/about', ip)).toBe(200)
      expect(await site.status('/nl/search?q=cookies', ip)).toBe(200)
    }
    // The two renders were all it counted: a third new answer is refused, the kept ones still served.
    expect(await site.status('/nl/phone', ip)).toBe(429)
    expect(await site.status('/nl/about', ip)).toBe(200)
  })

  it('counts not-found paths, and answers in French on a French address', async () => {
    const site = await instance()
    const ip = '203.0.113.4'
    expect(await site.status('/fr/nothing-1', ip, BE)).toBe(404)
    expect(await site.status('/fr/nothing-2', ip, BE)).toBe(404)
    const refused = await site.get('/fr/nothing-3', ip, BE)
    expect(refused.status).toBe(429)
    expect(refused.headers['retry-after']).toBe('10')
    expect(refused.text).toContain('<html lang="fr-BE">')
    expect(refused.text).toContain('<h1>Trop de demandes</h1>')
    expect(refused.text).toContain('Patientez quelques secondes')
  })

  it('refuses a new API search with the API error shape (RATE_LIMITED) and Retry-After; a kept one is served', async () => {
    const site = await instance()
    const ip = '203.0.113.5'
    const search = (q: string) => site.get(`/api/search?q=${q}&locale=nl_nl`, ip).set('Accept', '*/*')
    expect((await search('cookies')).status).toBe(200)
    expect((await search('abonnement')).status).toBe(200)
    const refused = await search('inzage')
    expect(refused.status).toBe(429)
    expect(refused.headers['retry-after']).toBe('10')
    expect(refused.body).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many new searches from this address; try again in a few seconds',
      },
    })
    expect((await search('cookies')).status).toBe(200)
  })

  it('counts in memory while Redis cannot be reached, as the forms do: still limited, never a 5xx', async () => {
    const site = await instance({ ...LIMITED, REDIS_URL: `redis://127.0.0.1:${await freePort()}` })
    const statuses = []
    for (const q of ['one', 'two', 'three'])
      statuses.push(await site.status(`/nl/search?q=${q}`, '203.0.113.7'))
    expect(statuses).toEqual([200, 200, 429])
  })

  it('0 turns the limit off', async () => {
    const site = await instance({ PAGE_RENDERS_PER_MINUTE: '0', TRUST_PROXY: '1' })
    for (let i = 0; i < 6; i++) expect(await site.status(`/nl/search?q=term${i}`, '203.0.113.6')).toBe(200)
  })

  it.each(['-1', 'many', '1.5'])('refuses PAGE_RENDERS_PER_MINUTE=%s with an error naming it', (value) => {
    expect(() => loadConfig({ PAGE_RENDERS_PER_MINUTE: value })).toThrow(ConfigError)
    expect(() => loadConfig({ PAGE_RENDERS_PER_MINUTE: value })).toThrow(
      `PAGE_RENDERS_PER_MINUTE must be a whole number from 0 to 1000000, got "${value}"`,
    )
  })

  it('the built server exits non-zero at start-up with one line naming the variable', async () => {
    const run = promisify(execFile)(process.execPath, ['dist/node/index.mjs'], {
      cwd: ROOT,
      timeout: 30_000,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PAGE_RENDERS_PER_MINUTE: 'fast' },
    })
    const failed = (await run.then(
      () => ({ code: 0, stderr: '' }),
      (error: unknown) => error,
    )) as { code?: number; stderr?: string }
    expect(failed.code).not.toBe(0)
    expect(failed.stderr?.trim()).toBe(
      'Configuration error: PAGE_RENDERS_PER_MINUTE must be a whole number from 0 to 1000000, got "fast"',
    )
  })
})

describe.runIf(process.env.TEST_REDIS_URL)('PAGE_RENDERS_PER_MINUTE shared through Redis', () => {
  it('counts the renders of one address across two instances', async () => {
    const env = { ...LIMITED, REDIS_URL: String(process.env.TEST_REDIS_URL) }
    const [a, b] = [await instance(env), await instance(env)]
    const ip = freshIp()
    const statuses = []
    for (const [site, q] of [
      [a, 'one'],
      [b, 'two'],
      [a, 'three'],
    ] as const)
      statuses.push(await site.status(`/nl/search?q=${q}-${ip}`, ip))
    expect(statuses).toEqual([200, 200, 429])
  })
})
