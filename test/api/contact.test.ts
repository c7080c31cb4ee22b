import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboxWorker } from '#server/mail/outbox-worker.ts'
import { DATABASES, testDatabaseUrl, testSetup } from '../support/app'
import { SmtpSink } from '../support/smtp'

describe.each(DATABASES)('POST /api/contact on %s', (kind) => {
  const sink = new SmtpSink()
  let setup: Awaited<ReturnType<typeof testSetup>>
  let worker: OutboxWorker
  beforeAll(async () => {
    await sink.start()
    setup = await testSetup({
      DATABASE_URL: await testDatabaseUrl(kind),
      SMTP_URL: sink.url,
      CUSTOMER_SERVICE_MAILBOX_BE: 'klantendienst@service.test',
    })
    worker = setup.composition.startWorkers({ outboxIntervalMs: 50 })
  })
  afterAll(async () => {
    await worker.stop()
    await setup.composition.close()
    await sink.stop()
  })

  const post = (locale: string, body: object) =>
    request(setup.app).post(`/api/contact?locale=${locale}`).set('Host', 'privacy.dpgmedia.be').send(body)

  it('stores the message, mails customer service and acknowledges to the visitor (5 working days)', async () => {
    const email = `contact-${kind}@example.be`
    const res = await post('fr_be', {
      name: 'Anne Peeters',
      email,
      question: 'Mon journal arrive en retard.',
      subject: 'delivery',
      phone: '+32470123456',
    })
    expect(res.status).toBe(200)
    const [team] = await sink.waitFor((m) => JSON.stringify(m.to).includes('klantendienst@service.test'))
    expect(team?.text).toContain('Mon journal arrive en retard.')
    expect(team?.text).toContain('Bezorging')
    // Customer service works in Dutch; the lines tell it to answer in French, for Belgium.
    expect(team?.text).toContain('Taal van de afzender: Frans')
    expect(team?.text).toContain('Land: België')
    // Issue 27: answering the message answers the visitor, not no-reply@.
    expect(team?.replyTo?.text).toBe(email)
    expect(res.body.reference).toMatch(/^BE-\d{6}-[2-9A-Z]{5}$/)
    expect(team?.subject).toContain(res.body.reference)
    const [ack] = await sink.waitFor((m) => JSON.stringify(m.to).includes(email))
    expect(ack?.text).toContain('5 jours ouvrables')
    // The acknowledgement names the subject and the reference, never the visitor's own text.
    expect(ack?.subject).toBe(`Nous avons bien reçu votre message [${res.body.reference}]`)
    // An answer to the acknowledgement goes to customer service, not to the no-reply sender.
    expect(ack?.replyTo?.text).toBe('klantendienst@service.test')
    expect(ack?.text).toContain(`Référence: ${res.body.reference}`)
    expect(ack?.text).toContain('Livraison')
    expect(ack?.text).not.toContain('Mon journal arrive en retard.')
    expect(ack?.html).not.toContain('Mon journal arrive en retard.')
    const rows = await setup.composition.db.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('email', '=', email)
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.country).toBe('BE')
  })

  it.each([
    ['no name', { email: 'a@example.com', question: 'q' }, 'name'],
    ['a blank name', { name: '  ', email: 'a@example.com', question: 'q' }, 'name'],
    ['no question', { name: 'A', email: 'a@example.com', question: 'placeholder' }, 'question'],
    ['a malformed e-mail', { name: 'A', email: 'a@b', question: 'q' }, 'email'],
    ['an unknown subject', { name: 'A', email: 'a@example.com', question: 'q', subject: 'spam' }, 'subject'],
  ])('answers 400 VALIDATION_FAILED for %s', async (_name, body, field) => {
    const res = await post('nl_be', body)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_FAILED')
    expect(res.body.error.fields.map((f: { field: string }) => f.field)).toContain(field)
  })

  it('answers 400 EMAIL_INVALID when the domain cannot receive mail', async () => {
    const res = await post('nl_be', { name: 'A', email: 'a@nowhere.invalid', question: 'q' })
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('EMAIL_INVALID')
  })

  it('answers 400 to a malformed locale and 403 to a cross-site POST', async () => {
    expect((await post('xx', { name: 'A', email: 'a@example.com', question: 'q' })).status).toBe(400)
    const cross = await post('nl_be', { name: 'A', email: 'a@example.com', question: 'q' }).set(
      'Origin',
      'https://evil.example',
    )
    expect(cross.status).toBe(403)
  })
})
