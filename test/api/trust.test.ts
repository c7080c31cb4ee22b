import { existsSync, readFileSync } from 'node:fs'
import type { ParsedMail } from 'mailparser'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moveComplaint } from '#server/db/complaint-repository.ts'
import { bodyHash } from '#server/db/outbox-repository.ts'
import type { OutboxWorker } from '#server/mail/outbox-worker.ts'
import { DATABASES, runRetention, testDatabaseUrl, testSetup } from '../support/app'
import { SmtpSink } from '../support/smtp'
import { eventually } from '../support/waiting'

const NL = 'privacy.dpgmedia.nl'
const ACC_BE = 'privacy-acc.dpgmedia.be'
const DAY_MS = 86_400_000

const tokenLink = (mail: ParsedMail | undefined) => {
  const match = /https?:\/\/[^\s]+\/verify-email\?token=([\w-]+)/.exec(mail?.text ?? '')
  if (!match) throw new Error('No verification link in the mail')
  return { url: new URL(match[0]), token: match[1] ?? '' }
}

describe.each(DATABASES)('trust in the request loop on %s', (kind) => {
  const sink = new SmtpSink()
  let setup: Awaited<ReturnType<typeof testSetup>>
  let worker: OutboxWorker
  let databaseUrl: string

  beforeAll(async () => {
    await sink.start()
    databaseUrl = await testDatabaseUrl(kind)
    setup = await testSetup({
      DATABASE_URL: databaseUrl,
      SMTP_URL: sink.url,
      // One proxy hop in front: X-Forwarded-Host is then what Express takes as the host name.
      TRUST_PROXY: '1',
      PRIVACY_MAILBOX_BE: 'privacy-team@dpg.test',
      CUSTOMER_SERVICE_MAILBOX_NL: 'service@dpg.test',
    })
    worker = setup.composition.startWorkers({ outboxIntervalMs: 50, retryBaseMs: 50 })
  })

  afterAll(async () => {
    await worker?.stop()
    await setup?.composition.close()
    await sink.stop()
  })

  const db = () => setup.composition.db.db
  const access = (email: string) => ({ flowType: 'RIGHT_OF_ACCESS', country: 'NL', language: 'nl', email })
  const outboxDrained = async () =>
    (await db().selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute()).length === 0
  /** The SQLite file and its write-ahead log, as bytes. */
  const sqliteBytes = () => {
    const path = databaseUrl.slice('file:'.length)
    return Buffer.concat([path, `${path}-wal`].filter(existsSync).map((file) => readFileSync(file)))
  }

  describe('canonical origins only', () => {
    it.each([
      ['a Host header', { Host: 'attacker-site.nl' }],
      ['a forged X-Forwarded-Host', { Host: NL, 'X-Forwarded-Host': 'attacker-site.nl' }],
    ])(
      'a request sent with %s gets a mail that links to https://privacy.dpgmedia.nl',
      async (_how, headers) => {
        const email = `spoof-${Object.keys(headers).length}-${kind}@example.com`
        const res = await request(setup.app)
          .post('/api/privacy-rights/request')
          .set(headers)
          .send(access(email))
        expect(res.status).toBe(200)
        const [mail] = await sink.waitFor((m) => JSON.stringify(m.to).includes(email))
        const { url } = tokenLink(mail)
        expect(url.origin).toBe('https://privacy.dpgmedia.nl')
        expect(url.pathname).toBe('/nl/verify-email')
        expect(mail?.html).not.toContain('attacker-site')
      },
    )

    it('canonical and alternate links of an unlisted host point at its country’s production site', async () => {
      const page = await request(setup.app).get('/nl').set('Host', 'attacker-site.be')
      expect(page.status).toBe(200)
      expect(page.text).toContain('<link rel="canonical" href="https://privacy.dpgmedia.be/nl"')
      expect(page.text).toContain('href="https://privacy.dpgmedia.be/fr"')
      // Not even the page data names the host the visitor sent.
      expect(page.text).not.toContain('attacker-site')
    })
  })

  describe('nothing secret or personal at rest longer than needed', () => {
    it('erases a sent mail: no raw token or address left, only kind, domain, subject, times and a body hash', async () => {
      const email = `at-rest-${kind}@example.org`
      const res = await request(setup.app)
        .post('/api/privacy-rights/request')
        .set('Host', NL)
        .send(access(email))
      expect(res.status).toBe(200)
      const [mail] = await sink.waitFor((m) => JSON.stringify(m.to).includes(email))
      const { token } = tokenLink(mail)
      await eventually('the mail is marked sent', outboxDrained)
      const request_ = await db()
        .selectFrom('privacy_requests')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
      const row = await db()
        .selectFrom('mail_outbox')
        .selectAll()
        .where('about_id', '=', request_.id)
        .executeTakeFirstOrThrow()
      expect(row).toMatchObject({
        kind: 'verification',
        to_address: '',
        text_body: '',
        html_body: '',
        recipient_domain: 'example.org',
        subject: `Bevestig je privacyaanvraag [${res.body.reference}]`,
      })
      expect(row.sent_at).toBeTruthy()
      expect(row.body_sha256).toBe(bodyHash({ text: mail?.text ?? '', html: String(mail?.html ?? '') }))
      if (kind === 'sqlite') {
        // Not in a row, not in a free page, not in the write-ahead log.
        await eventually('the file holds no raw token', () => !sqliteBytes().includes(token))
        expect(sqliteBytes().includes(`token=${token}`)).toBe(false)
      }
    })

    it('retention: a purged request, contact message and complaint leave no row anywhere', async () => {
      const email = `purged-${kind}@example.net`
      const req = await request(setup.app)
        .post('/api/privacy-rights/request')
        .set('Host', NL)
        .send(access(email))
      const contact = await request(setup.app)
        .post('/api/contact?locale=nl_nl')
        .set('Host', NL)
        .send({ name: 'Piet', email, question: 'Vraag over mijn abonnement' })
      const campaign = (
        await request(setup.app).get('/api/campaign-items?countryCode=BE').set('Host', ACC_BE)
      ).body.campaignItems[0]
      const complaint = await request(setup.app)
        .post('/api/political-ad-complaint')
        .set('Host', ACC_BE)
        .send({
          name: 'Piet',
          email,
          explanation: 'Misleidend',
          reason: 'MISLEADING',
          campaignId: campaign.id,
          locale: 'nl_be',
        })
      expect([req.status, contact.status, complaint.status]).toEqual([200, 200, 200])
      await eventually('every mail is sent', outboxDrained)
      const ids = await Promise.all([
        db().selectFrom('privacy_requests').select('id').where('email', '=', email).executeTakeFirstOrThrow(),
        db().selectFrom('contact_messages').select('id').where('email', '=', email).executeTakeFirstOrThrow(),
        db()
          .selectFrom('political_ad_complaints')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow(),
      ]).then((rows) => rows.map((row) => row.id))
      expect(
        await db().selectFrom('mail_outbox').select('id').where('about_id', 'in', ids).execute(),
      ).toHaveLength(5)

      // A complaint's period runs from its closing (an open one is kept): the desk closes it now.
      expect(
        await moveComplaint(db(), ids[2] ?? '', 'dismissed', ['received'], new Date().toISOString()),
      ).toBe(true)
      // 181 days on, past every default period (30 days unverified, 180 days contact and complaints).
      const later = new Date(Date.now() + 181 * DAY_MS)
      const counts = await runRetention(setup, later)
      expect(counts?.requests).toBeGreaterThanOrEqual(1)
      expect(counts?.contactMessages).toBeGreaterThanOrEqual(1)
      expect(counts?.complaints).toBeGreaterThanOrEqual(1)

      const [requestId] = ids
      expect(await db().selectFrom('privacy_requests').select('id').where('id', 'in', ids).execute()).toEqual(
        [],
      )
      expect(await db().selectFrom('contact_messages').select('id').where('id', 'in', ids).execute()).toEqual(
        [],
      )
      expect(
        await db().selectFrom('political_ad_complaints').select('id').where('id', 'in', ids).execute(),
      ).toEqual([])
      expect(
        await db()
          .selectFrom('verification_tokens')
          .select('token_hash')
          .where('request_id', '=', requestId ?? '')
          .execute(),
      ).toEqual([])
      expect(
        await db().selectFrom('mail_outbox').select('id').where('about_id', 'in', ids).execute(),
      ).toEqual([])
      expect(await db().selectFrom('mail_outbox').select('id').execute()).toEqual([])
      if (kind === 'sqlite') expect(sqliteBytes().includes(email)).toBe(false)
    })
  })

  describe('abuse limits that protect third parties', () => {
    it('sends at most 3 verification mails per address in 24 hours; every request is stored and answered alike', async () => {
      const victim = `victim-${kind}@example.com`
      const spellings = [victim, victim.toUpperCase(), ` ${victim}`, victim.replace('@', '+x@'), victim]
      const answers = []
      for (const email of spellings) {
        const res = await request(setup.app)
          .post('/api/privacy-rights/request')
          .set('Host', NL)
          .send(access(email))
        answers.push({ status: res.status, keys: Object.keys(res.body).sort(), status_: res.body.status })
      }
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1)
      expect(answers[0]).toEqual({ status: 200, keys: ['ok', 'reference', 'status'], status_: 'pending' })
      const stored = await db()
        .selectFrom('privacy_requests')
        .select('id')
        .where('email', 'in', [victim, victim.replace('@', '+x@')])
        .execute()
      expect(stored).toHaveLength(5)
      await eventually('the outbox is drained', outboxDrained)
      await sink.waitFor((m) => JSON.stringify(m.to).toLowerCase().includes(`victim-${kind}`), 3)
      expect(
        sink.mails.filter((m) => JSON.stringify(m.to).toLowerCase().includes(`victim-${kind}`)),
      ).toHaveLength(3)
    })

    it('sends at most 3 contact or complaint acknowledgements per address in 24 hours; the team gets every one', async () => {
      const victim = `ack-${kind}@example.com`
      for (let i = 0; i < 3; i++) {
        const res = await request(setup.app)
          .post('/api/contact?locale=nl_nl')
          .set('Host', NL)
          .send({ name: 'X', email: victim, question: `Bezoek https://spam.example/${i}` })
        expect(res.status).toBe(200)
      }
      const campaign = (
        await request(setup.app).get('/api/campaign-items?countryCode=BE').set('Host', ACC_BE)
      ).body.campaignItems[0]
      for (let i = 0; i < 2; i++) {
        const res = await request(setup.app)
          .post('/api/political-ad-complaint')
          .set('Host', ACC_BE)
          .send({
            name: 'X',
            email: victim,
            explanation: `Bezoek https://spam.example/c${i}`,
            reason: 'INCORRECT',
            campaignId: campaign.id,
            locale: 'nl_be',
          })
        expect(res.status).toBe(200)
        expect(res.body.reference).toMatch(/^BE-\d{6}-[2-9A-Z]{5}$/)
      }
      await eventually('the outbox is drained', outboxDrained)
      await sink.waitFor((m) => JSON.stringify(m.to).includes(victim), 3)
      const acks = sink.to(victim)
      expect(acks).toHaveLength(3)
      for (const ack of acks) expect(`${ack.text}${ack.html}`).not.toContain('spam.example')
      const team = sink.mails.filter((m) => /spam\.example/.test(m.text ?? ''))
      expect(team).toHaveLength(5)
    })
  })

  it('sends a Permissions-Policy that denies powerful features on every response', async () => {
    for (const path of ['/nl', '/api/documents?locale=nl_nl', '/livez', '/favicon.svg']) {
      const res = await request(setup.app).get(path).set('Host', NL)
      expect(res.headers['permissions-policy'], path).toBe(
        'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
      )
    }
  })

  it('keeps the staff audit trail append-only: no INSERT of an existing id, no REPLACE, no upsert', async () => {
    const entry = {
      id: `audit-${kind}`,
      occurred_at: new Date().toISOString(),
      actor_subject: 'sub',
      actor_issuer: 'https://idp.example',
      actor_email: 'staff@dpgmedia.nl',
      actor_name: 'Staff',
      action: 'SIGNED_IN',
      request_id: null,
      country: 'NL',
      details: '{}',
    }
    await db().insertInto('staff_audit_log').values(entry).execute()
    const forged = { ...entry, actor_email: 'someone-else@dpgmedia.nl' }
    await expect(db().insertInto('staff_audit_log').values(forged).execute()).rejects.toThrow()
    if (kind === 'sqlite') {
      await expect(db().replaceInto('staff_audit_log').values(forged).execute()).rejects.toThrow(
        /append-only/,
      )
      await expect(db().insertInto('staff_audit_log').orReplace().values(forged).execute()).rejects.toThrow()
    }
    await expect(
      db()
        .insertInto('staff_audit_log')
        .values(forged)
        .onConflict((oc) => oc.column('id').doUpdateSet({ actor_email: forged.actor_email }))
        .execute(),
    ).rejects.toThrow(/append-only/)
    const rows = await db().selectFrom('staff_audit_log').selectAll().where('id', '=', entry.id).execute()
    expect(rows).toEqual([entry])
  })
})
