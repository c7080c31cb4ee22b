import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { safeReturnTo } from '#server/staff/router.ts'
import { TEST_HOSTS_FILE, testSetup } from '../support/app'
import { cookieOf, signIn, staffTestSetup } from '../support/staff'

const SESSION = '__Host-staff-session'
const FORM = '/nl/internal-privacy-rights/direct-marketing'

/** The test host table plus a non-local host with the staff toggle: no development sign-in may exist there. */
function hostsWithStaffAcceptance(): string {
  const table = JSON.parse(readFileSync(TEST_HOSTS_FILE, 'utf8')) as { hosts: object[] }
  table.hosts.push({
    host: 'staff-acc.localhost',
    country: 'NL',
    environment: 'non-production',
    toggles: ['INTERNAL_PRIVACY_RIGHTS'],
    origin: 'https://staff-acc.localhost',
  })
  const file = join(mkdtempSync(join(tmpdir(), 'hosts-')), 'hosts.json')
  writeFileSync(file, JSON.stringify(table))
  return file
}

/** The staff session cookie a response sets: its whole Set-Cookie line. */
const sessionLine = (response: { headers: Record<string, unknown> }) => cookieOf(response, SESSION)?.line

describe('development sign-in (no identity provider)', () => {
  let setup: Awaited<ReturnType<typeof testSetup>>
  beforeAll(async () => {
    // The test app runs as production: there the development sign-in exists only when switched on.
    setup = await testSetup({ SITE_HOSTS_FILE: hostsWithStaffAcceptance(), STAFF_DEVELOPMENT_SIGN_IN: 'on' })
  })
  afterAll(() => setup?.composition.close())

  const devSignIn = (host: string, email: string) =>
    request(setup.app)
      .post('/nl/internal-privacy-rights/sign-in/development')
      .set('Host', host)
      .type('form')
      .send({ email, name: 'Dev Eloper', returnTo: FORM })

  it('is offered, clearly labelled, on a local host only', async () => {
    const local = await request(setup.app)
      .get('/nl/internal-privacy-rights/sign-in')
      .set('Host', 'nl.localhost')
    expect(local.status).toBe(200)
    expect(local.text).toContain('Ontwikkelaarslogin: alleen op deze lokale machine')
    expect(local.text).toContain('action="/nl/internal-privacy-rights/sign-in/development"')
    const acceptance = await request(setup.app)
      .get('/nl/internal-privacy-rights/sign-in')
      .set('Host', 'staff-acc.localhost')
    expect(acceptance.status).toBe(503)
    expect(acceptance.text).not.toContain('sign-in/development')
    expect(acceptance.text).toContain('niet ingesteld')
    const refused = await devSignIn('staff-acc.localhost', 'dev@dpgmedia.nl')
    expect(refused.status).toBe(404)
    expect(sessionLine(refused)).toBeUndefined()
  })

  it('signs in an allowed address and refuses others with 403', async () => {
    const ok = await devSignIn('nl.localhost', 'dev@dpgmedia.nl')
    expect(ok.status).toBe(303)
    expect(ok.headers.location).toBe(FORM)
    const cookie = sessionLine(ok)
    expect(cookie).toMatch(/HttpOnly; Secure; SameSite=Strict/)
    const form = await request(setup.app)
      .get(FORM)
      .set('Host', 'nl.localhost')
      .set('Cookie', cookie?.split(';')[0] ?? '')
    expect(form.status).toBe(200)
    expect(form.text).toContain('Ingelogd als Dev Eloper')

    const outsider = await devSignIn('nl.localhost', 'someone@example.com')
    expect(outsider.status).toBe(303)
    expect(sessionLine(outsider)).toBeUndefined()
    const page = await request(setup.app).get(String(outsider.headers.location)).set('Host', 'nl.localhost')
    expect(page.status).toBe(403)
    expect(page.text).toContain('Geen toegang')
  })

  it.each([
    ['privacy-team', 200],
    ['customer-service', 403],
    [undefined, 403],
    ['admin', 403],
  ] as const)('with the role %s, answers the desk’s API with %i', async (role, status) => {
    const signedIn = await request(setup.app)
      .post('/nl/internal-privacy-rights/sign-in/development')
      .set('Host', 'nl.localhost')
      .type('form')
      .send({ email: 'dev@dpgmedia.nl', name: 'Dev Eloper', returnTo: FORM, ...(role ? { role } : {}) })
    expect(signedIn.status).toBe(303)
    const cookie = sessionLine(signedIn)?.split(';')[0] ?? ''
    expect(cookie).not.toBe('')
    const desk = await request(setup.app)
      .get('/api/internal-privacy-rights/requests')
      .set('Host', 'nl.localhost')
      .set('Cookie', cookie)
    expect(desk.status).toBe(status)
    if (status === 403) expect(desk.body.error.code).toBe('FORBIDDEN')
    else expect(desk.body).toMatchObject({ items: expect.any(Array), total: expect.any(Number) })
    // Every role keeps the objection form.
    const form = await request(setup.app).get(FORM).set('Host', 'nl.localhost').set('Cookie', cookie)
    expect(form.status).toBe(200)
  })

  it('signing in again ends the session the browser held before', async () => {
    const first = sessionLine(await devSignIn('nl.localhost', 'dev@dpgmedia.nl'))?.split(';')[0] ?? ''
    const second = await devSignIn('nl.localhost', 'dev2@dpgmedia.nl').set('Cookie', first)
    expect(sessionLine(second)).toBeTruthy()
    const old = await request(setup.app).get(FORM).set('Host', 'nl.localhost').set('Cookie', first)
    expect(old.status).toBe(302)
  })

  // A Host header is the visitor's to choose: the development sign-in also needs a browser on this machine.
  const external = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address
  it.skipIf(!external)(
    'is refused to a connection from another machine, whatever the Host header',
    async () => {
      const server = setup.app.listen(0, '0.0.0.0')
      await new Promise((resolve) => server.once('listening', resolve))
      try {
        const port = (server.address() as AddressInfo).port
        const remote = request(`http://${external}:${port}`)
        const page = await remote.get('/nl/internal-privacy-rights/sign-in').set('Host', 'nl.localhost')
        expect(page.status).toBe(503)
        expect(page.text).not.toContain('sign-in/development')
        const post = await remote
          .post('/nl/internal-privacy-rights/sign-in/development')
          .set('Host', 'nl.localhost')
          .type('form')
          .send({ email: 'dev@dpgmedia.nl' })
        expect(post.status).toBe(404)
        expect(sessionLine(post)).toBeUndefined()
      } finally {
        await new Promise((resolve) => server.close(resolve))
      }
    },
  )

  it('does not exist in production unless STAFF_DEVELOPMENT_SIGN_IN=on, even on a local host', async () => {
    const production = await testSetup()
    try {
      const page = await request(production.app)
        .get('/nl/internal-privacy-rights/sign-in')
        .set('Host', 'nl.localhost')
      expect(page.status).toBe(503)
      expect(page.text).not.toContain('sign-in/development')
      const post = await request(production.app)
        .post('/nl/internal-privacy-rights/sign-in/development')
        .set('Host', 'nl.localhost')
        .type('form')
        .send({ email: 'dev@dpgmedia.nl', returnTo: FORM })
      expect(post.status).toBe(404)
      expect(sessionLine(post)).toBeUndefined()
    } finally {
      await production.composition.close()
    }
  })

  it('refuses a cross-site development sign-in', async () => {
    const response = await devSignIn('nl.localhost', 'dev@dpgmedia.nl').set('Origin', 'http://evil.example')
    expect(response.status).toBe(403)
  })
})

