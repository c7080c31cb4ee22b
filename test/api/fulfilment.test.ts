import { createClient } from 'redis'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BRANDS } from '#server/brands.ts'
import { insertSuppressions } from '#server/db/privacy-request-repository.ts'
import type { OutboxWorker } from '#server/mail/outbox-worker.ts'
import { normalisePhone } from '#server/services/api-client-fulfilment.ts'
import { UnknownBrandKeys } from '#server/services/errors.ts'
import { flattenNroKeys } from '#shared/brands.ts'
import { togglesFrom } from '#shared/site.ts'
import { DATABASES, runRetention, testDatabaseUrl, testSetup } from '../support/app'
import { openApiSchemas } from '../support/openapi'
import { writerConnection } from '../support/paused-writer'
import { SmtpSink } from '../support/smtp'
import { confirmByMail } from '../support/verification'
import { eventually } from '../support/waiting'

const NL = 'privacy.dpgmedia.nl'
const BE = 'privacy.dpgmedia.be'
const FEED = '/api/v1/suppressions'

const staffMember = {
  subject: 'sub-lisa',
  issuer: 'test',
  email: 'lisa@dpgmedia.be',
  name: 'Lisa',
  roles: [],
}

describe.each(DATABASES)('the suppression feed for brand systems on %s', (kind) => {
  let now = new Date('2026-11-02T09:00:00Z')
  let setup: Awaited<ReturnType<typeof testSetup>>
  const secrets = { be: '', beAll: '', nl: '' }

  beforeAll(async () => {
    setup = await testSetup({ DATABASE_URL: await testDatabaseUrl(kind) }, undefined, { clock: () => now })
    const clients = setup.composition.services.apiClients
    secrets.be = (await clients.add({ name: 'HLN CRM', country: 'BE', brands: ['HLN', 'HUMO'] })).secret
    secrets.beAll = (await clients.add({ name: 'BE call centre', country: 'BE' })).secret
    secrets.nl = (await clients.add({ name: 'AD mailing', country: 'NL' })).secret
    described = openApiSchemas((await request(setup.app).get('/api/openapi.json').set('Host', BE)).body)
  })
  afterAll(() => setup?.composition.close())

  const feed = (secret: string | undefined, query = '') => {
    const call = request(setup.app).get(`${FEED}${query}`).set('Host', BE)
    return secret === undefined ? call : call.set('Authorization', `Bearer ${secret}`)
  }
  /** The answer is what the served OpenAPI document says it is (its schemas come from the code's types). */
  let described: ReturnType<typeof openApiSchemas>
  const expectDescribed = (pointer: string, value: unknown) => {
    const validate = described.at(pointer)
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true)
  }
  /** A phone-only objection: executed at once, no verification. */
  const objection = (host: string, country: 'NL' | 'BE', brands: string[], phoneNumber: string) =>
    request(setup.app)
      .post('/api/privacy-rights/request')
      .set('Host', host)
      .send({ flowType: 'OBJECTION', country, language: 'nl', phoneNumber, brands })

  it('answers 401 with WWW-Authenticate without a secret, with a wrong one, and after revocation', async () => {
    const missing = await feed(undefined)
    expect(missing.status).toBe(401)
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="privacy-site"')
    expect(missing.body.error.code).toBe('UNAUTHENTICATED')
    const wrong = await feed(`pss_${'x'.repeat(43)}`)
    expect(wrong.status).toBe(401)
    expect(wrong.headers['www-authenticate']).toContain('error="invalid_token"')
    // Both as the document declares them, on the 401 of every client path.
    for (const answer of [missing, wrong]) {
      expectDescribed(
        '/components/responses/ClientE401/headers/WWW-Authenticate/schema',
        answer.headers['www-authenticate'],
      )
      expectDescribed('/components/responses/ClientE401/content/application~1json/schema', answer.body)
    }
    const { secret } = await setup.composition.services.apiClients.add({ name: 'Short-lived', country: 'NL' })
    expect((await feed(secret)).status).toBe(200)
    await setup.composition.services.apiClients.revoke('Short-lived')
    expect((await feed(secret)).status).toBe(401)
  })

  it('takes the Bearer scheme in any case, and nothing but Bearer', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR', 'Bearer  ']) {
      const answer = await request(setup.app)
        .get(FEED)
        .set('Host', BE)
        .set('Authorization', `${scheme} ${secrets.beAll}`)
      expect(answer.status, scheme).toBe(200)
    }
    for (const header of [`Basic ${secrets.beAll}`, `Bearer${secrets.beAll}`, secrets.beAll]) {
      const answer = await request(setup.app).get(FEED).set('Host', BE).set('Authorization', header)
      expect(answer.status, header).toBe(401)
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="privacy-site"')
    }
  })

  it('keeps a rotated secret working for 24 hours, then only the new one', async () => {
    const clients = setup.composition.services.apiClients
    const { secret: old } = await clients.add({ name: 'Rotating', country: 'BE' })
    const fresh = await clients.rotate('Rotating')
    expect(fresh).not.toBe(old)
    expect((await feed(old)).status).toBe(200)
    expect((await feed(fresh)).status).toBe(200)
    const start = now
    now = new Date(start.getTime() + 24 * 3600_000 + 1000)
    try {
      expect((await feed(old)).status).toBe(401)
      expect((await feed(fresh)).status).toBe(200)
    } finally {
      now = start
    }
  })

  it('keeps each earlier secret for its own 24 hours when a client is rotated twice in a day', async () => {
    const clients = setup.composition.services.apiClients
    const { secret: first } = await clients.add({ name: 'Twice rotated', country: 'BE' })
    const start = now
    const at = (hours: number) => {
      now = new Date(start.getTime() + hours * 3600_000)
    }
    const works = async (secret: string) => (await feed(secret)).status === 200
    try {
      const second = await clients.rotate('Twice rotated')
      // Six hours on, the new secret is lost on its way: the operator rotates again.
      at(6)
      const third = await clients.rotate('Twice rotated')
      expect([await works(first), await works(second), await works(third)]).toEqual([true, true, true])
      at(24.01)
      expect([await works(first), await works(second), await works(third)]).toEqual([false, true, true])
      at(30.01)
      expect([await works(first), await works(second), await works(third)]).toEqual([false, false, true])
      // What no longer works is not kept: the retention job deletes the hashes whose time is up.
      expect((await runRetention(setup, now))?.previousSecrets).toBeGreaterThanOrEqual(2)
      const kept = await setup.composition.db.db
        .selectFrom('api_client_previous_secrets as p')
        .innerJoin('api_clients as c', 'c.id', 'p.client_id')
        .select('p.secret_hash')
        .where('c.name', '=', 'Twice rotated')
        .execute()
      expect(kept).toEqual([])
    } finally {
      now = start
    }
  })

  it('shows an objection to the clients of its country and brands only, with the contact data of its channel', async () => {
    const answer = await objection(BE, 'BE', ['HLN', 'DM', 'HUMO'], '+32470123456')
    expect(answer.status).toBe(200)
    const reference = answer.body.reference as string
    const brandClient = (await feed(secrets.be, '?limit=1000')).body
    expectDescribed('/components/schemas/FeedPage', brandClient)
    const mine = brandClient.items.filter((item: { reference: string }) => item.reference === reference)
    expect(mine.map((item: { brandKey: string }) => item.brandKey).sort()).toEqual(['HLN', 'HUMO'])
    expect(mine[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      reference,
      country: 'BE',
      brandKey: expect.any(String),
      channel: 'PHONE',
      phoneNumber: '+32470123456',
      createdAt: expect.any(String),
    })
    const everyBrand = (await feed(secrets.beAll, '?limit=1000')).body
    expect(
      everyBrand.items.filter((item: { reference: string }) => item.reference === reference),
    ).toHaveLength(3)
    // A client without the right to contact data gets ids and references only.
    const { secret: idsOnly } = await setup.composition.services.apiClients.add({
      name: 'Ids only',
      country: 'BE',
      contactData: false,
    })
    const bare = (await feed(idsOnly, '?limit=1000')).body.items.find(
      (item: { reference: string }) => item.reference === reference,
    )
    expect(bare).toEqual({ ...mine[0], brandKey: bare.brandKey, id: bare.id, phoneNumber: undefined })
    expectDescribed('/components/schemas/FeedPage', { items: [bare], next: null })
    expect(Object.keys(bare)).not.toContain('phoneNumber')
    const otherCountry = (await feed(secrets.nl, '?limit=1000')).body
    expect(otherCountry.items.some((item: { reference: string }) => item.reference === reference)).toBe(false)
    // Every call is counted (once its answer is done), never what it answered.
    await eventually('the feed calls counted', async () => {
      const listed = await setup.composition.services.apiClients.list()
      const calls = listed.find((client) => client.name === 'HLN CRM')?.calls ?? []
      return (calls.find((call) => call.endpoint === 'suppressions')?.calls ?? 0) > 0
    })
  })

  it('shows an objection staff recorded like any other', async () => {
    const site = {
      host: 'nl.localhost',
      country: 'NL' as const,
      environment: 'local' as const,
      toggles: togglesFrom(['INTERNAL_PRIVACY_RIGHTS']),
      origin: 'http://nl.localhost:3000',
    }
    const recorded = await setup.composition.services.staff.service.recordObjection(
      {
        flowType: 'OBJECTION',
        country: 'NL',
        language: 'nl',
        phoneNumber: '+31687654321',
        brands: ['AD'],
        communicationTypes: ['PHONE'],
        identityCheck: { method: 'PHONE_CALL' },
      } as never,
      site,
      { ...staffMember, roles: ['customer-service'] } as never,
    )
    const items = (
      await request(setup.app)
        .get(`${FEED}?limit=1000`)
        .set('Host', NL)
        .set('Authorization', `Bearer ${secrets.nl}`)
    ).body.items
    expect(items).toContainEqual(
      expect.objectContaining({
        reference: recorded.reference,
        brandKey: 'AD',
        channel: 'PHONE',
        phoneNumber: '+31687654321',
      }),
    )
  })

  it('ends a short page with next null, and resumes from the last id or the last next', async () => {
    const all = (await feed(secrets.beAll, '?limit=1000')).body
    expect(all.next).toBeNull()
    const lastId = all.items.at(-1).id
    expect((await feed(secrets.beAll, `?after=${lastId}`)).body).toEqual({ items: [], next: null })
    const first = (await feed(secrets.beAll, '?limit=1')).body
    expect(first.items).toHaveLength(1)
    expect(first.next).toMatch(/^\d+$/)
    const second = (await feed(secrets.beAll, `?limit=1&after=${first.next}`)).body
    const viaId = (await feed(secrets.beAll, `?limit=1&after=${first.items[0].id}`)).body
    expect(viaId).toEqual(second)
    expect(second.items[0].id).toBe(all.items[1].id)
  })

  it('refuses a bad cursor or limit', async () => {
    for (const query of [
      '?limit=0',
      '?limit=1001',
      '?limit=abc',
      '?after=-1',
      '?after=abc',
      '?other=1',
      '?after=00000000-0000-4000-8000-000000000000',
    ]) {
      const answer = await feed(secrets.be, query)
      expect(answer.status, query).toBe(400)
      expect(answer.body.error.code, query).toBe('VALIDATION_FAILED')
    }
  })

  it('resolves an id as cursor within the client view only: unknown and foreign ids answer alike', async () => {
    const idOf = async (secret: string) => (await feed(secret, '?limit=1')).body.items[0].id as string
    await objection(BE, 'BE', ['DM'], '+32470313131')
    const dmOnly = (
      await setup.composition.services.apiClients.add({ name: 'DM only', country: 'BE', brands: ['DM'] })
    ).secret
    const unknown = await feed(secrets.be, '?after=00000000-0000-4000-8000-000000000000')
    expect(unknown.status).toBe(400)
    // Another country's suppression, and one of the same country but another brand (DM, not HLN or HUMO).
    for (const foreign of [await idOf(secrets.nl), await idOf(dmOnly)]) {
      const answer = await feed(secrets.be, `?after=${foreign}`)
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: unknown.body })
    }
    expect((await feed(secrets.be, `?after=${await idOf(secrets.be)}`)).status).toBe(200)
  })

  it('pages through 5,000 rows without gaps or repeats while writes continue', async () => {
    const db = setup.composition.db.db
    const request = await objection(NL, 'NL', ['AD'], '+31611111111')
    const requestId = (
      await db
        .selectFrom('privacy_requests')
        .select('id')
        .where('reference', '=', request.body.reference)
        .executeTakeFirstOrThrow()
    ).id
    const write = (count: number) =>
      db.transaction().execute((trx) =>
        insertSuppressions(
          trx,
          Array.from({ length: count }, (_, i) => ({
            channel: 'EMAIL' as const,
            brandKey: 'AD',
            country: 'NL' as const,
            email: `reader${i}@example.nl`,
            phoneNumber: null,
            postalAddress: null,
            requestId,
          })),
          now.toISOString(),
        ),
      )
    await write(4000)
    const seen: string[] = []
    let cursor: string | null = null
    let writes = 0
    for (let page = 0; page < 100; page++) {
      // Writers keep committing between (and during) the reads.
      const writing = writes < 10 ? write(100).then(() => writes++) : Promise.resolve()
      const answer = await feed(secrets.nl, `?limit=500${cursor ? `&after=${cursor}` : ''}`)
      await writing
      expect(answer.status).toBe(200)
      const ids = answer.body.items.map((item: { id: string }) => item.id) as string[]
      seen.push(...ids)
      // Done once the writers are and a read finds nothing new.
      if (ids.length === 0 && writes >= 10) break
      // A short page ends the walk for now; later, continue from the last id one has.
      cursor = answer.body.next ?? ids.at(-1) ?? cursor
    }
    const all = await db
      .selectFrom('marketing_suppressions')
      .select('id')
      .where('country', '=', 'NL')
      .execute()
    expect(seen.length).toBe(new Set(seen).size)
    expect(new Set(seen)).toEqual(new Set(all.map((row) => row.id)))
    expect(seen.length).toBeGreaterThanOrEqual(5000)
  })

  /** A client's walk from `from` to the end, as the README tells an integrator to walk. */
  async function walk(secret: string, from: string | null) {
    const ids: string[] = []
    let cursor = from
    for (;;) {
      const page = (await feed(secret, `?limit=1000${cursor ? `&after=${cursor}` : ''}`)).body as {
        items: { id: string }[]
        next: string | null
      }
      ids.push(...page.items.map((item) => item.id))
      cursor = page.next ?? page.items.at(-1)?.id ?? cursor
      if (!page.next) return { ids, cursor }
    }
  }

  it('never lets a cursor pass a row still uncommitted: two writers overlapping, a reader between', async () => {
    const url = setup.config.databaseUrl
    const { cursor: start } = await walk(secrets.nl, null)
    const reference = (await objection(NL, 'NL', ['AD'], '+31622222222')).body.reference as string
    const { id: requestId } = await setup.composition.db.db
      .selectFrom('privacy_requests')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow()
    const rows = (name: string) => [
      {
        channel: 'EMAIL' as const,
        brandKey: 'AD',
        country: 'NL' as const,
        email: `${name}@example.nl`,
        phoneNumber: null,
        postalAddress: null,
        requestId,
      },
    ]
    const iso = now.toISOString()
    // Writer A takes its feed number and stops, its transaction open, before it writes its rows.
    const a = writerConnection(url, { stopBefore: /^insert into "marketing_suppressions"/ })
    // Writer B, on a connection of its own, gives up where it would have to wait for A.
    const b = writerConnection(url, { waitForLocks: false })
    const aWrites = a.transaction((trx) => insertSuppressions(trx, rows('writer-a'), iso))
    try {
      await a.stopped
      const bFirst = await b.transaction((trx) => insertSuppressions(trx, rows('writer-b'), iso))
      // The client reads while A is open, and keeps its cursor. On SQLite a read waits for an open writer
      // (it counts the call), and here that writer is in this process: so it reads then only if B could
      // commit before A, the moment a cursor could pass A's row.
      const readNow = bFirst !== 'waits' || setup.composition.db.dialect === 'postgres'
      const during = readNow ? await walk(secrets.nl, start) : { ids: [], cursor: start }
      a.go()
      const aRows = await aWrites
      // B, held back by A, writes once A committed; or it had committed already.
      const bRows =
        bFirst === 'waits'
          ? await b.transaction((trx) => insertSuppressions(trx, rows('writer-b'), iso))
          : bFirst
      if (aRows === 'waits' || bRows === 'waits') throw new Error('A writer was held back with A committed')
      const after = await walk(secrets.nl, during.cursor)
      const seen = [...during.ids, ...after.ids]
      expect(seen).toContain(aRows[0]?.id)
      expect(seen).toContain(bRows[0]?.id)
      expect(seen.length).toBe(new Set(seen).size)
    } finally {
      a.go()
      await aWrites.catch(() => undefined)
      await a.close()
      await b.close()
    }
  })

  it('looks a contact up in any notation, within the client country', async () => {
    await objection(BE, 'BE', ['HLN'], '+32470987654')
    for (const phoneNumber of [
      '+32470987654',
      '0470 98 76 54',
      '0032 470/98.76.54',
      '(0470) 987-654',
      ' +32 470 98 76 54\t',
      '+32 (0)470 98 76 54',
      '+32 0470 98 76 54',
    ]) {
      const answer = await request(setup.app)
        .post(`${FEED}/lookup`)
        .set('Host', BE)
        .set('Authorization', `Bearer ${secrets.beAll}`)
        .send({ phoneNumber })
      expect(answer.status, phoneNumber).toBe(200)
      expect(answer.body, phoneNumber).toEqual({ suppressed: true, channels: ['PHONE'], brandKeys: ['HLN'] })
    }
    const nobody = await request(setup.app)
      .post(`${FEED}/lookup`)
      .set('Host', BE)
      .set('Authorization', `Bearer ${secrets.beAll}`)
      .send({ email: 'Nobody@Example.be' })
    expect(nobody.body).toEqual({ suppressed: false, channels: [], brandKeys: [] })
    const elsewhere = await request(setup.app)
      .post(`${FEED}/lookup`)
      .set('Host', NL)
      .set('Authorization', `Bearer ${secrets.nl}`)
      .send({ phoneNumber: '+32470987654' })
    expect(elsewhere.body.suppressed).toBe(false)
    for (const body of [
      {},
      { email: 'x' },
      { email: '   ' },
      { email: ' a b@example.be ' },
      { email: 'a@b.be', phoneNumber: '+32470987654' },
      { phone: '1' },
    ]) {
      const bad = await request(setup.app)
        .post(`${FEED}/lookup`)
        .set('Host', BE)
        .set('Authorization', `Bearer ${secrets.beAll}`)
        .send(body)
      expect(bad.status, JSON.stringify(body)).toBe(400)
    }
    const email = await objectionByEmailVerifiedDirectly()
    // In any case, and with the spaces a pasted address brings along (as the public forms accept them).
    for (const notation of [email.toUpperCase(), ` ${email} `, `\t${email}\n`]) {
      const byEmail = await request(setup.app)
        .post(`${FEED}/lookup`)
        .set('Host', BE)
        .set('Authorization', `Bearer ${secrets.beAll}`)
        .send({ email: notation })
      expect(byEmail.status, JSON.stringify(notation)).toBe(200)
      expect(byEmail.body).toEqual({ suppressed: true, channels: ['EMAIL'], brandKeys: ['DM'] })
      expectDescribed('/components/schemas/LookupAnswer', byEmail.body)
    }
  })

  /** A suppression by e-mail, as a verified objection leaves it. */
  async function objectionByEmailVerifiedDirectly() {
    const db = setup.composition.db.db
    const answer = await objection(BE, 'BE', ['DM'], '+32470555555')
    const { id } = await db
      .selectFrom('privacy_requests')
      .select('id')
      .where('reference', '=', answer.body.reference)
      .executeTakeFirstOrThrow()
    await db.transaction().execute((trx) =>
      insertSuppressions(
        trx,
        [
          {
            channel: 'EMAIL',
            brandKey: 'DM',
            country: 'BE',
            email: 'lezer@example.be',
            phoneNumber: null,
            postalAddress: null,
            requestId: id,
          },
        ],
        now.toISOString(),
      ),
    )
    return 'lezer@example.be'
  }

  it('records "applied" once per client, idempotently, and only for what the client may see', async () => {
    const answer = await objection(BE, 'BE', ['HUMO'], '+32470222333')
    const items = (await feed(secrets.be, '?limit=1000')).body.items as { id: string; reference: string }[]
    const item = items.find((i) => i.reference === answer.body.reference)
    if (!item) throw new Error('the objection is not in the feed')
    const apply = (secret: string, id: string) =>
      request(setup.app)
        .post(`${FEED}/${id}/applied`)
        .set('Host', BE)
        .set('Authorization', `Bearer ${secret}`)
    const first = await apply(secrets.be, item.id)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ id: item.id, appliedAt: now.toISOString() })
    expectDescribed('/components/schemas/AppliedAnswer', first.body)
    // The privacy desk shows who applied it, and when.
    const desk = setup.composition.services.desk
    const detail = await desk.detail({ ...staffMember, countries: ['BE'] }, answer.body.reference)
    expect(detail.fulfilment).toEqual([
      { brandKey: 'HUMO', channel: 'PHONE', appliedAt: now.toISOString(), client: 'HLN CRM' },
    ])
    const start = now
    now = new Date(start.getTime() + 60_000)
    const again = await apply(secrets.be, item.id)
    now = start
    expect(again.body.appliedAt).toBe(first.body.appliedAt)
    expect((await apply(secrets.nl, item.id)).status).toBe(404)
    expect((await apply(secrets.be, 'not-an-id')).status).toBe(404)
  })

  it('gives a client named by one key of a brand all its keys: an objection to HLN reaches it whole, and it confirms each', async () => {
    const clients = setup.composition.services.apiClients
    const { client, secret, widened } = await clients.add({
      name: 'HLN only',
      country: 'BE',
      brands: ['HLN'],
    })
    expect(client.brands).toEqual(['HLN', 'HLN_DIGITAL'])
    expect(widened).toEqual([{ key: 'HLN', nroKeys: ['HLN', 'HLN_DIGITAL'] }])
    // The form sends every key of the brand the visitor chose.
    const hln = BRANDS.BE.brands.find((brand) => brand.description === 'HLN')?.id ?? ''
    const keys = flattenNroKeys(BRANDS.BE.brands, [hln])
    expect(keys).toEqual(['HLN', 'HLN_DIGITAL'])
    const answer = await objection(BE, 'BE', keys, '+32470121212')
    expect(answer.status).toBe(200)
    const items = (
      (await feed(secret, '?limit=1000')).body.items as { id: string; reference: string }[]
    ).filter((item) => item.reference === answer.body.reference)
    expect(items.map((item) => (item as { brandKey?: string }).brandKey).sort()).toEqual([
      'HLN',
      'HLN_DIGITAL',
    ])
    for (const item of items) {
      const applied = await request(setup.app)
        .post(`${FEED}/${item.id}/applied`)
        .set('Host', BE)
        .set('Authorization', `Bearer ${secret}`)
      expect(applied.status).toBe(200)
    }
    const detail = await setup.composition.services.desk.detail(
      { ...staffMember, countries: ['BE'] },
      answer.body.reference,
    )
    expect(detail.fulfilment).toEqual([
      { brandKey: 'HLN', channel: 'PHONE', appliedAt: now.toISOString(), client: 'HLN only' },
      { brandKey: 'HLN_DIGITAL', channel: 'PHONE', appliedAt: now.toISOString(), client: 'HLN only' },
    ])
    const lookup = await request(setup.app)
      .post(`${FEED}/lookup`)
      .set('Host', BE)
      .set('Authorization', `Bearer ${secret}`)
      .send({ phoneNumber: '+32470121212' })
    expect(lookup.body).toEqual({ suppressed: true, channels: ['PHONE'], brandKeys: ['HLN', 'HLN_DIGITAL'] })
  })

  it('refuses a client brand key its country does not have, naming the keys it has, and stores nothing', async () => {
    const clients = setup.composition.services.apiClients
    const typo = clients.add({ name: 'Typo CRM', country: 'BE', brands: ['HLN', 'HLM'] })
    await expect(typo).rejects.toBeInstanceOf(UnknownBrandKeys)
    await expect(typo).rejects.toThrow(/unknown brand key HLM; the country's keys are .*HLN, HLN_DIGITAL/)
    // A Dutch key is not a Belgian one.
    await expect(clients.add({ name: 'Typo CRM', country: 'BE', brands: ['AD'] })).rejects.toMatchObject({
      unknown: ['AD'],
      fields: [{ field: 'brands', rule: 'unknown' }],
    })
    expect((await clients.list()).some((client) => client.name === 'Typo CRM')).toBe(false)
  })

  it('mails the privacy mailbox, once a day, the suppressions no client confirmed within 25 days', async () => {
    const db = setup.composition.db.db
    const desk = setup.composition.services.desk
    const waiting = await objection(BE, 'BE', ['HUMO'], '+32470999000')
    const start = now
    try {
      now = new Date(start.getTime() + 26 * 86_400_000)
      await desk.runDeadlines()
      await desk.runDeadlines()
      const mails = await db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('kind', '=', 'unconfirmed-suppressions')
        .where('to_address', '=', setup.config.privacyMailbox.BE)
        .execute()
      expect(mails).toHaveLength(1)
      expect(mails[0]?.subject).toMatch(/niet bevestigd door de merken/)
      expect(mails[0]?.text_body).toContain(waiting.body.reference)
      expect(mails[0]?.text_body).toContain('HUMO')
      // The suppression HLN CRM applied earlier is not listed.
      const applied = await db
        .selectFrom('suppression_applied as a')
        .innerJoin('marketing_suppressions as s', 's.id', 'a.suppression_id')
        .innerJoin('privacy_requests as r', 'r.id', 's.request_id')
        .select('r.reference')
        .executeTakeFirstOrThrow()
      expect(applied.reference).toMatch(/^BE-/)
      expect(mails[0]?.text_body).not.toContain(String(applied.reference))
      // The next day: again, while nobody confirms.
      now = new Date(start.getTime() + 27 * 86_400_000)
      await desk.runDeadlines()
      const again = await db
        .selectFrom('mail_outbox')
        .select('id')
        .where('kind', '=', 'unconfirmed-suppressions')
        .execute()
      expect(again.length).toBeGreaterThanOrEqual(3)
    } finally {
      now = start
    }
  })

  it('says in the daily mail how many suppressions wait in all when there are more than it lists', async () => {
    const db = setup.composition.db.db
    const { reference } = (await objection(NL, 'NL', ['AD'], '+31633333333')).body
    const { id: requestId } = await db
      .selectFrom('privacy_requests')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow()
    const waiting = Array.from({ length: 1003 }, (_, i) => ({
      channel: 'EMAIL' as const,
      brandKey: 'AD',
      country: 'NL' as const,
      email: `wacht${i}@example.nl`,
      phoneNumber: null,
      postalAddress: null,
      requestId,
    }))
    await db.transaction().execute((trx) => insertSuppressions(trx, waiting, now.toISOString()))
    const start = now
    try {
      now = new Date(start.getTime() + 40 * 86_400_000)
      const cutoff = new Date(now.getTime() - 25 * 86_400_000).toISOString()
      // No client confirmed any NL suppression in these tests: all from before the cutoff wait.
      const { total } = await db
        .selectFrom('marketing_suppressions')
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .where('country', '=', 'NL')
        .where('created_at', '<', cutoff)
        .executeTakeFirstOrThrow()
      expect(Number(total)).toBeGreaterThan(1000)
      await setup.composition.services.desk.runDeadlines()
      const mail = await db
        .selectFrom('mail_outbox')
        .select(['subject', 'text_body'])
        .where('kind', '=', 'unconfirmed-suppressions')
        .where('to_address', '=', setup.config.privacyMailbox.NL)
        .where('created_at', '=', now.toISOString())
        .executeTakeFirstOrThrow()
      expect(mail.subject).toContain(`${Number(total)} bezwaren`)
      expect(mail.text_body).toContain(`alleen de oudste 1000: in totaal wachten ${Number(total)} bezwaren`)
      expect(mail.text_body?.split('\n').filter((line) => / · AD · /.test(line))).toHaveLength(1000)
    } finally {
      now = start
    }
  })
})

