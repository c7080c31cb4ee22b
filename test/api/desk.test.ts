import type { ParsedMail } from 'mailparser'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboxWorker } from '#server/mail/outbox-worker.ts'
import { DATABASES, testDatabaseUrl } from '../support/app'
import { SmtpSink } from '../support/smtp'
import { cookieOf, signIn, staffTestSetup } from '../support/staff'

const NL = 'privacy.dpgmedia.nl'
const BE = 'privacy.dpgmedia.be'
const STAFF_HOST = 'nl.localhost'
const PRODUCTION = 'prod-nl.localhost'
const API = '/api/internal-privacy-rights/requests'
const SESSION = '__Host-staff-session'
const DAY = 86_400_000
const MAILBOX = { NL: 'privacy-nl@desk.test', BE: 'privacy-be@desk.test' }

describe.each(DATABASES)('the privacy desk on %s', (kind) => {
  let now = new Date('2026-11-02T09:00:00Z')
  const clock = () => now
  const sink = new SmtpSink()
  let setup: Awaited<ReturnType<typeof staffTestSetup>>
  let worker: OutboxWorker
  let lisa = ''
  let anna = ''

  beforeAll(async () => {
    await sink.start()
    setup = await staffTestSetup(
      {
        DATABASE_URL: await testDatabaseUrl(kind),
        SMTP_URL: sink.url,
        STAFF_ALLOWED_EMAIL_DOMAINS: 'dpgmedia.nl,dpgmedia.be',
        STAFF_PRIVACY_TEAM_GROUPS: 'privacy-desk',
        PRIVACY_MAILBOX_NL: MAILBOX.NL,
        PRIVACY_MAILBOX_BE: MAILBOX.BE,
      },
      { clock },
    )
    worker = setup.composition.startWorkers({ outboxIntervalMs: 20, retryBaseMs: 50, clock })
    lisa = cookieOf(await signIn(setup.app, 'lisa.desk@dpgmedia.nl'), SESSION)?.pair ?? ''
    anna = cookieOf(await signIn(setup.app, 'anna.jansen@dpgmedia.nl'), SESSION)?.pair ?? ''
    expect(lisa).not.toBe('')
    expect(anna).not.toBe('')
  })

  afterAll(async () => {
    await worker?.stop()
    await setup?.close()
    await sink.stop()
  })

  const get = (path: string, cookie = lisa, host = STAFF_HOST) =>
    request(setup.app).get(path).set('Host', host).set('Cookie', cookie)
  const post = (path: string, body: object, cookie = lisa) =>
    request(setup.app).post(path).set('Host', STAFF_HOST).set('Cookie', cookie).send(body)

  /** Submits a request (French on the BE site unless told otherwise) and answers its reference. */
  async function submit(email: string, extra: object = {}, host = BE) {
    const answer = await request(setup.app)
      .post('/api/privacy-rights/request')
      .set('Host', host)
      .send({
        flowType: 'RIGHT_TO_BE_FORGOTTEN',
        country: host === BE ? 'BE' : 'NL',
        language: host === BE ? 'fr' : 'nl',
        email,
        ...extra,
      })
    expect(answer.status).toBe(200)
    return answer.body.reference as string
  }

  const mailTo = (email: string, subject: RegExp) =>
    sink.waitFor((mail) => JSON.stringify(mail.to).includes(email) && subject.test(mail.subject ?? ''))
  const tokenIn = (mail: ParsedMail | undefined) =>
    /verify-email\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? ''

  async function verify(email: string, host = BE) {
    const [mail] = await mailTo(email, /Confirmez|Bevestig/)
    const lang = host === BE ? 'fr' : 'nl'
    const confirmed = await request(setup.app)
      .post(`/${lang}/verify-email`)
      .set('Host', host)
      .type('form')
      .send({ token: tokenIn(mail) })
    expect(confirmed.headers.location).toBe(`/${lang}/email-verified`)
  }

  it('exists only with the toggle, for signed-in privacy-team members', async () => {
    expect((await get(API, lisa, PRODUCTION)).status).toBe(404)
    const signedOut = await request(setup.app).get(API).set('Host', STAFF_HOST)
    expect(signedOut.status).toBe(401)
    for (const path of [API, `${API}.csv`, `${API}/BE-261102-ABCDE`]) {
      const refused = await get(path, anna)
      expect(refused.status, path).toBe(403)
      expect(refused.body.error.code, path).toBe('FORBIDDEN')
    }
    expect((await post(`${API}/BE-261102-ABCDE/notes`, { text: 'x' }, anna)).status).toBe(403)
    const page = await get('/nl/internal-privacy-rights/requests', anna)
    expect(page.status).toBe(403)
    expect((await get(API)).status).toBe(200)
    expect((await get('/nl/internal-privacy-rights/requests')).status).toBe(200)
  })

  it('an erasure request from receipt to reply: statuses, deadlines, timeline, mails in French', async () => {
    const email = `effacer-${kind}@example.be`
    const reference = await submit(email, { userMessage: 'Supprimez mon compte.' })
    let detail = (await get(`${API}/${reference}`)).body
    expect(detail).toMatchObject({ reference, status: 'pending', dueAt: null, language: 'fr', country: 'BE' })
    expect(detail.actions).toEqual({ extend: false, complete: false, reject: false })
    // Nothing can be done before the requester confirmed.
    expect((await post(`${API}/${reference}/complete`, { message: 'x' })).body.error.code).toBe(
      'INVALID_TRANSITION',
    )

    await verify(email)
    detail = (await get(`${API}/${reference}`)).body
    expect(detail.status).toBe('open')
    expect(detail.dueAt).toBe('2026-12-02T09:00:00.000Z')
    expect(detail.daysLeft).toBe(30)
    expect(detail.actions).toEqual({ extend: true, complete: true, reject: true })
    expect(detail.replyTemplate).toMatch(/effacer vos données personnelles/)
    // The team mail: language, country, a link to the desk, the reference; the receipt: a status link.
    const [team] = await sink.waitFor(
      (mail) => JSON.stringify(mail.to).includes(MAILBOX.BE) && (mail.subject ?? '').includes(reference),
    )
    expect(team?.text).toMatch(/Taal van de aanvrager: Frans/)
    expect(team?.text).toMatch(/Land: België/)
    expect(team?.text).toContain(`/nl/internal-privacy-rights/requests/${reference}`)
    const [receipt] = await sink.waitFor(
      (mail) =>
        JSON.stringify(mail.to).includes(email) && /privacy-rights\/status\?token=/.test(mail.text ?? ''),
    )
    expect(receipt?.replyTo?.text).toBe(MAILBOX.BE)

    const extended = await post(`${API}/${reference}/extend`, {
      reason: 'Votre compte existe chez plusieurs marques.',
    })
    expect(extended.status).toBe(200)
    expect(extended.body).toMatchObject({ status: 'extended', dueAt: '2027-02-02T09:00:00.000Z' })
    expect(extended.body.actions.extend).toBe(false)
    const again = await post(`${API}/${reference}/extend`, { reason: 'Encore.' })
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('INVALID_TRANSITION')

    const [extension] = await mailTo(email, /plus de temps/)
    expect(extension?.subject).toBe(`Nous avons besoin de plus de temps pour votre demande [${reference}]`)
    expect(extension?.text).toContain('Votre compte existe chez plusieurs marques.')
    expect(extension?.text).toContain('2 février 2027')
    expect(extension?.replyTo?.text).toBe(MAILBOX.BE)

    expect((await post(`${API}/${reference}/notes`, { text: 'Appelé la demandeuse.' })).status).toBe(200)
    const completed = await post(`${API}/${reference}/complete`, {
      message: 'Votre compte est supprimé.\n\nCordialement.',
    })
    expect(completed.status).toBe(200)
    expect(completed.body.status).toBe('completed')
    expect(completed.body.closedAt).toBe(now.toISOString())
    expect((await post(`${API}/${reference}/complete`, { message: 'Encore' })).status).toBe(409)
    expect((await post(`${API}/${reference}/reject`, { reason: 'OTHER', message: 'x' })).status).toBe(409)
    const [reply] = await mailTo(email, /Réponse à votre demande/)
    expect(reply?.text).toContain('Votre compte est supprimé.')
    expect(reply?.replyTo?.text).toBe(MAILBOX.BE)

    await expect
      .poll(async () => {
        const timeline = (await get(`${API}/${reference}`)).body.timeline as {
          kind: string
          detail: string | null
        }[]
        return timeline.map((event) =>
          event.kind === 'mail-delivered' ? `mail:${event.detail}` : event.kind,
        )
      })
      .toEqual(
        expect.arrayContaining([
          'received',
          'mail:verification',
          'verified',
          'mail:privacy-team',
          'mail:receipt',
          'extended',
          'note',
          'completed',
          'mail:extended',
          'mail:completed',
        ]),
      )
    const timeline = (await get(`${API}/${reference}`)).body.timeline as { kind: string; by: string | null }[]
    expect(timeline.find((event) => event.kind === 'extended')?.by).toBe('Lisa Desk')
    // Every action is in the append-only audit trail.
    const audit = await setup.composition.db.db
      .selectFrom('staff_audit_log')
      .select('action')
      .where('actor_email', '=', 'lisa.desk@dpgmedia.nl')
      .execute()
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['REQUEST_EXTENDED', 'NOTE_ADDED', 'REQUEST_COMPLETED']),
    )

    // The requester's status link: the course and the replies, no personal data.
    const statusToken = /privacy-rights\/status\?token=([\w-]+)/.exec(receipt?.text ?? '')?.[1] ?? ''
    const view = await setup.composition.services.desk.statusOf(statusToken)
    expect(view).toMatchObject({ reference, status: 'completed' })
    expect(view?.replies.map((r) => r.kind)).toEqual(['extended', 'completed'])
    expect(JSON.stringify(view)).not.toContain(email)
    const statusPage = await request(setup.app)
      .get(`/fr/privacy-rights/status?token=${statusToken}`)
      .set('Host', BE)
    expect(statusPage.status).toBe(200)
    expect(statusPage.text).toContain(reference)
    expect(statusPage.text).not.toContain(email)
    expect(await setup.composition.services.desk.statusOf('x'.repeat(43))).toBeNull()
  })

  it('refuses an extension after the first month, and rejects with a ground and the regulator named', async () => {
    const email = `tard-${kind}@example.be`
    const reference = await submit(email)
    await verify(email)
    const start = now
    now = new Date(start.getTime() + 32 * DAY)
    try {
      const late = await post(`${API}/${reference}/extend`, { reason: 'Trop tard.' })
      expect(late.status).toBe(409)
      expect((await get(`${API}/${reference}`)).body.daysLeft).toBeLessThan(0)
      const overdue = (await get(`${API}?due=overdue`)).body.items.map(
        (i: { reference: string }) => i.reference,
      )
      expect(overdue).toContain(reference)
      const rejected = await post(`${API}/${reference}/reject`, {
        reason: 'IDENTITY',
        message: 'Nous ne pouvons pas vous identifier.',
      })
      expect(rejected.body.status).toBe('rejected')
      const [mail] = await mailTo(email, /Notre décision/)
      expect(mail?.text).toContain('Identité non établie')
      expect(mail?.text).toContain('Autorité de protection des données')
    } finally {
      now = start
    }
  })

  it('validates bodies, queries and references, and refuses cross-site posts', async () => {
    const email = `valide-${kind}@example.be`
    const reference = await submit(email)
    await verify(email)
    for (const [action, body] of [
      ['extend', {}],
      ['extend', { reason: '   ' }],
      ['complete', { message: '' }],
      ['reject', { reason: 'BORED', message: 'x' }],
      ['reject', { message: 'x' }],
      ['notes', { text: 'x', extra: 1 }],
      ['notes', { text: 'x'.repeat(4001) }],
    ] as const) {
      const answer = await post(`${API}/${reference}/${action}`, body)
      expect(answer.status, `${action} ${JSON.stringify(body)}`).toBe(400)
      expect(answer.body.error.code).toBe('VALIDATION_FAILED')
    }
    const crossSite = await request(setup.app)
      .post(`${API}/${reference}/notes`)
      .set('Host', STAFF_HOST)
      .set('Cookie', lisa)
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ text: 'x' })
    expect(crossSite.status).toBe(403)
    expect((await get(`${API}/NL-000000-AAAAA`)).status).toBe(404)
    expect((await get(`${API}/not-a-reference`)).status).toBe(404)
    for (const query of [
      '?status=bogus',
      '?limit=0',
      '?limit=abc',
      '?due=someday',
      '?flowType=X',
      '?offset=-1',
    ]) {
      const answer = await get(`${API}${query}`)
      expect(answer.status, query).toBe(400)
      expect(answer.body.error.code, query).toBe('VALIDATION_FAILED')
    }
  })

  it('filters, searches and pages the queue, soonest due first; exports it as CSV without free text', async () => {
    const email = `lijst-${kind}@example.nl`
    const first = await submit(
      email,
      { flowType: 'RIGHT_OF_ACCESS', userMessage: 'Geheime tekst; met "aanhalingstekens"' },
      NL,
    )
    await verify(email, NL)
    const second = await submit(email, { flowType: 'RIGHT_OF_ACCESS' }, NL)
    const byEmail = (await get(`${API}?q=${encodeURIComponent(email.toUpperCase())}`)).body
    expect(byEmail.items.map((i: { reference: string }) => i.reference).sort()).toEqual(
      [first, second].sort(),
    )
    expect(byEmail.total).toBe(2)
    const byReference = (await get(`${API}?q=${first.toLowerCase()}`)).body
    expect(byReference.items).toEqual([
      expect.objectContaining({
        reference: first,
        flowType: 'RIGHT_OF_ACCESS',
        country: 'NL',
        language: 'nl',
        status: 'open',
      }),
    ])
    const open = (await get(`${API}?status=open&country=NL&flowType=RIGHT_OF_ACCESS`)).body.items
    expect(
      open.every((i: { status: string; country: string }) => i.status === 'open' && i.country === 'NL'),
    ).toBe(true)
    const all = (await get(`${API}?limit=100`)).body.items as { dueAt: string | null }[]
    const due = all.filter((i) => i.dueAt).map((i) => i.dueAt as string)
    expect(due).toEqual([...due].sort())
    expect(all.findIndex((i) => !i.dueAt)).toBeGreaterThanOrEqual(due.length)
    const paged = (await get(`${API}?limit=1&offset=1`)).body
    expect(paged.items).toHaveLength(1)
    expect(paged.total).toBe(all.length)
    const week = (await get(`${API}?due=week`)).body.items
    expect(week).toEqual([])
    const start = now
    now = new Date(start.getTime() + 25 * DAY)
    try {
      const soon = (await get(`${API}?due=week`)).body.items as { reference: string; daysLeft: number }[]
      expect(soon.find((i) => i.reference === first)?.daysLeft).toBe(5)
    } finally {
      now = start
    }
    // The same address's other requests (GDPR Art. 12(5)).
    const detail = (await get(`${API}/${first}`)).body
    expect(detail.related.map((r: { reference: string }) => r.reference)).toEqual([second])

    const csv = await get(`${API}.csv?q=${encodeURIComponent(email)}`)
    expect(csv.status).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="privacy-requests-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(csv.text.charCodeAt(0)).toBe(0xfeff)
    const lines = csv.text.slice(1).trim().split('\r\n')
    expect(lines[0]).toBe('reference;type;country;language;status;received;verified;due;days_left;closed')
    expect(lines).toHaveLength(3)
    expect(csv.text).not.toContain('Geheime tekst')
    expect(csv.text).not.toContain(email)
  })

  it('hides the other country with STAFF_COUNTRIES', async () => {
    const nlOnly = await staffTestSetup(
      {
        DATABASE_URL: await testDatabaseUrl(kind),
        STAFF_ALLOWED_EMAIL_DOMAINS: 'dpgmedia.nl',
        STAFF_PRIVACY_TEAM_GROUPS: 'privacy-desk',
        STAFF_COUNTRIES: 'NL',
      },
      { clock },
    )
    try {
      const cookie = cookieOf(await signIn(nlOnly.app, 'lisa.desk@dpgmedia.nl'), SESSION)?.pair ?? ''
      for (const host of [NL, BE]) {
        await request(nlOnly.app)
          .post('/api/privacy-rights/request')
          .set('Host', host)
          .send({
            flowType: 'RIGHT_OF_ACCESS',
            country: host === NL ? 'NL' : 'BE',
            language: 'nl',
            email: `land@example.${host === NL ? 'nl' : 'be'}`,
          })
      }
      const list = await request(nlOnly.app).get(API).set('Host', STAFF_HOST).set('Cookie', cookie)
      expect(list.body.items.map((i: { country: string }) => i.country)).toEqual(['NL'])
      const be = await nlOnly.composition.db.db
        .selectFrom('privacy_requests')
        .select('reference')
        .where('country', '=', 'BE')
        .executeTakeFirstOrThrow()
      expect(
        (
          await request(nlOnly.app)
            .get(`${API}/${be.reference}`)
            .set('Host', STAFF_HOST)
            .set('Cookie', cookie)
        ).status,
      ).toBe(404)
    } finally {
      await nlOnly.close()
    }
  })

  it('reminds once after 24 hours, expires unconfirmed requests with a way back, and digests what is due', async () => {
    const desk = setup.composition.services.desk
    const email = `oubli-${kind}@example.be`
    const reference = await submit(email)
    const start = now
    try {
      now = new Date(start.getTime() + 25 * 3600_000)
      expect((await desk.runDeadlines()).reminded).toBeGreaterThanOrEqual(1)
      expect((await desk.runDeadlines()).reminded).toBe(0)
      const [reminder] = await mailTo(email, /Rappel/)
      expect(reminder?.subject).toBe(
        `Rappel : confirmez votre demande relative à la vie privée [${reference}]`,
      )
      expect(tokenIn(reminder)).not.toBe('')
      // The digest: once a day per country, only when something is due within 7 days or overdue.
      const digestsBefore = sink
        .to(MAILBOX.BE)
        .filter((m) => /Guichet|Privacydesk/.test(m.subject ?? '')).length
      now = new Date(start.getTime() + 25 * DAY)
      const run = await desk.runDeadlines()
      expect(run.expired).toBeGreaterThanOrEqual(1)
      expect(run.digests).toBeGreaterThanOrEqual(1)
      expect((await desk.runDeadlines()).digests).toBe(0)
      expect((await get(`${API}/${reference}`)).body.status).toBe('expired')
      const [expired] = await mailTo(email, /n'a pas été confirmée/)
      expect(expired?.text).toContain('/fr/privacy-rights')
      const [digest] = await sink.waitFor(
        (m) =>
          JSON.stringify(m.to).includes(MAILBOX.BE) &&
          /^Privacydesk: \d+ te laat, \d+ binnen 7 dagen$/.test(m.subject ?? ''),
        digestsBefore + 1,
      )
      expect(digest?.text).toMatch(/BE-\d{6}-[2-9A-Z]{5}/)
      // A reminder link of an expired request no longer confirms it.
      const late = await request(setup.app)
        .post('/fr/verify-email')
        .set('Host', BE)
        .type('form')
        .send({ token: tokenIn(reminder) })
      expect(late.headers.location).toBe('/fr/email-verification-expired')
    } finally {
      now = start
    }
  })
})
