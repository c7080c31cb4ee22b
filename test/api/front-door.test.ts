import { createServer, request as httpRequest, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createListener, withFrontDoor } from '#server/app.ts'
import { createLogger, type Logger } from '#server/logger.ts'
import { testSetup } from '../support/app'

/**
 * Issue 30: built files and kept pages are answered before Express (server/middleware/front-door.ts). Every
 * answer the door gives must be the one the Express chain gives for the same request: status, every header
 * (but Date) in the same order, and the body's bytes. Raw HTTP, so that nothing is decompressed or merged.
 * Run on the production host table: a public host with Fathom, a staff host (never indexed), an unknown
 * host, and a staff host named by a trusted proxy's X-Forwarded-Host.
 */

const PUBLIC = 'privacy.dpgmedia.nl'
const STAFF = 'privacy-intern.dpgmedia.nl'
let setup: Awaited<ReturnType<typeof testSetup>>
let chain: Server
let door: Server
/** Requests the door passed on to Express. */
let passedOn = 0

interface Raw {
  status: number
  headers: [string, string][]
  body: Buffer
}

function get(server: Server, path: string, headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: pairs(res.rawHeaders), body: Buffer.concat(chunks) }),
      )
    })
      .on('error', reject)
      .end()
  })
}

/** Raw headers as pairs, without the ones the server writes by the clock or per connection. */
function pairs(raw: string[]): [string, string][] {
  const out: [string, string][] = []
  for (let i = 0; i < raw.length; i += 2) out.push([raw[i] as string, raw[i + 1] as string])
  return out.filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name.toLowerCase()))
}

const listen = (server: Server) =>
  new Promise<Server>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))

beforeAll(async () => {
  setup = await testSetup({
    SITE_HOSTS_FILE: 'config/hosts.production.json',
    FATHOM_SITE_ID: 'ABCDEFGH',
    TRUST_PROXY: 'loopback',
  })
  chain = await listen(createServer(setup.app))
  door = await listen(
    createServer(
      doorOf((req, res) => {
        passedOn++
        setup.app(req, res)
      }),
    ),
  )
})

/** The front door before the test's app, passing on to `next`. */
function doorOf(next: RequestListener, logger?: Logger) {
  const { app, config, composition } = setup
  const door = withFrontDoor(app, config, composition.services, next, logger)
  if (!door) throw new Error('the production build has a front door')
  return door
}

afterAll(async () => {
  await Promise.all([chain, door].map((server) => new Promise((resolve) => server.close(resolve))))
  await setup.composition.close()
})

/** The same request through the chain and through the door: the same answer, and the door's own. */
async function expectSameAnswer(path: string, headers: Record<string, string>, method = 'GET') {
  const all = { 'x-request-id': 'front-door-test', ...headers }
  const before = passedOn
  const fromDoor = await get(door, path, all, method)
  const fromChain = await get(chain, path, all, method)
  expect(fromDoor.status).toBe(fromChain.status)
  expect(fromDoor.headers).toEqual(fromChain.headers)
  expect(fromDoor.body.equals(fromChain.body)).toBe(true)
  expect(passedOn - before, 'the door answered it itself').toBe(0)
  return fromDoor
}

/** The same request from a client that holds `etag` (brotli, the public host). */
const holding = (path: string, etag: string, more: Record<string, string> = {}) =>
  expectSameAnswer(path, { host: PUBLIC, 'accept-encoding': 'br', 'if-none-match': etag, ...more })

const header = (answer: Raw, name: string) => answer.headers.find(([key]) => key.toLowerCase() === name)?.[1]

