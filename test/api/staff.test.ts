import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRANDS } from '#server/brands.ts'
import { findRequest, suppressionsOf } from '#server/db/privacy-request-repository.ts'
import type { OutboxWorker } from '#server/mail/outbox-worker.ts'
import { DATABASES, testDatabaseUrl } from '../support/app'
import { SmtpSink } from '../support/smtp'
import { cookieOf, signIn, staffTestSetup } from '../support/staff'

const HOST = 'nl.localhost'
const ORIGIN = 'http://nl.localhost:3211'
const PRODUCTION = 'prod-nl.localhost'
const FORM = '/nl/internal-privacy-rights/direct-marketing'
const API = '/api/internal-privacy-rights/direct-marketing'
const SESSION = '__Host-staff-session'

function twoBrandsBody(country: 'NL' | 'BE' = 'NL') {
  const [first, second] = BRANDS[country].brands
  return {
    flowType: 'OBJECTION',
    country,
    language: 'nl',
    email: 'klant@example.nl',
    phoneNumber: '+31612345678',
    brands: [...(first?.nroKeys ?? []), ...(second?.nroKeys ?? [])],
    communicationTypes: ['PHONE', 'EMAIL'],
    identityCheck: { method: 'PHONE_CALL', note: 'Geboortedatum en adres nagevraagd' },
    touchpoint: `${ORIGIN}${FORM}`,
  }
}

