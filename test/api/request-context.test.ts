import { sql } from 'kysely'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createLogger } from '#server/logger.ts'
import { testDatabaseUrl, testSetup } from '../support/app'
import { FaultyProxy } from '../support/tcp-proxy'

const NL = 'privacy.dpgmedia.nl'
const ACC_BE = 'privacy-acc.dpgmedia.be'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

type LogLine = Record<string, unknown> & { msg: string }

/** A real app whose log lines are kept, parsed. */
async function loggedSetup(env: Record<string, string> = {}) {
  const lines: LogLine[] = []
  const logger = createLogger('info', { write: (line: string) => lines.push(JSON.parse(line)) })
  const setup = await testSetup(env, logger)
  return { ...setup, lines }
}

describe('request ids and the log context', () => {
  let setup: Awaited<ReturnType<typeof loggedSetup>>

  beforeAll(async () => {
    setup = await loggedSetup()
  })
  afterAll(async () => {
    await setup?.composition.close()
  })
  beforeEach(() => {
    setup.lines.length = 0
  })

  it('keeps a sane incoming X-Request-Id, answers it, and logs it with host, country and route', async () => {
    const res = await request(setup.app)
      .get('/api/search?q=cookies&locale=nl_nl')
      .set('Host', NL)
      .set('X-Request-Id', 'lb-7f3a.c9_01')
    expect(res.status).toBe(200)
    expect(res.headers['x-request-id']).toBe('lb-7f3a.c9_01')
    const line = setup.lines.find((l) => l.msg === 'request')
    expect(line).toMatchObject({
      requestId: 'lb-7f3a.c9_01',
      host: NL,
      country: 'NL',
      route: '/api/search',
      path: '/api/search',
      status: 200,
    })
    // The query string may carry personal data: it is in no line.
    expect(JSON.stringify(setup.lines)).not.toContain('cookies')
  })

  it.each([
    ['spaces and markup', 'id with <script>'],
    ['more than 100 characters', 'a'.repeat(101)],
    ['a slash', 'a/b'],
  ])('replaces an incoming id with %s by a new UUID', async (_, incoming) => {
    const res = await request(setup.app).get('/livez').set('X-Request-Id', incoming)
    expect(res.headers['x-request-id']).toMatch(UUID)
    expect(setup.lines.find((l) => l.msg === 'request')?.requestId).toBe(res.headers['x-request-id'])
  })

  it('gives every request an id of its own', async () => {
    const a = await request(setup.app).get('/livez')
    const b = await request(setup.app).get('/livez')
    expect(a.headers['x-request-id']).toMatch(UUID)
    expect(b.headers['x-request-id']).toMatch(UUID)
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id'])
  })

  it('logs the route pattern with its mount path, not the path that matched it', async () => {
    await request(setup.app).get('/api/campaign-items/no-such-item').set('Host', ACC_BE)
    expect(setup.lines.find((l) => l.msg === 'request')).toMatchObject({
      host: ACC_BE,
      country: 'BE',
      route: '/api/campaign-items/:id',
      path: '/api/campaign-items/no-such-item',
    })
  })

  it('logs a page by its path (without the query string), and an unknown host without a country', async () => {
    await request(setup.app).get('/nl/phone?utm=mail').set('Host', NL)
    await request(setup.app).get('/nl').set('Host', 'example.org')
    const [page, unknown] = setup.lines.filter((l) => l.msg === 'request')
    expect(page).toMatchObject({ route: '/nl/phone', path: '/nl/phone', country: 'NL' })
    expect(unknown).toMatchObject({ route: '/nl', host: 'example.org', country: null, status: 421 })
  })
})

describe('the error handler logs with the request context', () => {
  it('"unhandled error" of a JSON POST carries the request id, host, country and route', async () => {
    const setup = await loggedSetup()
    // A table gone from under the app: the insert throws an error that is not an outage (a bug, not a 503).
    await sql`alter table privacy_requests rename to privacy_requests_gone`.execute(setup.composition.db.db)
    const res = await request(setup.app)
      .post('/api/privacy-rights/request')
      .set('Host', NL)
      .set('X-Request-Id', 'broken-1')
      .send({ flowType: 'RIGHT_OF_ACCESS', country: 'NL', language: 'nl', email: 'jan@example.com' })
    expect(res.status).toBe(500)
    const error = setup.lines.find((l) => l.msg === 'unhandled error')
    expect(error).toMatchObject({
      requestId: 'broken-1',
      host: NL,
      country: 'NL',
      route: '/api/privacy-rights/request',
    })
    expect(setup.lines.find((l) => l.msg === 'request')).toMatchObject({
      requestId: 'broken-1',
      route: '/api/privacy-rights/request',
      status: 500,
    })
    expect(JSON.stringify(setup.lines)).not.toContain('jan@example.com')
    await setup.composition.close()
  })

  describe.skipIf(!process.env.TEST_DATABASE_URL)(
    'with a PostgreSQL that refuses (skipped without TEST_DATABASE_URL: it needs a real PostgreSQL)',
    () => {
      it('"database unavailable" carries the request id, host, country and route', async () => {
        const direct = new URL(await testDatabaseUrl('postgres'))
        const proxy = new FaultyProxy(direct.hostname, Number(direct.port || 5432))
        await proxy.start()
        direct.hostname = '127.0.0.1'
        direct.port = String(proxy.port)
        const setup = await loggedSetup({
          DATABASE_URL: direct.toString(),
          DATABASE_CONNECT_TIMEOUT_SECONDS: '1',
        })
        try {
          await proxy.refuse()
          const res = await request(setup.app)
            .post('/api/contact?locale=nl_nl')
            .set('Host', NL)
            .set('X-Request-Id', 'outage-1')
            .send({ name: 'Jan', email: 'jan@example.com', question: 'Waar blijft mijn krant?' })
          expect(res.status).toBe(503)
          expect(setup.lines.find((l) => l.msg === 'database unavailable')).toMatchObject({
            requestId: 'outage-1',
            host: NL,
            country: 'NL',
            route: '/api/contact',
          })
        } finally {
          await proxy.forward()
          await setup.composition.close()
          await proxy.stop()
        }
      })
    },
  )
})

describe('log lines outside a request', () => {
  it('carry no request context', async () => {
    const lines: LogLine[] = []
    const logger = createLogger('info', { write: (line: string) => lines.push(JSON.parse(line)) })
    const setup = await testSetup({}, logger)
    await request(setup.app).get('/livez')
    logger.info('outside')
    await setup.composition.close()
    const outside = lines.find((l) => l.msg === 'outside')
    expect(outside).toBeDefined()
    expect(outside).not.toHaveProperty('requestId')
    expect(outside).not.toHaveProperty('route')
  })
})
