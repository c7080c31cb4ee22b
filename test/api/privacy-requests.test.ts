import type { ParsedMail } from 'mailparser'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findRequest, suppressionsOf } from '#server/db/privacy-request-repository.ts'
import { createLogger } from '#server/logger.ts'
import type { OutboxWorker } from '#server/mail/outbox-worker.ts'
import { DATABASES, testDatabaseUrl, testSetup } from '../support/app'
import { SmtpSink } from '../support/smtp'

const NL = 'privacy.dpgmedia.nl'
const BE = 'privacy.dpgmedia.be'

describe.each(DATABASES)('privacy requests on %s', (kind) => {
  const sink = new SmtpSink()
  const logLines: string[] = []
  let setup: Awaited<ReturnType<typeof testSetup>>
  let worker: OutboxWorker

  beforeAll(async () => {
    await sink.start()
    // Capture what the app logs, to prove it holds no personal data.
    const logger = createLogger('info', { write: (line: string) => logLines.push(line) })
    setup = await testSetup({ DATABASE_URL: await testDatabaseUrl(kind), SMTP_URL: sink.url }, logger)
    worker = setup.composition.startWorkers({ outboxIntervalMs: 50, retryBaseMs: 50 })
  })

  afterAll(async () => {
    await worker?.stop()
    await setup?.composition.close()
    await sink.stop()
  })

  const post = (host: string, body: unknown) =>
    request(setup.app)
      .post('/api/privacy-rights/request')
      .set('Host', host)
      .send(body as object)

  const linkIn = (mail: ParsedMail) => {
    const match = /https:\/\/[^\s]+\/verify-email\?token=[\w-]+/.exec(mail.text ?? '')
    if (!match) throw new Error('No verification link in the mail')
    return new URL(match[0])
  }

  async function verify(host: string, email: string) {
    const [mail] = await sink.waitFor(
      (m) => JSON.stringify(m.to).includes(email) && /Bevestig|Confirmez/.test(m.subject ?? ''),
    )
    if (!mail) throw new Error('no mail')
    const link = linkIn(mail)
    expect(link.origin).toBe(`https://${host}`)
    const page = await request(setup.app).get(`${link.pathname}${link.search}`).set('Host', host)
    expect(page.status).toBe(200)
    const token = link.searchParams.get('token') ?? ''
    expect(page.text).toContain(`name="token" value="${token}"`)
    const lang = link.pathname.split('/')[1]
    const confirm = await request(setup.app)
      .post(`/${lang}/verify-email`)
      .set('Host', host)
      .type('form')
      .send({ token })
    return { page, confirm, token, lang }
  }

  it('objection: mail → link → confirm → suppressions for every brand × channel → confirmation mail', async () => {
    const email = `objection-${kind}@example.com`
    const res = await post(NL, {
      flowType: 'OBJECTION',
      country: 'NL',
      language: 'nl',
      email,
      phoneNumber: '+31612345678',
      brands: ['AD', 'AD_DIGITAL', 'AD_AC'],
      touchpoint: 'https://privacy.dpgmedia.nl/nl/privacy-rights/direct-marketing/communication-types',
    })
    expect(res.status).toBe(200)
    const { page, confirm } = await verify(NL, email)
    expect(page.text).toContain('Bezwaar tegen direct marketing')
    expect(page.text).toContain('AD Amersfoortse Courant')
    expect(confirm.status).toBe(303)
    expect(confirm.headers.location).toBe('/nl/email-verified')
    const [processed] = await sink.waitFor(
      (m) => JSON.stringify(m.to).includes(email) && /verwerkt/.test(m.subject ?? ''),
    )
    expect(processed?.text).toContain('30 dagen')
    // Brands by their names, never the brands' system keys; answers go to the privacy mailbox.
    expect(processed?.text).toContain('AD Amersfoortse Courant')
    expect(processed?.text).not.toContain('AD_AC')
    expect(processed?.replyTo?.text).toBe(setup.config.privacyMailbox.NL)
    const id = await requestIdOf(email)
    const stored = await findRequest(setup.composition.db.db, id)
    expect(stored?.status).toBe('executed')
    const suppressions = await suppressionsOf(setup.composition.db.db, id)
    expect(suppressions.map((s) => `${s.channel}:${s.brandKey}`).sort()).toEqual(
      ['EMAIL:AD', 'EMAIL:AD_AC', 'EMAIL:AD_DIGITAL', 'PHONE:AD', 'PHONE:AD_AC', 'PHONE:AD_DIGITAL'].sort(),
    )
    expect(suppressions.find((s) => s.channel === 'PHONE')?.phoneNumber).toBe('+31612345678')
  })

  it('access (BE, fr): verified with a due date one month on, mail to the privacy team and a receipt', async () => {
    const email = `access-${kind}@example.be`
    const res = await post(BE, {
      flowType: 'RIGHT_OF_ACCESS',
      country: 'BE',
      language: 'fr',
      email,
      userInfo: { salutation: 'FEMALE', firstName: 'Anne', lastName: 'Peeters' },
    })
    expect(res.status).toBe(200)
    const { confirm } = await verify(BE, email)
    expect(confirm.headers.location).toBe('/fr/email-verified')
    const [receipt] = await sink.waitFor(
      (m) => JSON.stringify(m.to).includes(email) && /traitons/.test(m.subject ?? ''),
    )
    expect(receipt?.text).toMatch(/au plus tard le \d{1,2} \S+ \d{4}/)
    const [team] = await sink.waitFor(
      (m) => JSON.stringify(m.to).includes('privacy@dpgmedia.be') && m.text?.includes(email) === true,
    )
    expect(team?.text).toContain('Anne Peeters')
    const stored = await findRequest(setup.composition.db.db, await requestIdOf(email))
    expect(stored?.status).toBe('open')
    const due = Date.parse(stored?.dueAt ?? '')
    const verified = Date.parse(stored?.verifiedAt ?? '')
    expect(due - verified).toBeGreaterThanOrEqual(28 * 86_400_000)
    expect(due - verified).toBeLessThanOrEqual(31 * 86_400_000)
  })

  it('confirming twice shows success again and executes once', async () => {
    const email = `twice-${kind}@example.com`
    await post(NL, { flowType: 'OBJECTION', country: 'NL', language: 'nl', email, brands: ['TROUW'] })
    const first = await verify(NL, email)
    expect(first.confirm.headers.location).toBe('/nl/email-verified')
    const again = await request(setup.app)
      .post('/nl/verify-email')
      .set('Host', NL)
      .type('form')
      .send({ token: first.token })
    expect(again.headers.location).toBe('/nl/email-verified')
    const reopened = await request(setup.app).get(`/nl/verify-email?token=${first.token}`).set('Host', NL)
    expect(reopened.headers.location).toBe('/nl/email-verified')
    expect(await suppressionsOf(setup.composition.db.db, await requestIdOf(email))).toHaveLength(1)
  })

  it('an altered token leads to the failed page; an expired one to the expired page', async () => {
    const email = `expired-${kind}@example.com`
    await post(NL, { flowType: 'RIGHT_TO_BE_FORGOTTEN', country: 'NL', language: 'nl', email })
    const [mail] = await sink.waitFor((m) => JSON.stringify(m.to).includes(email))
    if (!mail) throw new Error('no mail')
    const token = linkIn(mail).searchParams.get('token') ?? ''
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
    const failedGet = await request(setup.app).get(`/nl/verify-email?token=${altered}`).set('Host', NL)
    expect(failedGet.headers.location).toBe('/nl/email-verification-failed')
    const failedPost = await request(setup.app)
      .post('/nl/verify-email')
      .set('Host', NL)
      .type('form')
      .send({ token: altered })
    expect(failedPost.headers.location).toBe('/nl/email-verification-failed')
    await setup.composition.db.db
      .updateTable('verification_tokens')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .execute()
    const expiredGet = await request(setup.app).get(`/nl/verify-email?token=${token}`).set('Host', NL)
    expect(expiredGet.headers.location).toBe('/nl/email-verification-expired')
    const expiredPost = await request(setup.app)
      .post('/nl/verify-email')
      .set('Host', NL)
      .type('form')
      .send({ token })
    expect(expiredPost.headers.location).toBe('/nl/email-verification-expired')
    const stored = await findRequest(setup.composition.db.db, await requestIdOf(email))
    expect(stored?.status).toBe('pending')
  })

  it('stores only the hash of a token', async () => {
    const rows = await setup.composition.db.db
      .selectFrom('verification_tokens')
      .select('token_hash')
      .execute()
    const tokens = sink.mails.map((m) => /token=([\w-]+)/.exec(m.text ?? '')?.[1]).filter(Boolean)
    expect(tokens.length).toBeGreaterThan(0)
    for (const token of tokens) expect(rows.map((r) => r.token_hash)).not.toContain(token)
  })

  it('records an objection without an e-mail address at once (nothing to verify)', async () => {
    const res = await post(BE, {
      flowType: 'OBJECTION',
      country: 'BE',
      language: 'nl',
      phoneNumber: '+32470123456',
      brands: ['HUMO'],
    })
    expect(res.body).toEqual({
      ok: true,
      status: 'executed',
      reference: expect.stringMatching(/^BE-\d{6}-[2-9A-Z]{5}$/),
    })
  })

  it('logs no personal data', () => {
    const log = logLines.join('\n')
    expect(log).toContain('/api/privacy-rights/request')
    expect(log).not.toMatch(/@example\.(com|be)|\+316|\+324|Peeters|token=/)
  })

  async function requestIdOf(email: string): Promise<string> {
    const row = await setup.composition.db.db
      .selectFrom('privacy_requests')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    return row.id
  }
})