describe.each(DATABASES)('an objection by e-mail, end to end, on %s', (kind) => {
  const sink = new SmtpSink()
  let setup: Awaited<ReturnType<typeof testSetup>>
  let outbox: OutboxWorker

  beforeAll(async () => {
    await sink.start()
    setup = await testSetup({ DATABASE_URL: await testDatabaseUrl(kind), SMTP_URL: sink.url })
    outbox = setup.composition.startWorkers({ outboxIntervalMs: 50, retryBaseMs: 50 })
  })
  afterAll(async () => {
    await outbox?.stop()
    await setup?.composition.close()
    await sink.stop()
  })

  it('reaches the feed of the client of its country and brands once confirmed, and no other client', async () => {
    const clients = setup.composition.services.apiClients
    const add = async (name: string, country: 'NL' | 'BE', brands?: string[]) =>
      (await clients.add({ name, country, brands })).secret
    const mine = await add('HLN and HUMO', 'BE', ['HLN', 'HUMO'])
    const otherBrands = await add('DM only', 'BE', ['DM', 'DM_DIGITAL'])
    const otherCountry = await add('Every NL brand', 'NL')
    const email = `bezwaar-${kind}@example.be`
    const answer = await request(setup.app)
      .post('/api/privacy-rights/request')
      .set('Host', BE)
      .send({ flowType: 'OBJECTION', country: 'BE', language: 'fr', email, brands: ['HLN', 'HUMO'] })
    expect(answer.status).toBe(200)
    const reference = answer.body.reference as string
    const itemsOf = async (secret: string, host: string) => {
      const page = await request(setup.app)
        .get(`${FEED}?limit=1000`)
        .set('Host', host)
        .set('Authorization', `Bearer ${secret}`)
      expect(page.status).toBe(200)
      return (page.body.items as { reference: string; email?: string }[]).filter(
        (item) => item.reference === reference || item.email === email,
      )
    }
    // Not before the requester confirmed the address.
    expect(await itemsOf(mine, BE)).toEqual([])
    const confirm = await confirmByMail(setup.app, sink, BE, email)
    expect(confirm.status).toBe(303)
    expect(confirm.headers.location).toBe('/fr/email-verified')
    const items = await itemsOf(mine, BE)
    expect(items).toEqual([
      expect.objectContaining({ reference, country: 'BE', brandKey: 'HLN', channel: 'EMAIL', email }),
      expect.objectContaining({ reference, country: 'BE', brandKey: 'HUMO', channel: 'EMAIL', email }),
    ])
    // Same country, other brands; another country: nothing, and a lookup there finds nothing either.
    expect(await itemsOf(otherBrands, BE)).toEqual([])
    expect(await itemsOf(otherCountry, NL)).toEqual([])
    const lookup = (secret: string) =>
      request(setup.app)
        .post(`${FEED}/lookup`)
        .set('Host', BE)
        .set('Authorization', `Bearer ${secret}`)
        .send({ email })
    expect((await lookup(mine)).body).toEqual({
      suppressed: true,
      channels: ['EMAIL'],
      brandKeys: ['HLN', 'HUMO'],
    })
    expect((await lookup(otherBrands)).body.suppressed).toBe(false)
    expect((await lookup(otherCountry)).body.suppressed).toBe(false)
  })
})

