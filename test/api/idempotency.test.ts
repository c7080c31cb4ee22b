import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES, testDatabaseUrl, testSetup } from '../support/app'

const NL = 'privacy.dpgmedia.nl'
const ACC_BE = 'privacy-acc.dpgmedia.be'

/**
 * Issue 30: a form's POST sent twice with the same Idempotency-Key (a second click, a retry, or nginx passing
 * it to the next replica because the first died before answering) is stored once and answered as the first;
 * the same key with another submission is a 422; a key that cannot be one is a 400.
 */
describe.each(DATABASES)('Idempotency-Key on the public forms on %s', (kind) => {
  let setup: Awaited<ReturnType<typeof testSetup>>
  beforeAll(async () => {
    setup = await testSetup({ DATABASE_URL: await testDatabaseUrl(kind) })
  })
  afterAll(() => setup.composition.close())

  const forms = [
    {
      name: 'privacy request',
      host: NL,
      path: '/api/privacy-rights/request',
      body: (email: string) => ({ flowType: 'RIGHT_OF_ACCESS', country: 'NL', language: 'nl', email }),
      rows: (email: string) =>
        setup.composition.db.db
          .selectFrom('privacy_requests')
          .select('id')
          .where('email', '=', email)
          .execute(),
    },
    {
      name: 'contact message',
      host: NL,
      path: '/api/contact?locale=nl_nl',
      body: (email: string) => ({
        name: 'Sanne',
        email,
        question: 'Mijn krant kwam niet.',
        subject: 'delivery',
      }),
      rows: (email: string) =>
        setup.composition.db.db
          .selectFrom('contact_messages')
          .select('id')
          .where('email', '=', email)
          .execute(),
    },
    {
      name: 'complaint',
      host: ACC_BE,
      path: '/api/political-ad-complaint',
      body: (email: string) => ({
        name: 'Lotte',
        email,
        explanation: 'De betaler ontbreekt.',
        reason: 'NOTICE_INCORRECT',
        campaignId: 'sample-be-2026-001',
        locale: 'nl_be',
      }),
      rows: (email: string) =>
        setup.composition.db.db
          .selectFrom('political_ad_complaints')
          .select('id')
          .where('email', '=', email)
          .execute(),
    },
  ]
  const post = (form: (typeof forms)[number], email: string, key?: string) => {
    const call = request(setup.app).post(form.path).set('Host', form.host)
    return (key ? call.set('Idempotency-Key', key) : call).send(form.body(email))
  }
  const outbox = (email: string) =>
    setup.composition.db.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email).execute()

  for (const form of forms) {
    it(`stores a ${form.name} once for one key, sent twice and twice at once, and answers the first reference`, async () => {
      const email = `once-${kind}-${form.name.replace(' ', '-')}@example.nl`
      const key = `k-${kind}-${form.name.replace(' ', '-')}-0123456789abcdef`
      const first = await post(form, email, key)
      expect(first.status).toBe(200)
      const again = await Promise.all([post(form, email, key), post(form, email, `"${key}"`)])
      expect(again.map((answer) => answer.status)).toEqual([200, 200])
      expect(again.map((answer) => answer.body.reference)).toEqual([
        first.body.reference,
        first.body.reference,
      ])
      expect(await form.rows(email)).toHaveLength(1)
      // One mail to the visitor (the verification link or the acknowledgement), not three.
      expect(await outbox(email)).toHaveLength(1)

      // The same key with another submission is refused; another key is another submission.
      const reused = await post(form, `other-${email}`, key)
      expect(reused.status).toBe(422)
      expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED')
      expect(await form.rows(`other-${email}`)).toHaveLength(0)
      expect((await post(form, email, `${key}-2`)).status).toBe(200)
      expect(await form.rows(email)).toHaveLength(2)
    })
  }

  it('refuses a key that cannot be one with 400 on the header, and without a key stores each POST', async () => {
    const form = forms[0]
    if (!form) throw new Error('no form')
    for (const bad of ['short', 'x'.repeat(129), 'spaces are not allowed here']) {
      const answer = await post(form, `bad-${kind}@example.nl`, bad)
      expect(answer.status).toBe(400)
      expect(answer.body.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ field: 'Idempotency-Key', rule: 'pattern' }],
      })
    }
    expect(await form.rows(`bad-${kind}@example.nl`)).toHaveLength(0)
    await post(form, `twice-${kind}@example.nl`)
    await post(form, `twice-${kind}@example.nl`)
    expect(await form.rows(`twice-${kind}@example.nl`)).toHaveLength(2)
  })
})
