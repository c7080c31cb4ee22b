import pg from 'pg'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES, testDatabaseUrl, testSetup } from '../support/app'
import { FaultyProxy } from '../support/tcp-proxy'

const NL = 'privacy.dpgmedia.nl'
const BE = 'privacy.dpgmedia.be'
const contact = { name: 'Jan', email: 'jan@example.com', question: 'Waar blijft mijn krant?' }

/** How long a call takes, and what it answered. */
async function timed<T>(call: () => PromiseLike<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now()
  const result = await call()
  return { ms: performance.now() - start, result }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a PostgreSQL that hangs or refuses (skipped without TEST_DATABASE_URL: it needs a real PostgreSQL)',
  () => {
    let proxy: FaultyProxy
    let setup: Awaited<ReturnType<typeof testSetup>>

    beforeAll(async () => {
      const direct = new URL(await testDatabaseUrl('postgres'))
      proxy = new FaultyProxy(direct.hostname, Number(direct.port || 5432))
      await proxy.start()
      direct.hostname = '127.0.0.1'
      direct.port = String(proxy.port)
      setup = await testSetup({
        DATABASE_URL: direct.toString(),
        DATABASE_CONNECT_TIMEOUT_SECONDS: '1',
        DATABASE_STATEMENT_TIMEOUT_SECONDS: '2',
      })
    })

    afterAll(async () => {
      await proxy?.forward()
      await setup?.composition.close()
      await proxy?.stop()
    })

    const post = () => request(setup.app).post('/api/contact?locale=nl_nl').set('Host', NL).send(contact)
    const ready = () => request(setup.app).get('/readyz')

    it('answers normally through the proxy', async () => {
      expect((await post()).status).toBe(200)
      expect((await ready()).status).toBe(200)
    })

    it('hangs: a POST answers 503 SERVICE_UNAVAILABLE with Retry-After within the time-outs; /readyz 503 within 2 s', async () => {
      proxy.hang()
      const posted = await timed(() => post())
      expect(posted.result.status).toBe(503)
      expect(posted.result.body.error.code).toBe('SERVICE_UNAVAILABLE')
      expect(posted.result.headers['retry-after']).toBe('30')
      // 2 s statement time-out (an open connection) or 1 s connect time-out (a new one), plus slack for a
      // loaded machine: never the minutes of a hang.
      expect(posted.ms).toBeLessThan(6000)
      const privacy = await request(setup.app)
        .post('/api/privacy-rights/request')
        .set('Host', NL)
        .send({ flowType: 'RIGHT_OF_ACCESS', country: 'NL', language: 'nl', email: 'jan@example.com' })
      expect(privacy.status).toBe(503)
      const probe = await timed(() => ready())
      expect(probe.result.status).toBe(503)
      expect(probe.ms).toBeLessThan(2000)
      console.info(`hung database: POST ${Math.round(posted.ms)} ms, /readyz ${Math.round(probe.ms)} ms`)
    })

    it('hangs: the pages that read it answer 503 with Retry-After and a page in the visitor’s language (issue 26)', async () => {
      proxy.hang()
      const token = 'x'.repeat(43)
      for (const [host, path, language, title] of [
        [NL, `/nl/verify-email?token=${token}`, 'nl', 'Even niet beschikbaar'],
        [BE, `/fr/verify-email?token=${token}`, 'fr', 'Momentanément indisponible'],
        [NL, `/nl/privacy-rights/status?token=${token}`, 'nl', 'Even niet beschikbaar'],
        [BE, `/fr/privacy-rights/status?token=${token}`, 'fr', 'Momentanément indisponible'],
        [BE, `/en/privacy-rights/status?token=${token}`, 'en', 'Briefly unavailable'],
      ] as const) {
        const page = await timed(() => request(setup.app).get(path).set('Host', host))
        expect(page.result.status, path).toBe(503)
        expect(page.result.headers['retry-after']).toBe('30')
        expect(page.result.headers['cache-control']).toBe('no-store')
        expect(page.result.type).toBe('text/html')
        expect(page.result.text).toMatch(new RegExp(`<html lang="${language}`))
        expect(page.result.text).toContain(`<h1>${title}</h1>`)
        expect(page.ms).toBeLessThan(6000)
      }
      // The confirm button's POST reaches the database outside the page: the same page.
      const confirm = await request(setup.app)
        .post('/fr/verify-email')
        .set('Host', BE)
        .type('form')
        .send({ token })
      expect(confirm.status).toBe(503)
      expect(confirm.headers['retry-after']).toBe('30')
      expect(confirm.text).toContain('<h1>Momentanément indisponible</h1>')
      // The transparency centre shows its own failure state, with the status that says it failed.
      const list = await request(setup.app).get('/nl/political-ads').set('Host', 'privacy-acc.dpgmedia.nl')
      expect(list.status).toBe(503)
      expect(list.headers['retry-after']).toBe('30')
      await proxy.forward()
      // And the pages come back with the database.
      expect(
        (await request(setup.app).get('/nl/political-ads').set('Host', 'privacy-acc.dpgmedia.nl')).status,
      ).toBe(200)
    })

    it('refuses: a POST answers 503 at once, and /readyz too', async () => {
      await proxy.refuse()
      const posted = await timed(() => post())
      expect(posted.result.status).toBe(503)
      expect(posted.result.body.error.code).toBe('SERVICE_UNAVAILABLE')
      expect(posted.ms).toBeLessThan(2000)
      expect((await ready()).status).toBe(503)
      console.info(`refusing database: POST ${Math.round(posted.ms)} ms`)
    })

    it('recovers by itself when the database answers again', async () => {
      await proxy.forward()
      expect((await post()).status).toBe(200)
      expect((await ready()).status).toBe(200)
    })
  },
)

