import fc from 'fast-check'
import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { testSetup } from '../support/app'

const NL = 'privacy.dpgmedia.nl'
const BE = 'privacy.dpgmedia.be'
const PATH = '/api/privacy-rights/request'

let app: Awaited<ReturnType<typeof testSetup>>['app']
beforeAll(async () => {
  ;({ app } = await testSetup())
})

const post = (host: string, body: unknown) =>
  request(app)
    .post(PATH)
    .set('Host', host)
    .send(body as object)

/**
 * The fuzz test's bounds: at most this many bodies, for at most this long (well under the test's 50 s),
 * and at least this many bodies, however loaded the machine.
 */
const FUZZ_RUNS = 2000
const FUZZ_BUDGET_MS = 20_000
const FUZZ_MIN_RUNS = 200

const valid = { flowType: 'RIGHT_OF_ACCESS', country: 'NL', language: 'nl', email: 'jan@example.com' }

describe('POST /api/privacy-rights/request: input', () => {
  it('accepts a valid request', async () => {
    expect((await post(NL, valid)).status).toBe(200)
  })

  it.each([
    ['no flowType', { country: 'NL', language: 'nl', email: 'a@example.com' }, 'flowType', 'required'],
    ['an unknown flowType', { ...valid, flowType: 'DELETE_EVERYTHING' }, 'flowType', 'enum'],
    ['an unknown field', { ...valid, isAdmin: true }, 'isAdmin', 'unknown'],
    ['a language outside nl/fr', { ...valid, language: 'en' }, 'language', 'enum'],
    [
      'a first name of 31 characters',
      { ...valid, userInfo: { firstName: 'x'.repeat(31) } },
      'userInfo.firstName',
      'maxLength',
    ],
    [
      'a postal code of 11 characters',
      { ...valid, userInfo: { address: { postalCode: '1'.repeat(11) } } },
      'userInfo.address.postalCode',
      'maxLength',
    ],
    [
      'a phone of 31 characters (issue 27: a number as typed, separators and all, takes 30)',
      { ...valid, phoneNumber: `+31 ${'1 '.repeat(13)}1` },
      'phoneNumber',
      'maxLength',
    ],
    [
      'a salutation outside the list',
      { ...valid, userInfo: { salutation: 'DR' } },
      'userInfo.salutation',
      'enum',
    ],
    ['a malformed e-mail address', { ...valid, email: 'jan@' }, 'email', 'email'],
    ['no e-mail for access', { ...valid, email: '  ' }, 'email', 'required'],
    ['the placeholder as e-mail', { ...valid, email: 'placeholder' }, 'email', 'required'],
    ['another country than the host', { ...valid, country: 'BE' }, 'country', 'site'],
    [
      'rectification without a message',
      { ...valid, flowType: 'RECTIFICATION', userMessage: 'empty_val' },
      'userMessage',
      'required',
    ],
    [
      'objection without brands',
      { ...valid, flowType: 'OBJECTION', brands: [] },
      'brands',
      'required_option',
    ],
    [
      'objection with a brand of the other country',
      { ...valid, flowType: 'OBJECTION', brands: ['HUMO'] },
      'brands',
      'brand',
    ],
    [
      'objection with only a lone "+" phone',
      { flowType: 'OBJECTION', country: 'NL', language: 'nl', phoneNumber: '+', brands: ['AD'] },
      'communicationTypes',
      'required_option',
    ],
    [
      'a phone with a zero country code',
      { ...valid, flowType: 'OBJECTION', brands: ['AD'], phoneNumber: '+031612345678' },
      'phoneNumber',
      'phone',
    ],
    [
      'a phone with too few digits',
      { ...valid, flowType: 'OBJECTION', brands: ['AD'], phoneNumber: '+3161' },
      'phoneNumber',
      'phone',
    ],
    [
      'postal objection without an address',
      {
        ...valid,
        flowType: 'OBJECTION',
        brands: ['AD'],
        communicationTypes: ['POSTAL'],
        userInfo: { firstName: 'Jan', lastName: 'Jansen' },
      },
      'userInfo.address',
      'address',
    ],
    [
      'publication removal in NL',
      {
        ...valid,
        flowType: 'REMOVAL_FROM_PUBLICATION',
        article: 'x',
        publicationDate: '01-02-2025',
        userMessage: 'y',
      },
      'flowType',
      'country',
    ],
  ])('answers 400 VALIDATION_FAILED for %s', async (_name, body, field, rule) => {
    const res = await post(NL, body)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_FAILED')
    expect(res.body.error.fields).toContainEqual({ field, rule })
  })

  it('checks the publication date as dd-mm-yyyy, in Belgium', async () => {
    const body = {
      ...valid,
      country: 'BE',
      flowType: 'REMOVAL_FROM_PUBLICATION',
      article: 'Artikel',
      userMessage: 'Graag weg',
    }
    expect((await post(BE, { ...body, publicationDate: '2025-02-01' })).body.error.fields).toContainEqual({
      field: 'publicationDate',
      rule: 'date',
    })
    expect((await post(BE, { ...body, publicationDate: '01-02-2025' })).status).toBe(200)
  })

  it.each(['nobody@no-such-domain.invalid', 'nobody@nullmx.test'])(
    'answers 400 INVALID_EMAIL for %s',
    async (email) => {
      const res = await post(NL, { ...valid, email })
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('INVALID_EMAIL')
    },
  )

  it.each(['someone@a-only.test', 'someone@timeout.test'])(
    'accepts %s (A record / DNS failure)',
    async (email) => {
      expect((await post(NL, { ...valid, email })).status).toBe(200)
    },
  )

  it('answers 415 to a body that is not JSON', async () => {
    const res = await request(app).post(PATH).set('Host', NL).type('form').send('flowType=OBJECTION')
    expect(res.status).toBe(415)
    expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
  })

  it('answers 413 to an oversized body', async () => {
    const res = await post(NL, { ...valid, userMessage: 'x'.repeat(40_000) })
    expect(res.status).toBe(413)
  })

  it('answers 400 to broken JSON', async () => {
    const res = await request(app)
      .post(PATH)
      .set('Host', NL)
      .set('Content-Type', 'application/json')
      .send('{"flowType":')
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('MALFORMED_JSON')
  })

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['Origin: null', { Origin: 'null' }],
  ])('answers 403 to a cross-site POST (%s)', async (_name, headers) => {
    const res = await post(NL, valid).set(headers)
    expect(res.status).toBe(403)
    expect(res.body.error.code).toBe('CROSS_SITE_REQUEST')
  })

  it('accepts a same-origin POST from the browser', async () => {
    const res = await post(NL, valid).set({ Origin: `http://${NL}`, 'Sec-Fetch-Site': 'same-origin' })
    expect(res.status).toBe(200)
  })

  it('never answers 5xx, whatever the body (fuzzed, bounded by count and by time)', async () => {
    const anyJson = fc.jsonValue({ maxDepth: 3 })
    const nearlyValid = fc.record(
      {
        flowType: fc.oneof(
          fc.constantFrom(
            'OBJECTION',
            'RIGHT_OF_ACCESS',
            'RECTIFICATION',
            'REMOVAL_FROM_PUBLICATION',
            'RIGHT_TO_BE_FORGOTTEN',
          ),
          anyJson,
        ),
        country: fc.oneof(fc.constantFrom('NL', 'BE'), anyJson),
        language: fc.oneof(fc.constantFrom('nl', 'fr'), anyJson),
        email: fc.oneof(fc.emailAddress(), fc.string(), anyJson),
        phoneNumber: fc.oneof(fc.stringMatching(/^\+[0-9]{0,24}$/), anyJson),
        brands: fc.oneof(fc.array(fc.constantFrom('AD', 'TROUW', 'HUMO', 'x', '')), anyJson),
        userInfo: fc.oneof(
          fc.record({ firstName: fc.string(), address: fc.record({ street: fc.string() }) }),
          anyJson,
        ),
        publicationDate: fc.string(),
        communicationTypes: fc.oneof(
          fc.array(fc.constantFrom('PHONE', 'EMAIL', 'POSTAL', 'NOTIFICATIONS', 'FAX')),
          anyJson,
        ),
      },
      { requiredKeys: [] },
    )
    // At most FUZZ_RUNS bodies in at most FUZZ_BUDGET_MS: a loaded machine makes fewer runs, never a
    // timeout. A failing body is still reported, shrunk.
    const details = await fc.check(
      fc.asyncProperty(fc.oneof(anyJson, nearlyValid), async (body) => {
        const res = await request(app)
          .post(PATH)
          .set('Host', NL)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(body) ?? 'null')
        expect(res.status).toBeGreaterThanOrEqual(200)
        expect(res.status).toBeLessThan(500)
      }),
      { numRuns: FUZZ_RUNS, interruptAfterTimeLimit: FUZZ_BUDGET_MS },
    )
    expect(details.failed, fc.defaultReportMessage(details)).toBe(false)
    expect(details.numRuns).toBeGreaterThanOrEqual(FUZZ_MIN_RUNS)
  }, 50_000)
})