describe('phone notations', () => {
  it.each([
    ['+31 6 12345678', 'NL', '+31612345678'],
    ['06-12345678', 'NL', '+31612345678'],
    ['0031612345678', 'NL', '+31612345678'],
    ['0470 12 34 56', 'BE', '+32470123456'],
    // The trunk 0 some write after the country code, in brackets or not.
    ['+32 (0)470 12 34 56', 'BE', '+32470123456'],
    ['+32 (0) 470 12 34 56', 'NL', '+32470123456'],
    ['+31 (0)6 1234 5678', 'NL', '+31612345678'],
    ['+31(0)612345678', 'BE', '+31612345678'],
    ['0031 (0)6 12345678', 'NL', '+31612345678'],
    ['+32 0470 12 34 56', 'BE', '+32470123456'],
    ['+31 06-12345678', 'NL', '+31612345678'],
    ['(0470) 12 34 56', 'BE', '+32470123456'],
    ['(0)470 12 34 56', 'BE', '+32470123456'],
    ['12345', 'NL', null],
    ['', 'BE', null],
  ] as const)('%s in %s is %s', (input, country, expected) => {
    expect(normalisePhone(input, country)).toBe(expected)
  })
})

describe('the per-client rate limit', () => {
  it('answers 429 with Retry-After past API_CLIENT_REQUESTS_PER_MINUTE, per client', async () => {
    const setup = await testSetup({ API_CLIENT_REQUESTS_PER_MINUTE: '3' })
    try {
      const clients = setup.composition.services.apiClients
      const one = (await clients.add({ name: 'Busy', country: 'NL' })).secret
      const other = (await clients.add({ name: 'Quiet', country: 'NL' })).secret
      const call = (secret: string) =>
        request(setup.app)
          .get('/api/v1/suppressions')
          .set('Host', NL)
          .set('Authorization', `Bearer ${secret}`)
      const described = openApiSchemas(
        (await request(setup.app).get('/api/openapi.json').set('Host', NL)).body,
      )
      const declared = (pointer: string, value: unknown) => {
        const validate = described.at(pointer)
        expect(validate(value), `${pointer}: ${JSON.stringify(value)}`).toBe(true)
      }
      const ok = '/paths/~1api~1v1~1suppressions/get/responses/200/headers'
      for (let i = 0; i < 3; i++) {
        const answer = await call(one)
        expect(answer.status).toBe(200)
        declared(`${ok}/RateLimit-Limit/schema`, Number(answer.headers['ratelimit-limit']))
        declared(`${ok}/RateLimit-Remaining/schema`, Number(answer.headers['ratelimit-remaining']))
      }
      const limited = await call(one)
      expect(limited.status).toBe(429)
      expect(limited.body.error.code).toBe('RATE_LIMITED')
      expect(limited.headers['retry-after']).toBe('60')
      declared(
        '/components/responses/E429/headers/Retry-After/schema',
        Number(limited.headers['retry-after']),
      )
      expect((await call(other)).status).toBe(200)
    } finally {
      await setup.composition.close()
    }
  })
})