describe('built files at the front door', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ])('the favicon with Accept-Encoding %s, as Express sends it', async (accept, encoding) => {
    const answer = await expectSameAnswer('/favicon.svg', { host: PUBLIC, 'accept-encoding': accept })
    expect(answer.status).toBe(200)
    expect(header(answer, 'content-encoding')).toBe(encoding)
    expect(header(answer, 'content-security-policy')).toContain('cdn.usefathom.com')
    expect(header(answer, 'x-request-id')).toBe('front-door-test')
  })

  it('HEAD, a query string, a 304 for the ETag held, and a 404 for a hashed file the build did not write', async () => {
    await expectSameAnswer('/favicon.svg', { host: PUBLIC, 'accept-encoding': 'br' }, 'HEAD')
    await expectSameAnswer('/favicon.svg?v=2', { host: PUBLIC })
    const first = await get(door, '/favicon.svg', { host: PUBLIC, 'accept-encoding': 'br' })
    const etag = header(first, 'etag') as string
    expect((await holding('/favicon.svg', etag)).status).toBe(304)
    expect((await expectSameAnswer('/assets/chunks/gone.js', { host: PUBLIC })).status).toBe(404)
  })

  it('on a staff host, named directly or by a trusted proxy, the file is never indexed', async () => {
    const direct = await expectSameAnswer('/favicon.svg', { host: STAFF })
    expect(header(direct, 'x-robots-tag')).toBe('noindex, nofollow')
    const forwarded = await expectSameAnswer('/favicon.svg', { host: PUBLIC, 'x-forwarded-host': STAFF })
    expect(header(forwarded, 'x-robots-tag')).toBe('noindex, nofollow')
  })

  it('on a host the table does not know, the file is served as before (pages there answer 421)', async () => {
    const answer = await expectSameAnswer('/favicon.svg', { host: 'elsewhere.example' })
    expect(answer.status).toBe(200)
    expect(header(answer, 'content-security-policy')).not.toContain('usefathom')
  })
})