describe('rate limit', () => {
  it('answers 429 after RATE_LIMIT_PER_MINUTE POSTs from one address', async () => {
    const { app: limited } = await testSetup({ RATE_LIMIT_PER_MINUTE: '3' })
    const statuses = []
    for (let i = 0; i < 5; i++) {
      statuses.push((await request(limited).post(PATH).set('Host', NL).send(valid)).status)
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429])
  })
})

describe.runIf(process.env.TEST_REDIS_URL)('rate limit shared through Redis', () => {
  it('counts the POSTs of one address across two instances', async () => {
    const env = {
      RATE_LIMIT_PER_MINUTE: '3',
      REDIS_URL: String(process.env.TEST_REDIS_URL),
      TRUST_PROXY: '1',
    }
    const a = await testSetup(env)
    const b = await testSetup(env)
    // A fresh client address per run, so runs within the same minute do not share a counter.
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`
    try {
      const statuses = []
      for (const app of [a.app, b.app, a.app, b.app]) {
        statuses.push(
          (await request(app).post(PATH).set('Host', NL).set('X-Forwarded-For', ip).send(valid)).status,
        )
      }
      expect(statuses).toEqual([200, 200, 200, 429])
    } finally {
      await a.composition.close()
      await b.composition.close()
    }
  })
})