describe('the calls a client made, as `api-clients list` shows them', () => {
  it('counts every call of a known client per endpoint and day, refused ones too (400, 404, 429)', async () => {
    const setup = await testSetup({ API_CLIENT_REQUESTS_PER_MINUTE: '5' })
    try {
      const clients = setup.composition.services.apiClients
      const { secret } = await clients.add({ name: 'Counted', country: 'NL', brands: ['AD'] })
      const objection = await request(setup.app)
        .post('/api/privacy-rights/request')
        .set('Host', NL)
        .send({
          flowType: 'OBJECTION',
          country: 'NL',
          language: 'nl',
          phoneNumber: '+31655555555',
          brands: ['AD'],
        })
      expect(objection.status).toBe(200)
      const call = (method: 'get' | 'post', path: string, body?: object) => {
        const sent = request(setup.app)[method](path).set('Host', NL).set('Authorization', `Bearer ${secret}`)
        return body ? sent.send(body) : sent
      }
      const statuses = [
        (await call('get', FEED)).status,
        (await call('get', `${FEED}?limit=0`)).status,
        (await call('post', `${FEED}/lookup`, {})).status,
        (await call('post', `${FEED}/lookup`, { phoneNumber: '06 5555 5555' })).status,
        (await call('post', `${FEED}/00000000-0000-4000-8000-000000000000/applied`)).status,
        // Past the limit of 5 a minute.
        (await call('get', FEED)).status,
        (await call('get', '/api/v1/nothing')).status,
      ]
      expect(statuses).toEqual([200, 400, 400, 200, 404, 429, 429])
      // Without a valid secret a call is no one's: not counted.
      expect((await request(setup.app).get(FEED).set('Host', NL)).status).toBe(401)
      const today = new Date().toISOString().slice(0, 10)
      const callsOf = async () =>
        (await clients.list()).find((client) => client.name === 'Counted')?.calls ?? []
      // Counted once each answer is done.
      await eventually(
        'seven calls counted',
        async () => (await callsOf()).reduce((sum, row) => sum + row.calls, 0) >= 7,
      )
      expect(await callsOf()).toEqual([
        { day: today, endpoint: 'applied', calls: 1, items: 0 },
        { day: today, endpoint: 'lookup', calls: 2, items: 1 },
        { day: today, endpoint: 'other', calls: 1, items: 0 },
        { day: today, endpoint: 'suppressions', calls: 3, items: 1 },
      ])
    } finally {
      await setup.composition.close()
    }
  })
})