describe.each(DATABASES)('a request that arrives after the instance closed its %s database', (kind) => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, never 500', async () => {
    const setup = await testSetup({
      DATABASE_URL: await testDatabaseUrl(kind),
      STAFF_DEVELOPMENT_SIGN_IN: 'on',
    })
    // A privacy-team member signed in before: the staff gate looks the session up in the database.
    const signedIn = await request(setup.app)
      .post('/fr/internal-privacy-rights/sign-in/development')
      .set('Host', 'be.localhost')
      .type('form')
      .send({
        email: 'dev@dpgmedia.be',
        name: 'Dev Eloper',
        role: 'privacy-team',
        returnTo: '/fr/internal-privacy-rights/requests',
      })
    const session = String(signedIn.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? ''
    expect(session).toMatch(/^__Host-staff-session=/)
    await setup.composition.close()
    const desk = await request(setup.app)
      .get('/fr/internal-privacy-rights/requests')
      .set('Host', 'be.localhost')
      .set('Cookie', session)
    expect(desk.status).toBe(503)
    expect(desk.headers['retry-after']).toBe('30')
    expect(desk.text).toContain('<h1>Momentanément indisponible</h1>')
    const posted = await request(setup.app).post('/api/contact?locale=nl_nl').set('Host', NL).send(contact)
    expect(posted.status).toBe(503)
    expect(posted.body.error.code).toBe('SERVICE_UNAVAILABLE')
    expect(posted.headers['retry-after']).toBe('30')
    const listed = await request(setup.app)
      .get('/api/campaign-items?countryCode=NL&text=stichting')
      .set('Host', 'privacy-acc.dpgmedia.nl')
    expect(listed.status).toBe(503)
    // Issue 26: the pages that read the database too, each in its language.
    const token = 'y'.repeat(43)
    for (const [host, path, title] of [
      [NL, `/nl/verify-email?token=${token}`, 'Even niet beschikbaar'],
      [BE, `/fr/privacy-rights/status?token=${token}`, 'Momentanément indisponible'],
      ['privacy-acc.dpgmedia.nl', '/nl/political-ads/sample-nl-2026-001', null],
    ] as const) {
      const page = await request(setup.app).get(path).set('Host', host)
      expect(page.status, path).toBe(503)
      expect(page.headers['retry-after']).toBe('30')
      if (title) expect(page.text).toContain(`<h1>${title}</h1>`)
    }
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'an instance starting while another migrates the same PostgreSQL (skipped without TEST_DATABASE_URL)',
  () => {
    // Kysely's migration lock on PostgreSQL: a session advisory lock with this key, held while one instance
    // migrates (kysely/dist/dialect/postgres/postgres-adapter.js).
    const MIGRATION_LOCK = '3853314791062309107'

    it('waits for those migrations past the requests’ statement timeout, then serves', async () => {
      const url = await testDatabaseUrl('postgres')
      const other = new pg.Client({ connectionString: url })
      await other.connect()
      await other.query(`select pg_advisory_lock(${MIGRATION_LOCK})`)
      let started = false
      const starting = testSetup({ DATABASE_URL: url, DATABASE_STATEMENT_TIMEOUT_SECONDS: '1' }).then(
        (setup) => {
          started = true
          return setup
        },
      )
      try {
        // Twice the statement timeout: a start bound by it would have failed by now.
        await new Promise((resolve) => setTimeout(resolve, 2_000))
        expect(started).toBe(false)
      } finally {
        await other.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`)
        await other.end()
      }
      const setup = await starting
      try {
        const answer = await request(setup.app)
          .post('/api/contact?locale=nl_nl')
          .set('Host', NL)
          .send(contact)
        expect(answer.status).toBe(200)
      } finally {
        await setup.composition.close()
      }
    })
  },
)