describe('group claim policy', () => {
  let setup: Awaited<ReturnType<typeof staffTestSetup>>
  beforeAll(async () => {
    setup = await staffTestSetup({ STAFF_ALLOWED_GROUPS: 'privacy-desk' })
  })
  afterAll(() => setup?.close())

  it('lets in members of the allowed group only, whatever their mail domain', async () => {
    const member = await signIn(setup.app, 'anna.desk@freelance.example')
    expect(member.status).toBe(200)
    expect(sessionLine(member)).toMatch(/SameSite=Strict/)
    const outsider = await signIn(setup.app, 'bert@dpgmedia.nl')
    expect(outsider.status).toBe(403)
    expect(sessionLine(outsider)).toBeUndefined()
  })

  it('no development sign-in when a provider is set', async () => {
    const response = await request(setup.app)
      .post('/nl/internal-privacy-rights/sign-in/development')
      .set('Host', 'nl.localhost')
      .type('form')
      .send({ email: 'dev@dpgmedia.nl' })
    expect(response.status).toBe(404)
  })

  it('a provider that cannot be reached gives a 503 sign-in page, not an error', async () => {
    const down = await testSetup({
      STAFF_OIDC_ISSUER: 'http://127.0.0.1:9',
      STAFF_OIDC_CLIENT_ID: 'x',
      STAFF_OIDC_CLIENT_SECRET: 'y',
    })
    try {
      const response = await request(down.app)
        .get('/nl/internal-privacy-rights/sign-in')
        .set('Host', 'nl.localhost')
      expect(response.status).toBe(503)
      expect(response.text).toContain('De inlogdienst is nu niet bereikbaar')
    } finally {
      await down.composition.close()
    }
  })

  it('a callback without its sign-in cookie or with a forged state goes back to sign-in', async () => {
    const start = await request(setup.app)
      .get('/nl/internal-privacy-rights/sign-in')
      .set('Host', 'nl.localhost')
    const transaction = ((start.headers['set-cookie'] as unknown as string[]) ?? [])[0]?.split(';')[0] ?? ''
    const noCookie = await request(setup.app)
      .get('/internal-privacy-rights/callback?code=abc&state=xyz')
      .set('Host', 'nl.localhost')
    expect(noCookie.status).toBe(303)
    expect(noCookie.headers.location).toBe('/nl/internal-privacy-rights/sign-in?failed=1')
    const forged = await request(setup.app)
      .get('/internal-privacy-rights/callback?code=abc&state=forged')
      .set('Host', 'nl.localhost')
      .set('Cookie', transaction)
    expect(forged.status).toBe(303)
    expect(String(forged.headers.location)).toMatch(/failed=1/)
    expect(sessionLine(forged)).toBeUndefined()
    const page = await request(setup.app).get(String(forged.headers.location)).set('Host', 'nl.localhost')
    expect(page.text).toContain('Inloggen is niet gelukt')
  })
})