/** The rate-limit stores an instance can count in: its memory, or Redis when TEST_REDIS_URL names one. */
const STORES = process.env.TEST_REDIS_URL ? ['memory', 'redis'] : ['memory']

describe.each(STORES)('calls without a valid secret, counted in %s', (store) => {
  it('answer 429 with Retry-After from an address past API_CLIENT_AUTH_FAILURES_PER_MINUTE, before any lookup', async () => {
    const setup = await testSetup({
      API_CLIENT_AUTH_FAILURES_PER_MINUTE: '3',
      // Behind one proxy: the address is the last X-Forwarded-For entry.
      TRUST_PROXY: '1',
      ...(store === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL ?? '' } : {}),
    })
    try {
      const clients = setup.composition.services.apiClients
      const { secret } = await clients.add({ name: 'Honest CRM', country: 'NL' })
      const lookups = vi.spyOn(clients, 'authenticate')
      // Addresses of their own in every run: a Redis keeps its counters for the minute.
      const octet = () => 1 + Math.floor(Math.random() * 250)
      const guesser = `198.51.100.${octet()}`
      const neighbour = `203.0.113.${octet()}`
      const call = (from: string, bearer?: string) => {
        const get = request(setup.app)
          .get('/api/v1/suppressions')
          .set('Host', NL)
          .set('X-Forwarded-For', from)
        return bearer ? get.set('Authorization', `Bearer ${bearer}`) : get
      }
      for (const guess of [undefined, `pss_${'x'.repeat(43)}`, `pss_${'y'.repeat(43)}`])
        expect((await call(guesser, guess)).status).toBe(401)
      const looked = lookups.mock.calls.length
      const limited = await call(guesser, `pss_${'z'.repeat(43)}`)
      expect(limited.status).toBe(429)
      expect(limited.headers['retry-after']).toBe('60')
      expect(limited.body.error.code).toBe('RATE_LIMITED')
      // For the rest of the minute that address waits, even with a right secret, and costs no lookup.
      expect((await call(guesser, secret)).status).toBe(429)
      expect(lookups.mock.calls.length).toBe(looked)
      // Another address is not held back.
      expect((await call(neighbour, secret)).status).toBe(200)
      if (store === 'redis') {
        // Counted where every instance sees it.
        const redis = createClient({ url: process.env.TEST_REDIS_URL })
        await redis.connect()
        try {
          expect(await redis.get(`rate:api-auth-failures:${guesser}`)).toBe('3')
        } finally {
          redis.destroy()
        }
      }
    } finally {
      await setup.composition.close()
    }
  })
})