describe.each(DATABASES)('staff area on %s', (kind) => {
  const sink = new SmtpSink()
  let setup: Awaited<ReturnType<typeof staffTestSetup>>
  let worker: OutboxWorker
  let anna: string

  beforeAll(async () => {
    await sink.start()
    setup = await staffTestSetup({
      DATABASE_URL: await testDatabaseUrl(kind),
      SMTP_URL: sink.url,
      STAFF_ALLOWED_EMAIL_DOMAINS: 'dpgmedia.nl,dpgmedia.be',
    })
    worker = setup.composition.startWorkers({ outboxIntervalMs: 50, retryBaseMs: 50 })
    const signedIn = await signIn(setup.app, 'anna.jansen@dpgmedia.nl')
    anna = cookieOf(signedIn, SESSION)?.pair ?? ''
  })

  afterAll(async () => {
    await worker?.stop()
    await setup?.close()
    await sink.stop()
  })

  it('does not exist without INTERNAL_PRIVACY_RIGHTS: 404 for pages and API, even signed in', async () => {
    for (const path of [
      FORM,
      '/nl/internal-privacy-rights/processed',
      '/nl/internal-privacy-rights/sign-in',
      '/fr/internal-privacy-rights/direct-marketing',
    ]) {
      const page = await request(setup.app).get(path).set('Host', PRODUCTION).set('Cookie', anna)
      expect(page.status, path).toBe(404)
    }
    const post = await request(setup.app)
      .post(API)
      .set('Host', PRODUCTION)
      .set('Cookie', anna)
      .send(twoBrandsBody())
    expect(post.status).toBe(404)
    expect(post.body.error.code).toBe('NOT_FOUND')
    const audit = await request(setup.app)
      .get('/api/internal-privacy-rights/audit')
      .set('Host', PRODUCTION)
      .set('Cookie', anna)
    expect(audit.status).toBe(404)
  })

  it('sends a signed-out visitor to sign-in, and on to the provider with PKCE, state and nonce', async () => {
    const page = await request(setup.app).get(FORM).set('Host', HOST)
    expect(page.status).toBe(302)
    expect(page.headers.location).toBe(
      `/nl/internal-privacy-rights/sign-in?returnTo=${encodeURIComponent(FORM)}`,
    )
    const signInPage = await request(setup.app).get(String(page.headers.location)).set('Host', HOST)
    expect(signInPage.status).toBe(302)
    const authorize = new URL(String(signInPage.headers.location))
    expect(authorize.origin).toBe(setup.idp.issuer)
    expect(authorize.searchParams.get('response_type')).toBe('code')
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(authorize.searchParams.get('state')).toBeTruthy()
    expect(authorize.searchParams.get('nonce')).toBeTruthy()
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/internal-privacy-rights/callback`)
    const transaction = cookieOf(signInPage, '__Host-staff-signin')
    expect(transaction?.line).toMatch(/Path=\/; .*HttpOnly; Secure; SameSite=Lax/i)
    const processed = await request(setup.app).get('/nl/internal-privacy-rights/processed').set('Host', HOST)
    expect(processed.status).toBe(302)
    const api = await request(setup.app).post(API).set('Host', HOST).send(twoBrandsBody())
    expect(api.status).toBe(401)
    expect(api.body.error.code).toBe('UNAUTHENTICATED')
  })

  it('signs staff in with a strict, signed session cookie and shows who is signed in', async () => {
    const callback = await signIn(setup.app, 'bert@dpgmedia.be')
    expect(callback.status).toBe(200)
    expect(callback.text).toContain(`url=${FORM}`)
    const session = cookieOf(callback, SESSION)
    expect(session?.line).toMatch(
      /^__Host-staff-session=[\w-]{43}\.[\w-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    )
    const page = await request(setup.app)
      .get(FORM)
      .set('Host', HOST)
      .set('Cookie', session?.pair ?? '')
    expect(page.status).toBe(200)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.text).toContain('Ingelogd als Bert')
    expect(page.text).not.toMatch(/<header class="header/)
    // A forged or altered cookie is nobody.
    const forged = `${session?.pair.slice(0, -3)}abc`
    const refused = await request(setup.app).get(FORM).set('Host', HOST).set('Cookie', forged)
    expect(refused.status).toBe(302)
  })

  it('refuses a signed-in person outside the allowed domains with 403, and records it', async () => {
    const callback = await signIn(setup.app, 'mallory@example.com')
    expect(callback.status).toBe(403)
    expect(callback.text).toContain('Geen toegang')
    expect(cookieOf(callback, SESSION)).toBeNull()
    const rows = await setup.composition.db.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('actor_email', '=', 'mallory@example.com')
      .execute()
    expect(rows.map((row) => row.action)).toEqual(['SIGN_IN_REFUSED'])
  })

  it('records an objection at once: suppressions, audit entry with the staff identity, confirmation mail', async () => {
    const body = twoBrandsBody()
    const response = await request(setup.app).post(API).set('Host', HOST).set('Cookie', anna).send(body)
    expect(response.status).toBe(201)
    const recorded = response.body.recorded
    expect(recorded.channels).toEqual(['PHONE', 'EMAIL'])
    expect(recorded.brands).toHaveLength(2)
    expect(recorded.confirmationMail).toBe(true)
    const db = setup.composition.db.db
    const stored = await findRequest(db, recorded.requestId)
    expect(stored?.status).toBe('executed')
    expect(stored?.verifiedAt).toBeTruthy()
    const suppressions = await suppressionsOf(db, recorded.requestId)
    expect(suppressions).toHaveLength(body.brands.length * 2)
    expect(
      suppressions.filter((s) => s.channel === 'PHONE').every((s) => s.phoneNumber === '+31612345678'),
    ).toBe(true)
    expect(
      suppressions.filter((s) => s.channel === 'EMAIL').every((s) => s.email === 'klant@example.nl'),
    ).toBe(true)
    const audit = await db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('request_id', '=', recorded.requestId)
      .execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]?.action).toBe('OBJECTION_RECORDED')
    expect(audit[0]?.actor_email).toBe('anna.jansen@dpgmedia.nl')
    expect(audit[0]?.actor_subject).toBe('anna.jansen@dpgmedia.nl')
    expect(audit[0]?.actor_issuer).toBe(setup.idp.issuer)
    expect(JSON.parse(audit[0]?.details ?? '{}')).toMatchObject({
      channels: ['PHONE', 'EMAIL'],
      identityCheck: 'PHONE_CALL',
    })
    // The customer's contact data and the free-text note are in the request, never in the audit trail.
    expect(audit[0]?.details).not.toContain('klant@example.nl')
    expect(audit[0]?.details).not.toContain('Geboortedatum')
    expect(stored?.identityCheck).toBe('PHONE_CALL')
    expect(stored?.identityNote).toBe('Geboortedatum en adres nagevraagd')
    const [mail] = await sink.waitFor((m) => JSON.stringify(m.to).includes('klant@example.nl'))
    expect(mail?.subject).toBe(`Je bezwaar tegen direct marketing is verwerkt [${stored?.reference}]`)
    expect(stored?.reference).toMatch(/^NL-\d{6}-[2-9A-Z]{5}$/)
    expect(mail?.text).toContain('Je hebt onze klantenservice gevraagd')
    // No verification mail: staff checked the customer's identity.
    expect(sink.to('klant@example.nl')).toHaveLength(1)

    const processed = await request(setup.app)
      .get(`/nl/internal-privacy-rights/processed?request=${recorded.requestId}`)
      .set('Host', HOST)
      .set('Cookie', anna)
    expect(processed.status).toBe(200)
    expect(processed.text).toContain(recorded.requestId)
    expect(processed.text).toContain('klant@example.nl')
    expect(processed.text).toContain('Bezwaar vastgelegd')
    // Another staff member does not see it.
    const bert = cookieOf(await signIn(setup.app, 'bert@dpgmedia.be'), SESSION)?.pair ?? ''
    const other = await request(setup.app)
      .get(`/nl/internal-privacy-rights/processed?request=${recorded.requestId}`)
      .set('Host', HOST)
      .set('Cookie', bert)
    expect(other.text).not.toContain('klant@example.nl')
    const own = await request(setup.app)
      .get('/api/internal-privacy-rights/audit')
      .set('Host', HOST)
      .set('Cookie', anna)
    expect(own.body.entries[0]).toMatchObject({ action: 'OBJECTION_RECORDED', requestId: recorded.requestId })
  })

  it('records for a Belgian customer in French, with the Belgian brands', async () => {
    const brands = BRANDS.BE.brands.slice(0, 2).flatMap((brand) => brand.nroKeys)
    const response = await request(setup.app)
      .post(API)
      .set('Host', 'be.localhost')
      .set('Cookie', anna)
      .send({
        ...twoBrandsBody('BE'),
        language: 'fr',
        email: 'client@example.be',
        phoneNumber: '+32470123456',
        brands,
        touchpoint: 'http://be.localhost:3211/fr/internal-privacy-rights/direct-marketing',
      })
    expect(response.status).toBe(201)
    expect(response.body.recorded).toMatchObject({ country: 'BE', language: 'fr' })
    const [mail] = await sink.waitFor((m) => JSON.stringify(m.to).includes('client@example.be'))
    expect(mail?.subject).toMatch(/opposition/i)
    expect(mail?.text).toContain('Vous avez demandé à notre service clientèle')
    // The Dutch brand list is not the Belgian one.
    const dutch = await request(setup.app)
      .post(API)
      .set('Host', 'be.localhost')
      .set('Cookie', anna)
      .send({ ...twoBrandsBody('BE'), brands: ['no-such-be-brand'] })
    expect(dutch.status).toBe(400)
  })

  it('refuses a cross-site POST that carries a valid session cookie', async () => {
    const before = await setup.composition.db.db.selectFrom('privacy_requests').select('id').execute()
    for (const headers of [{ 'Sec-Fetch-Site': 'cross-site' }, { Origin: 'https://evil.example' }]) {
      const response = await request(setup.app)
        .post(API)
        .set('Host', HOST)
        .set('Cookie', anna)
        .set(headers)
        .send(twoBrandsBody())
      expect(response.status).toBe(403)
      expect(response.body.error.code).toBe('CROSS_SITE_REQUEST')
    }
    const signOut = await request(setup.app)
      .post('/nl/internal-privacy-rights/sign-out')
      .set('Host', HOST)
      .set('Cookie', anna)
      .set('Sec-Fetch-Site', 'cross-site')
    expect(signOut.status).toBe(403)
    const after = await setup.composition.db.db.selectFrom('privacy_requests').select('id').execute()
    expect(after).toHaveLength(before.length)
  })

  it('checks the body like the public flow, plus the identity check', async () => {
    const post = (body: object) =>
      request(setup.app).post(API).set('Host', HOST).set('Cookie', anna).send(body)
    const { identityCheck: _, ...withoutCheck } = twoBrandsBody()
    const missing = await post(withoutCheck)
    expect(missing.status).toBe(400)
    expect(missing.body.error.fields).toContainEqual({ field: 'identityCheck', rule: 'required' })
    const noPhone = await post({ ...twoBrandsBody(), phoneNumber: undefined })
    expect(noPhone.body.error.fields).toContainEqual({ field: 'phoneNumber', rule: 'required' })
    const notifications = await post({ ...twoBrandsBody(), communicationTypes: ['NOTIFICATIONS'] })
    expect(notifications.status).toBe(400)
    const badBrand = await post({ ...twoBrandsBody(), brands: ['no-such-brand'] })
    expect(badBrand.body.error.fields).toContainEqual({ field: 'brands', rule: 'brand' })
    const postal = await post({ ...twoBrandsBody(), communicationTypes: ['POSTAL'], email: undefined })
    expect(postal.body.error.fields).toEqual(
      expect.arrayContaining([
        { field: 'userInfo.firstName', rule: 'required' },
        { field: 'userInfo.address', rule: 'address' },
      ]),
    )
  })

  it('keeps the audit trail append-only in the database itself', async () => {
    const db = setup.composition.db.db
    await expect(
      db.updateTable('staff_audit_log').set({ actor_email: 'someone@else.nl' }).execute(),
    ).rejects.toThrow(/append-only/)
    await expect(db.deleteFrom('staff_audit_log').execute()).rejects.toThrow(/append-only/)
    const rows = await db.selectFrom('staff_audit_log').select('actor_email').execute()
    expect(rows.some((row) => row.actor_email === 'someone@else.nl')).toBe(false)
    expect(rows.length).toBeGreaterThan(0)
  })

  it('signs out: the session ends on the server and the cookie is cleared', async () => {
    const cookie = cookieOf(await signIn(setup.app, 'carla@dpgmedia.nl'), SESSION)?.pair ?? ''
    const out = await request(setup.app)
      .post('/nl/internal-privacy-rights/sign-out')
      .set('Host', HOST)
      .set('Cookie', cookie)
    expect(out.status).toBe(303)
    expect(out.headers.location).toBe('/nl/internal-privacy-rights/sign-in?signed-out=1')
    expect(cookieOf(out, SESSION)?.line).toMatch(/Expires=Thu, 01 Jan 1970/)
    const again = await request(setup.app).get(FORM).set('Host', HOST).set('Cookie', cookie)
    expect(again.status).toBe(302)
    // After signing out the page says so instead of signing in again at once.
    const page = await request(setup.app)
      .get('/nl/internal-privacy-rights/sign-in?signed-out=1')
      .set('Host', HOST)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Je bent uitgelogd.')
    const actions = await setup.composition.db.db
      .selectFrom('staff_audit_log')
      .select('action')
      .where('actor_email', '=', 'carla@dpgmedia.nl')
      .orderBy('occurred_at')
      .execute()
    expect(actions.map((row) => row.action)).toEqual(['SIGN_IN', 'SIGN_OUT'])
  })
})