describe('kept pages at the front door', () => {
  it.each([
    ['/nl', PUBLIC],
    ['/fr', 'privacy.dpgmedia.be'],
    ['/nl/document/privacy-policy', PUBLIC],
    ['/nl/no-such-page', PUBLIC],
    ['/nl/search?q=privacy', PUBLIC],
    ['/nl', STAFF],
  ])('%s on %s: kept by its first visit, then the same answer in every encoding', async (path, host) => {
    // The first visit renders it through Express and keeps it; the door answers the visits after.
    await get(door, path, { host, 'accept-encoding': 'br' })
    for (const accept of ['br', 'gzip', 'identity']) {
      await expectSameAnswer(path, { host, 'accept-encoding': accept })
    }
    await expectSameAnswer(path, { host, 'accept-encoding': 'br' }, 'HEAD')
  })

  it('a page the client holds is a 304; a kept 404 never is; a query string stays out of caches', async () => {
    const page = await expectSameAnswer('/nl', { host: PUBLIC, 'accept-encoding': 'br' })
    expect(header(page, 'cache-control')).toBe('no-cache')
    const etag = header(page, 'etag') as string
    expect((await holding('/nl', etag)).status).toBe(304)
    // A client that asks past its cache gets the page again.
    expect((await holding('/nl', etag, { 'cache-control': 'no-cache' })).status).toBe(200)
    const missing = await expectSameAnswer('/nl/no-such-page', { host: PUBLIC, 'accept-encoding': 'br' })
    expect(missing.status).toBe(404)
    const missingTag = header(missing, 'etag') as string
    expect((await holding('/nl/no-such-page', missingTag)).status).toBe(404)
    const search = await expectSameAnswer('/nl/search?q=privacy', { host: PUBLIC, 'accept-encoding': 'br' })
    expect(header(search, 'cache-control')).toBe('no-store')
  })

  it('what was never kept goes on to Express: a first visit, a POST, the API, a staff page, an unknown host', async () => {
    const before = passedOn
    await get(door, '/nl/about', { host: 'privacy.dpgmedia.be' })
    await get(door, '/nl/about', { host: 'privacy.dpgmedia.be' }, 'POST')
    await get(door, '/api/search?q=nooit&locale=nl_nl', { host: PUBLIC })
    await get(door, '/nl/internal-privacy-rights/requests', { host: STAFF })
    const unknown = await get(door, '/nl', { host: 'elsewhere.example' })
    expect(unknown.status).toBe(421)
    expect(passedOn - before).toBe(5)
  })

  it('the server as it runs (createListener) answers kept pages and files the same way', async () => {
    const server = await listen(createServer(createListener(setup.config, setup.composition.services)))
    try {
      for (const path of ['/nl', '/favicon.svg']) {
        const headers = { host: PUBLIC, 'accept-encoding': 'br', 'x-request-id': 'front-door-test' }
        const ours = await get(server, path, headers)
        const viaChain = await get(chain, path, headers)
        expect(ours.headers).toEqual(viaChain.headers)
        expect(ours.body.equals(viaChain.body)).toBe(true)
      }
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('kept search answers at the front door', () => {
  const SEARCH = '/api/search?q=privacy&locale=nl_nl'

  it('a search asked before: the same answer in every encoding, HEAD, and 304 for the ETag held', async () => {
    await get(door, SEARCH, { host: PUBLIC, 'accept-encoding': 'br' })
    for (const accept of ['br', 'gzip', 'identity']) {
      const answer = await expectSameAnswer(SEARCH, { host: PUBLIC, 'accept-encoding': accept })
      expect(header(answer, 'cache-control')).toBe('public, max-age=60')
    }
    await expectSameAnswer(SEARCH, { host: PUBLIC, 'accept-encoding': 'br' }, 'HEAD')
    // The same kept answer on a staff host, never indexed there.
    const onStaffHost = await expectSameAnswer(SEARCH, { host: STAFF, 'accept-encoding': 'br' })
    expect(header(onStaffHost, 'x-robots-tag')).toBe('noindex, nofollow')
    const etag = header(await get(door, SEARCH, { host: PUBLIC, 'accept-encoding': 'br' }), 'etag') as string
    expect((await holding(SEARCH, etag)).status).toBe(304)
  })

  it('what the search API would refuse, or reads another way, goes on to Express', async () => {
    await get(door, SEARCH, { host: PUBLIC })
    const before = passedOn
    const refused = [
      '/api/search?q=privacy',
      '/api/search?q=privacy&locale=xx_xx',
      '/api/search?q=privacy&q=recht&locale=nl_nl',
      `/api/search?q=${'a'.repeat(200)}&locale=nl_nl`,
    ]
    for (const path of refused) expect((await get(door, path, { host: PUBLIC })).status).toBe(400)
    // Express routes these to the search too (a case-insensitive, non-strict router): the door leaves them to it.
    for (const path of ['/API/search?q=privacy&locale=nl_nl', '/api/search/?q=privacy&locale=nl_nl'])
      expect((await get(door, path, { host: PUBLIC })).status).toBe(200)
    expect((await get(door, SEARCH, { host: 'elsewhere.example' })).status).toBe(421)
    expect(passedOn - before).toBe(refused.length + 3)
  })
})

describe('what the door answers is logged and counted as through Express', () => {
  it('one log line per answer (path without its query) and the metrics under assets and pages', async () => {
    const lines: Record<string, unknown>[] = []
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) })
    const services = setup.composition.services
    const server = await listen(createServer(doorOf(setup.app, logger)))
    const count = async (route: string, status: number) => {
      const { body } = await services.metrics.render()
      const line = body
        .split('\n')
        .find((row) =>
          row.startsWith(`http_requests_total{method="GET",route="${route}",status="${status}"}`),
        )
      return Number(line?.split(' ')[1] ?? 0)
    }
    try {
      await get(server, '/nl/search?q=privacy', { host: PUBLIC })
      const [assets, pages, missing] = [
        await count('assets', 200),
        await count('pages', 200),
        await count('unmatched', 404),
      ]
      await get(server, '/favicon.svg?v=1', { host: PUBLIC, 'x-request-id': 'logged-1' })
      await get(server, '/nl/search?q=privacy', { host: PUBLIC, 'x-request-id': 'logged-2' })
      await get(server, '/assets/gone.js', { host: PUBLIC, 'x-request-id': 'logged-3' })
      await get(server, '/api/search?q=privacy&locale=nl_nl', { host: PUBLIC })
      const searches = await count('/api/search', 200)
      await get(server, '/api/search?q=privacy&locale=nl_nl', { host: PUBLIC, 'x-request-id': 'logged-4' })
      expect(await count('/api/search', 200)).toBe(searches + 1)
      expect(await count('assets', 200)).toBe(assets + 1)
      expect(await count('pages', 200)).toBe(pages + 1)
      expect(await count('unmatched', 404)).toBe(missing + 1)
      const logged = lines.filter((line) => String(line.requestId).startsWith('logged-'))
      expect(logged).toEqual([
        expect.objectContaining({
          requestId: 'logged-1',
          host: PUBLIC,
          country: 'NL',
          route: '/favicon.svg',
          method: 'GET',
          path: '/favicon.svg',
          status: 200,
          msg: 'request',
        }),
        expect.objectContaining({
          requestId: 'logged-2',
          route: '/nl/search',
          path: '/nl/search',
          status: 200,
        }),
        expect.objectContaining({ requestId: 'logged-3', path: '/assets/gone.js', status: 404 }),
        expect.objectContaining({
          requestId: 'logged-4',
          route: '/api/search',
          path: '/api/search',
          status: 200,
        }),
      ])
      for (const line of logged) expect(typeof line.ms).toBe('number')
      expect(JSON.stringify(logged)).not.toContain('q=privacy')
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
