import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboxWorker } from '#server/mail/outbox-worker.ts'
import { DATABASES, testDatabaseUrl, testSetup } from '../support/app'
import { SmtpSink } from '../support/smtp'

const NL = 'privacy.dpgmedia.nl'
const BE = 'privacy.dpgmedia.be'
const FEED = '/api/v1/suppressions'

/**
 * Issue 27: the value stored is the value meant. A national number is the site's country's number, the
 * requester sees every channel's data before confirming, a postal suppression names who objected, and a
 * lookup finds a mailbox however its address is written.
 */
describe.each(DATABASES)('contact data as meant, on %s', (kind) => {
  const sink = new SmtpSink()
  let setup: Awaited<ReturnType<typeof testSetup>>
  let worker: OutboxWorker
  let secret = ''

  beforeAll(async () => {
    await sink.start()
    setup = await testSetup({ DATABASE_URL: await testDatabaseUrl(kind), SMTP_URL: sink.url })
    worker = setup.composition.startWorkers({ outboxIntervalMs: 50, retryBaseMs: 50 })
    secret = (await setup.composition.services.apiClients.add({ name: `HLN ${kind}`, country: 'BE' })).secret
  })
  afterAll(async () => {
    await worker?.stop()
    await setup?.composition.close()
    await sink.stop()
  })

  const client = (method: 'get' | 'post', path: string) =>
    request(setup.app)[method](path).set('Host', BE).set('Authorization', `Bearer ${secret}`)
  const lookup = (body: object) => client('post', `${FEED}/lookup`).send(body)

  it('reads 0470 12 34 56 as +32470123456, shows every channel before confirming, names the postal objector', async () => {
    const email = `an.peeters-${kind}+optout@example.be`
    const posted = await request(setup.app)
      .post('/api/privacy-rights/request')
      .set('Host', BE)
      .send({
        flowType: 'OBJECTION',
        country: 'BE',
        language: 'nl',
        email,
        phoneNumber: '0470 12 34 56',
        brands: ['HLN'],
        communicationTypes: ['PHONE', 'EMAIL', 'POSTAL'],
        userInfo: {
          salutation: 'FEMALE',
          firstName: 'An',
          lastName: 'Peeters',
          address: {
            street: 'Veldstraat',
            houseNumber: '12',
            postalCode: '9000',
            city: 'Gent',
            country: 'BE',
          },
        },
      })
    expect(posted.status).toBe(200)
    const [mail] = await sink.waitFor(
      (m) => JSON.stringify(m.to).includes(email) && /Bevestig/.test(m.subject ?? ''),
    )
    // The mail shows what will be suppressed, the number as it was read.
    expect(mail?.text).toContain('Telefoonnummer: +32 470 12 34 56')
    expect(mail?.text).toContain(`E-mailadres: ${email}`)
    expect(mail?.text).toContain('Naam en adres: An Peeters, Veldstraat 12, 9000 Gent, BE')
    const link = /https:\/\/[^\s]+\/nl\/verify-email\?token=([\w-]+)/.exec(mail?.text ?? '')
    const token = link?.[1] ?? ''
    const page = await request(setup.app).get(`/nl/verify-email?token=${token}`).set('Host', BE)
    expect(page.status).toBe(200)
    for (const shown of ['+32 470 12 34 56', email, 'An Peeters, Veldstraat 12, 9000 Gent, BE'])
      expect(page.text).toContain(shown)
    const confirmed = await request(setup.app)
      .post('/nl/verify-email')
      .set('Host', BE)
      .type('form')
      .send({ token })
    expect(confirmed.status).toBe(303)

    const items = (await client('get', `${FEED}?limit=1000`)).body.items as Record<string, unknown>[]
    const mine = items.filter((item) => item.reference === posted.body.reference)
    expect(mine.find((item) => item.channel === 'PHONE')?.phoneNumber).toBe('+32470123456')
    expect(mine.find((item) => item.channel === 'POSTAL')).toMatchObject({
      postalAddress: { street: 'Veldstraat', houseNumber: '12', postalCode: '9000', city: 'Gent' },
      postalName: { salutation: 'FEMALE', firstName: 'An', lastName: 'Peeters' },
    })

    // The real number, in any notation, is found.
    for (const phoneNumber of ['0470/12.34.56', '+32 470 12 34 56', '0032 (0)470 123456'])
      expect((await lookup({ phoneNumber })).body).toMatchObject({ suppressed: true, channels: ['PHONE'] })
    // One mailbox however written, both ways: the tag stored, the bare address asked, and the other way.
    expect((await lookup({ email: `an.peeters-${kind}@example.be` })).body).toMatchObject({
      suppressed: true,
      channels: ['EMAIL'],
    })
    expect((await lookup({ email: `AN.Peeters-${kind}+other@Example.be ` })).body.suppressed).toBe(true)
  })

  it("sends each country's mails from its sender, with the mail's lang and a Message-ID on the sender's domain", async () => {
    for (const [host, country, language, lang, domain] of [
      [BE, 'BE', 'fr', 'fr-BE', 'dpgmedia.be'],
      [BE, 'BE', 'nl', 'nl-BE', 'dpgmedia.be'],
      [NL, 'NL', 'nl', 'nl-NL', 'dpgmedia.nl'],
    ] as const) {
      const email = `sender-${language}-${country.toLowerCase()}-${kind}@example.com`
      const answer = await request(setup.app)
        .post('/api/privacy-rights/request')
        .set('Host', host)
        .send({ flowType: 'RIGHT_OF_ACCESS', country, language, email })
      expect(answer.status).toBe(200)
      const [mail] = await sink.waitFor((m) => JSON.stringify(m.to).includes(email))
      expect(mail?.from?.value[0]?.address).toBe(`no-reply@${domain}`)
      expect(mail?.messageId).toMatch(new RegExp(`^<[\\w-]+@${domain.replace('.', '\\.')}>$`))
      expect(mail?.html).toContain(`<html lang="${lang}">`)
    }
  })

  it('finds a suppression stored without a tag when the lookup has one', async () => {
    const email = `lezer-${kind}@example.be`
    const posted = await request(setup.app)
      .post('/api/privacy-rights/request')
      .set('Host', BE)
      .send({ flowType: 'OBJECTION', country: 'BE', language: 'fr', email, brands: ['HUMO'] })
    expect(posted.status).toBe(200)
    const [mail] = await sink.waitFor(
      (m) => JSON.stringify(m.to).includes(email) && /Confirmez/.test(m.subject ?? ''),
    )
    const token = /verify-email\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? ''
    await request(setup.app).post('/fr/verify-email').set('Host', BE).type('form').send({ token })
    expect((await lookup({ email: `lezer-${kind}+crm@example.be` })).body).toMatchObject({
      suppressed: true,
      brandKeys: ['HUMO'],
    })
  })

  it.each([
    [NL, 'NL', '06 12 34 56 78', 200],
    [BE, 'BE', '0470 12 34 56', 200],
    // A Belgian mobile number on the Dutch site is no Dutch number: refused, never rewritten.
    [NL, 'NL', '0470 12 34 56', 400],
    [BE, 'BE', '0470 12', 400],
  ] as const)('on %s (%s), %s answers %i', async (host, country, phoneNumber, status) => {
    const answer = await request(setup.app)
      .post('/api/privacy-rights/request')
      .set('Host', host)
      .send({
        flowType: 'OBJECTION',
        country,
        language: 'nl',
        phoneNumber,
        brands: [country === 'NL' ? 'AD' : 'HLN'],
      })
    expect(answer.status).toBe(status)
    if (status === 400)
      expect(answer.body.error.fields).toContainEqual({ field: 'phoneNumber', rule: 'phone' })
  })
})
