import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { enqueueMail } from '#server/db/outbox-repository.ts'
import { DATABASES, testDatabaseUrl, testSetup } from '../support/app'
import { requestRow } from '../support/rows'

const NL = 'privacy.dpgmedia.nl'
const ACC_NL = 'privacy-acc.dpgmedia.nl'
const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** The value of one series in a Prometheus text exposition (NaN when absent). */
function sample(body: string, series: string): number {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : Number.NaN
}

describe.each(DATABASES)('GET /metrics on %s', (kind) => {
  let setup: Awaited<ReturnType<typeof testSetup>>

  beforeAll(async () => {
    setup = await testSetup({ DATABASE_URL: await testDatabaseUrl(kind) })
  })
  afterAll(async () => {
    await setup?.composition.close()
  })

  const scrape = () => request(setup.app).get('/metrics')

  it('counts and times responses by route pattern or a fixed label, never by raw path', async () => {
    await request(setup.app).get('/api/campaign-items/first-id').set('Host', ACC_NL)
    await request(setup.app).get('/api/campaign-items/second-id').set('Host', ACC_NL)
    await request(setup.app).get('/nl/phone?ref=mail').set('Host', NL)
    await request(setup.app).get('/nl/about').set('Host', NL)
    await request(setup.app).get('/favicon.svg').set('Host', NL)
    await request(setup.app).get('/api/no-such-endpoint-123').set('Host', NL)
    const res = await scrape()
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    const body = res.text
    expect(
      sample(body, 'http_requests_total{method="GET",route="/api/campaign-items/:id",status="404"}'),
    ).toBe(2)
    expect(sample(body, 'http_requests_total{method="GET",route="pages",status="200"}')).toBe(2)
    expect(sample(body, 'http_requests_total{method="GET",route="assets",status="200"}')).toBe(1)
    expect(sample(body, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1)
    expect(sample(body, 'http_request_duration_seconds_count{method="GET",route="pages",status="200"}')).toBe(
      2,
    )
    expect(body).toContain(
      'http_request_duration_seconds_bucket{le="0.1",method="GET",route="pages",status="200"}',
    )
    for (const raw of ['first-id', 'second-id', '/nl/phone', 'ref=mail', 'no-such-endpoint', 'favicon'])
      expect(body).not.toContain(raw)
  })

  it('reports the outbox backlog, the oldest waiting mail, failed mails and due privacy requests', async () => {
    const db = setup.composition.db.db
    const now = Date.now()
    const at = (offsetMs: number) => new Date(now + offsetMs).toISOString()
    const mail = (to: string) => ({
      kind: 'test',
      aboutId: null,
      to,
      subject: 'S',
      text: 't',
      html: '<p>t</p>',
    })
    await enqueueMail(db, mail('old@example.com'), at(-HOUR_MS))
    await enqueueMail(db, mail('new@example.com'), at(0))
    const sent = await enqueueMail(db, mail('sent@example.com'), at(-2 * HOUR_MS))
    await db
      .updateTable('mail_outbox')
      .set({ sent_at: at(0) })
      .where('id', '=', sent)
      .execute()
    const failed = await enqueueMail(db, mail('failed@example.com'), at(-3 * HOUR_MS))
    await db
      .updateTable('mail_outbox')
      .set({ failed_at: at(0) })
      .where('id', '=', failed)
      .execute()
    const requests: [string, string, number | null][] = [
      ['due-soon', 'open', 3 * DAY_MS],
      ['due-later', 'extended', 10 * DAY_MS],
      ['overdue', 'open', -DAY_MS],
      ['pending', 'pending', null],
      ['executed', 'executed', -2 * DAY_MS],
    ]
    for (const [id, status, due] of requests) {
      await db
        .insertInto('privacy_requests')
        .values(
          requestRow({
            id,
            status,
            created_at: at(-20 * DAY_MS),
            due_at: due === null ? null : at(due),
          }),
        )
        .execute()
    }
    const body = (await scrape()).text
    expect(sample(body, 'privacy_outbox_backlog')).toBe(2)
    expect(sample(body, 'privacy_outbox_failed_mails')).toBe(1)
    const age = sample(body, 'privacy_outbox_oldest_unsent_age_seconds')
    expect(age).toBeGreaterThanOrEqual(3600)
    expect(age).toBeLessThan(3660)
    expect(sample(body, 'privacy_requests_due_within_7_days')).toBe(1)
    expect(sample(body, 'privacy_requests_overdue')).toBe(1)
  })
})

describe('who may read /metrics', () => {
  const apps: Awaited<ReturnType<typeof testSetup>>[] = []
  const app = async (env: Record<string, string> = {}) => {
    const setup = await testSetup(env)
    apps.push(setup)
    return setup.app
  }
  afterAll(async () => {
    for (const setup of apps) await setup.composition.close()
  })

  it('answers loopback by default, on any Host, uncached', async () => {
    const res = await request(await app())
      .get('/metrics')
      .set('Host', 'prometheus.internal')
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.text).toContain('# TYPE http_requests_total counter')
    expect(res.text).toContain('process_resident_memory_bytes')
  })

  it('knows 127.0.0.1 on a dual-stack socket (::ffff:127.0.0.1) and ::1 by default', async () => {
    const server = (await app({ METRICS_ALLOWED_IPS: '127.0.0.1' })).listen(0, '::')
    const both = (await app()).listen(0, '::')
    try {
      await Promise.all([once(server, 'listening'), once(both, 'listening')])
      const port = (listening: typeof server) => (listening.address() as AddressInfo).port
      expect((await fetch(`http://127.0.0.1:${port(server)}/metrics`)).status).toBe(200)
      expect((await fetch(`http://[::1]:${port(server)}/metrics`)).status).toBe(404)
      expect((await fetch(`http://[::1]:${port(both)}/metrics`)).status).toBe(200)
    } finally {
      server.close()
      both.close()
    }
  })

  it('answers 404 to a client outside METRICS_ALLOWED_IPS, whatever X-Forwarded-For says', async () => {
    const server = await app({ METRICS_ALLOWED_IPS: '10.1.2.3', TRUST_PROXY: '1' })
    const res = await request(server).get('/metrics').set('X-Forwarded-For', '10.1.2.3')
    expect(res.status).toBe(404)
    expect(res.text).not.toContain('http_requests_total')
  })

  it('takes subnets too', async () => {
    const res = await request(await app({ METRICS_ALLOWED_IPS: '10.0.0.0/8, 127.0.0.0/8' })).get('/metrics')
    expect(res.status).toBe(200)
  })

  it('keeps one registry per app: two apps in one process count their own requests', async () => {
    const a = await app()
    const b = await app()
    await request(a).get('/livez')
    await request(a).get('/livez')
    await request(b).get('/livez')
    const series = 'http_requests_total{method="GET",route="/livez",status="200"}'
    expect(sample((await request(a).get('/metrics')).text, series)).toBe(2)
    expect(sample((await request(b).get('/metrics')).text, series)).toBe(1)
  })

  it.each(['localhost', '10.0.0.300', '10.0.0.0/33'])(
    'refuses METRICS_ALLOWED_IPS=%s at start-up',
    (value) => {
      expect(() => loadConfig({ METRICS_ALLOWED_IPS: value })).toThrow('METRICS_ALLOWED_IPS')
    },
  )
})