describe('return address after sign-in', () => {
  it.each([
    ['/nl/internal-privacy-rights/processed?request=1', '/nl/internal-privacy-rights/processed?request=1'],
    ['/fr/internal-privacy-rights/direct-marketing', '/fr/internal-privacy-rights/direct-marketing'],
    ['https://evil.example/nl/internal-privacy-rights/x', FORM],
    ['//evil.example/nl/internal-privacy-rights/x', FORM],
    ['/nl/internal-privacy-rights//evil.example', FORM],
    ['/nl/internal-privacy-rights/\\evil.example', FORM],
    ['/nl/about', FORM],
    ['/nl/internal-privacy-rights/sign-in', FORM],
    [42, FORM],
  ])('%j → %s', (value, expected) => {
    expect(safeReturnTo(value, 'nl')).toBe(expected)
  })
})

describe('paths that only look like staff paths', () => {
  let setup: Awaited<ReturnType<typeof staffTestSetup>>
  beforeAll(async () => {
    setup = await staffTestSetup()
  })
  afterAll(() => setup?.close())

  it.each([
    ['prod-nl.localhost', '/%2F%2Fevil.example/internal-privacy-rights/x'],
    ['prod-nl.localhost', '/%2F%2Fevil.example/internal-privacy-rights/sign-in'],
    ['nl.localhost', '/%2F%2Fevil.example/internal-privacy-rights/sign-in'],
    ['nl.localhost', '/%2F%2Fevil.example/internal-privacy-rights/direct-marketing'],
    ['prod-nl.localhost', '/NL/internal-privacy-rights/sign-in'],
    ['prod-nl.localhost', '/%6El/internal-privacy-rights/sign-in'],
    ['prod-nl.localhost', '/INTERNAL-PRIVACY-RIGHTS/callback'],
    ['prod-nl.localhost', '/nl/Internal-Privacy-Rights/sign-in'],
    ['nl.localhost', '/api/internal-privacy-rights/sign-in'],
  ])('%s %s: no sign-in, no redirect off the site', async (host, path) => {
    const response = await request(setup.app).get(path).set('Host', host)
    expect(response.status).toBeLessThan(500)
    const location = String(response.headers.location ?? '')
    expect(location).not.toMatch(/^\/\/|^\/\\|^[a-z]+:/i)
    expect(location).not.toContain(setup.idp.issuer)
    expect(String(response.headers['set-cookie'] ?? '')).not.toContain('__Host-staff')
  })

  it('the staff API answers a signed-out GET with 401, not a redirect', async () => {
    const response = await request(setup.app)
      .get('/api/internal-privacy-rights/audit')
      .set('Host', 'nl.localhost')
    expect(response.status).toBe(401)
    expect(response.body.error.code).toBe('UNAUTHENTICATED')
  })
})
