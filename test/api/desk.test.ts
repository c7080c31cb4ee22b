import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '#server/services/request-intake.ts'
import { DATABASES } from '../support/app'
import {
  DESK_API as API,
  DAY_MS,
  type DeskBench,
  deskTestSetup,
  MAILBOX,
  NO_TOGGLE_HOST,
  SITES,
  STAFF_HOST,
  timelineWords,
} from '../support/desk'
import { expectRequesterMail } from '../support/mail-checks'

const START = new Date('2026-11-02T09:00:00Z')

/** Every endpoint of the desk's API, with a body each POST would accept. */
const ENDPOINTS = [
  ['GET', ''],
  ['GET', '.csv'],
  ['GET', '/{reference}'],
  ['POST', '/{reference}/extend', { reason: 'Uw aanvraag raakt veel systemen.' }],
  ['POST', '/{reference}/complete', { message: 'Uw gegevens zijn gewist.' }],
  ['POST', '/{reference}/reject', { reason: 'OTHER', message: 'Wij kunnen dit niet uitvoeren.' }],
  ['POST', '/{reference}/notes', { text: 'Teruggebeld.' }],
] as const

describe.each(DATABASES)('the privacy desk on %s', (kind) => {
  let desk: DeskBench
  /** An open request that only a signed-in member of the privacy team on a host with the desk may touch. */
  let guarded = ''

  beforeAll(async () => {
    desk = await deskTestSetup(kind, START)
    const email = desk.email('gate')
    guarded = await desk.submit(email)
    await desk.verify(email, guarded)
  })
  afterAll(() => desk?.close())

  it.each(ENDPOINTS)(
    '%s %s: 404 without the toggle, 401 signed out, 403 for customer service',
    async (method, path, body?: object) => {
      const url = `${API}${path.replace('{reference}', guarded)}`
      const call = (cookie: string, host = STAFF_HOST) =>
        method === 'GET' ? desk.get(url, cookie, host) : desk.post(url, body ?? {}, cookie, host)

      const noToggle = await call(desk.cookies.lisa, NO_TOGGLE_HOST)
      expect(noToggle.status).toBe(404)
      const signedOut = await call('')
      expect(signedOut.status).toBe(401)
      expect(signedOut.body.error.code).toBe('UNAUTHENTICATED')
      const customerService = await call(desk.cookies.anna)
      expect(customerService.status).toBe(403)
      expect(customerService.body.error.code).toBe('FORBIDDEN')
      if (method === 'GET') expect((await call(desk.cookies.lisa)).status).toBe(200)
      // None of them changed the request.
      const detail = await desk.detail(guarded)
      expect(detail.status).toBe('open')
      expect(timelineWords(detail)).not.toContain('note')
    },
  )

  it.each(['/nl/internal-privacy-rights/requests', '/fr/internal-privacy-rights/requests/{reference}'])(
    'the page %s: 404 without the toggle, sign-in when signed out, 403 for customer service',
    async (path) => {
      const url = path.replace('{reference}', guarded)
      expect((await desk.get(url, desk.cookies.lisa, NO_TOGGLE_HOST)).status).toBe(404)
      const signedOut = await desk.get(url, '')
      expect(signedOut.status).toBe(302)
      expect(signedOut.headers.location).toMatch(/\/internal-privacy-rights\/sign-in\?returnTo=/)
      expect((await desk.get(url, desk.cookies.anna)).status).toBe(403)
      expect((await desk.get(url)).status).toBe(200)
    },
  )

  it('an erasure request from receipt to reply: statuses, deadlines, timeline, mails in French', async () => {
    const email = desk.email('effacer')
    const reference = await desk.submit(email, 'BE', { userMessage: 'Supprimez mon compte.' })
    let detail = await desk.detail(reference)
    expect(detail).toMatchObject({ reference, status: 'pending', dueAt: null, language: 'fr', country: 'BE' })
    expect(detail.actions).toEqual({ extend: false, complete: false, reject: false })
    // The verification mail is on the timeline from the moment it was queued.
    expect(timelineWords(detail)).toEqual(['received', 'queued:verification'])

    await desk.verify(email, reference)
    detail = await desk.detail(reference)
    expect(detail.status).toBe('open')
    expect(detail.dueAt).toBe('2026-12-02T09:00:00.000Z')
    expect(detail.daysLeft).toBe(30)
    expect(detail.actions).toEqual({ extend: true, complete: true, reject: true })
    // Issue 25: the reply starts empty; no template with placeholders to send as they are.
    expect(detail).not.toHaveProperty('replyTemplate')
    // The team mail: language, country, a link to the desk, the reference; the receipt: a status link.
    const [team] = await desk.sink.waitFor(
      (mail) => JSON.stringify(mail.to).includes(MAILBOX.BE) && (mail.subject ?? '').includes(reference),
    )
    expect(team?.text).toMatch(/Taal van de aanvrager: Frans/)
    expect(team?.text).toMatch(/Land: België/)
    expect(team?.text).toContain(`/nl/internal-privacy-rights/requests/${reference}`)
    const receipt = await desk.mailAbout(email, reference, /^Nous traitons/)
    expect(receipt?.text).toMatch(/privacy-rights\/status\?token=/)
    expectRequesterMail(receipt, { reference, replyTo: MAILBOX.BE, language: 'fr' })

    const extended = await desk.post(`${API}/${reference}/extend`, {
      reason: 'Votre compte existe chez plusieurs marques.',
    })
    expect(extended.status).toBe(200)
    expect(extended.body).toMatchObject({ status: 'extended', dueAt: '2027-02-02T09:00:00.000Z' })
    expect(extended.body.actions.extend).toBe(false)

    const extension = await desk.mailAbout(email, reference, /plus de temps/)
    expect(extension?.subject).toBe(`Nous avons besoin de plus de temps pour votre demande [${reference}]`)
    expect(extension?.text).toContain('Votre compte existe chez plusieurs marques.')
    expect(extension?.text).toContain('2 février 2027')
    expectRequesterMail(extension, { reference, replyTo: MAILBOX.BE, language: 'fr' })

    expect((await desk.post(`${API}/${reference}/notes`, { text: 'Appelé la demandeuse.' })).status).toBe(200)
    const completed = await desk.post(`${API}/${reference}/complete`, {
      message: 'Votre compte est supprimé.\n\nCordialement.',
    })
    expect(completed.status).toBe(200)
    expect(completed.body.status).toBe('completed')
    expect(completed.body.closedAt).toBe(desk.now.toISOString())
    const reply = await desk.mailAbout(email, reference, /Réponse à votre demande/)
    expect(reply?.text).toContain('Votre compte est supprimé.')
    expectRequesterMail(reply, { reference, replyTo: MAILBOX.BE, language: 'fr' })

    // Every mail about the request: queued in the transaction that made it, then delivered.
    await desk.drained()
    const words = timelineWords(await desk.detail(reference))
    for (const mail of ['verification', 'privacy-team', 'receipt', 'extended', 'completed']) {
      expect(words.filter((word) => word === `queued:${mail}`)).toHaveLength(1)
      expect(words.filter((word) => word === `mail:${mail}`)).toHaveLength(1)
      expect(words.indexOf(`queued:${mail}`)).toBeLessThan(words.indexOf(`mail:${mail}`))
    }
    for (const [before, after] of [
      ['received', 'verified'],
      ['verified', 'extended'],
      ['extended', 'note'],
      ['note', 'completed'],
    ])
      expect(words.indexOf(before as string)).toBeLessThan(words.indexOf(after as string))
    expect(words).not.toContainEqual(expect.stringMatching(/^failed:/))
    const timeline = (await desk.detail(reference)).timeline
    expect(timeline.find((event) => event.kind === 'extended')?.by).toBe('Lisa Desk')
    // Every action is in the append-only audit trail.
    const audit = await desk.setup.composition.db.db
      .selectFrom('staff_audit_log')
      .select('action')
      .where('actor_email', '=', 'lisa.desk@dpgmedia.nl')
      .execute()
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['REQUEST_EXTENDED', 'NOTE_ADDED', 'REQUEST_COMPLETED']),
    )
    // The request page names each mail's course in the team member's language.
    const page = (await desk.get(`/fr/internal-privacy-rights/requests/${reference}`)).text
    expect(page).toContain('E-mail prêt à l&#x27;envoi : lien de confirmation')
    expect(page).toContain('E-mail remis : réponse')
    const pageNl = (await desk.get(`/nl/internal-privacy-rights/requests/${reference}`)).text
    expect(pageNl).toContain('E-mail klaargezet voor verzending: melding aan het privacyteam')
    expect(pageNl).toContain('E-mail afgeleverd: verlenging')

    // The requester's status link: the course and which replies came, no personal data; the replies' texts
    // only behind the code mailed to the request's address (issue 25).
    const statusToken = /privacy-rights\/status\?token=([\w-]+)/.exec(receipt?.text ?? '')?.[1] ?? ''
    const access = desk.setup.composition.services.requesterAccess
    const view = await access.view(statusToken, null)
    expect(view).toMatchObject({ reference, status: 'completed', unlocked: false })
    expect(view?.replies.map((r) => r.kind)).toEqual(['extended', 'completed'])
    expect(view?.replies.map((r) => r.text)).toEqual([null, null])
    // Both replies were sent at the same moment (the clock stood still): each keeps an identity of its own.
    expect(view?.replies[0]?.at).toBe(view?.replies[1]?.at)
    expect(new Set(view?.replies.map((r) => r.id)).size).toBe(2)
    expect(JSON.stringify(view)).not.toContain(email)
    const statusPage = (cookie = '') =>
      request(desk.app)
        .get(`/fr/privacy-rights/status?token=${statusToken}`)
        .set('Host', SITES.BE)
        .set('Cookie', cookie)
    const locked = await statusPage()
    expect(locked.status).toBe(200)
    expect(locked.text).toContain(reference)
    expect(locked.text).not.toContain('Votre compte existe chez plusieurs marques.')
    expect(locked.text).not.toContain('Votre compte est supprimé.')
    expect(locked.text).not.toContain(email)
    const opened = await statusPage(await desk.unlock(email, reference, statusToken))
    expect(opened.status).toBe(200)
    expect(opened.text).toContain('Votre compte existe chez plusieurs marques.')
    expect(opened.text).toContain('Votre compte est supprimé.')
    expect(opened.text).not.toContain(email)
    expect(await access.view('x'.repeat(43), null)).toBeNull()
  })

  it('the status link works until 30 days after the request was closed, in Dutch and French', async () => {
    const email = desk.email('lien')
    const reference = await desk.submit(email)
    await desk.verify(email, reference)
    const receipt = await desk.mailAbout(email, reference, /^Nous traitons/)
    const token = /privacy-rights\/status\?token=([\w-]+)/.exec(receipt?.text ?? '')?.[1] ?? ''
    const closedAt = new Date(START.getTime() + 3 * DAY_MS)
    await desk.at(closedAt, async () => {
      expect((await desk.post(`${API}/${reference}/complete`, { message: 'Fait.' })).status).toBe(200)
    })
    const statusPage = (lang: 'nl' | 'fr') =>
      request(desk.app).get(`/${lang}/privacy-rights/status?token=${token}`).set('Host', SITES.BE)
    // The page's phrases travel with it: what it shows is in its heading.
    const heading = {
      nl: { live: '<h1>Stand van je privacyaanvraag</h1>', lapsed: '<h1>Deze link werkt niet meer</h1>' },
      fr: {
        live: '<h1>Suivi de votre demande relative à la vie privée</h1>',
        lapsed: '<h1>Ce lien ne fonctionne plus</h1>',
      },
    }
    await desk.at(new Date(closedAt.getTime() + 29 * DAY_MS), async () => {
      for (const lang of ['nl', 'fr'] as const) {
        const page = await statusPage(lang)
        expect(page.status).toBe(200)
        expect(page.text).toContain(heading[lang].live)
        expect(page.text).toContain(reference)
      }
      expect(await desk.setup.composition.services.requesterAccess.view(token, null)).toMatchObject({
        reference,
        status: 'completed',
      })
    })
    await desk.at(new Date(closedAt.getTime() + 31 * DAY_MS), async () => {
      for (const lang of ['nl', 'fr'] as const) {
        const page = await statusPage(lang)
        expect(page.status).toBe(200)
        expect(page.text).toContain(heading[lang].lapsed)
        expect(page.text).not.toContain(heading[lang].live)
        expect(page.text).not.toContain(reference)
      }
      expect(await desk.setup.composition.services.requesterAccess.view(token, null)).toBeNull()
    })
  })

  it('the status link is 256 random bits of its own, kept only as a hash, and opening it changes nothing', async () => {
    const email = desk.email('suivi')
    const reference = await desk.submit(email)
    await desk.verify(email, reference)
    const tokenOf = async (ref: string) => {
      const receipt = await desk.mailAbout(email, ref, /^Nous traitons/)
      return /privacy-rights\/status\?token=([^\s"&<>]+)/.exec(receipt?.text ?? '')?.[1] ?? ''
    }
    const token = await tokenOf(reference)
    // 32 bytes in base64url without padding: 43 characters.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    const other = await desk.submit(email)
    await desk.verify(email, other)
    expect(await tokenOf(other)).not.toBe(token)
    // A reply on its course, delivered: the view has something to show.
    const extension = { reason: 'Votre compte existe chez plusieurs marques.' }
    expect((await desk.post(`${API}/${reference}/extend`, extension)).status).toBe(200)
    await expect.poll(async () => timelineWords(await desk.detail(reference))).toContain('mail:extended')
    await desk.drained()

    const db = desk.setup.composition.db.db
    const stored = await db
      .selectFrom('privacy_requests')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow()
    // Only the token's SHA-256 is kept; no column of the request, its timeline or its mails holds the token.
    expect(stored.status_token_hash).not.toBe(token)
    expect(stored.status_token_hash).toBe(hashToken(token))
    const snapshot = async () => ({
      request: await db
        .selectFrom('privacy_requests')
        .selectAll()
        .where('id', '=', stored.id)
        .executeTakeFirstOrThrow(),
      events: await db
        .selectFrom('request_events')
        .selectAll()
        .where('request_id', '=', stored.id)
        .orderBy('occurred_at')
        .orderBy('id')
        .execute(),
      mails: await db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('about_id', '=', stored.id)
        .orderBy('id')
        .execute(),
      tokens: await db
        .selectFrom('verification_tokens')
        .selectAll()
        .where('request_id', '=', stored.id)
        .orderBy('token_hash')
        .execute(),
      audit: await db.selectFrom('staff_audit_log').select('id').orderBy('id').execute(),
      detail: await desk.detail(reference),
    })
    const before = await snapshot()
    expect(JSON.stringify(before)).not.toContain(token)

    // The page is rendered on the server from the desk service; it calls no API. Opened in both
    // languages, twice (a mail scanner and then the requester), and the service asked directly.
    for (const lang of ['fr', 'nl', 'fr', 'nl']) {
      const page = await request(desk.app)
        .get(`/${lang}/privacy-rights/status?token=${token}`)
        .set('Host', SITES.BE)
      expect(page.status).toBe(200)
      expect(page.text).toContain(reference)
      // Issue 25: the reply's text only behind the mailed code.
      expect(page.text).not.toContain(extension.reason)
    }
    expect(await desk.setup.composition.services.requesterAccess.view(token, null)).toMatchObject({
      reference,
      status: 'extended',
    })
    expect(await snapshot()).toEqual(before)
  })

  it('lists a request past its due date under due=overdue with negative days left, and the queue says so', async () => {
    const email = desk.email('te-laat', 'NL')
    const late = await desk.submit(email, 'NL', { flowType: 'RIGHT_OF_ACCESS' })
    await desk.verify(email, late, 'NL')
    const answered = await desk.submit(email, 'NL', { flowType: 'RIGHT_OF_ACCESS' })
    await desk.verify(email, answered, 'NL')
    expect((await desk.post(`${API}/${answered}/complete`, { message: 'Zie hieronder.' })).status).toBe(200)
    const mine = `q=${encodeURIComponent(email)}`
    const due = '2026-12-02T09:00:00.000Z'
    // An hour before the due moment: due today, within the week, not overdue.
    await desk.at(new Date(Date.parse(due) - 3_600_000), async () => {
      expect((await desk.get(`${API}?due=overdue&${mine}`)).body).toEqual({ items: [], total: 0 })
      const week = (await desk.get(`${API}?due=week&${mine}`)).body
      expect(week.items).toEqual([expect.objectContaining({ reference: late, daysLeft: 0 })])
    })
    // Two days after it: overdue, counted, and no longer "due within 7 days"; the answered one is in neither.
    await desk.at(new Date(Date.parse(due) + 2 * DAY_MS), async () => {
      const overdue = (await desk.get(`${API}?due=overdue&${mine}`)).body
      expect(overdue).toEqual({
        items: [expect.objectContaining({ reference: late, status: 'open', dueAt: due, daysLeft: -2 })],
        total: 1,
      })
      expect((await desk.get(`${API}?due=week&${mine}`)).body).toEqual({ items: [], total: 0 })
      expect((await desk.detail(late)).daysLeft).toBe(-2)
      // The whole queue's count of overdue requests: only due ones past their date, each counted once.
      const all = (await desk.get(`${API}?due=overdue&limit=100`)).body
      expect(all.total).toBe(all.items.length)
      for (const item of all.items as { status: string; daysLeft: number }[]) {
        expect(['open', 'extended']).toContain(item.status)
        expect(item.daysLeft).toBeLessThan(0)
      }
      const badge = {
        nl: '<span class="desk-badge desk-badge--overdue">2 dagen te laat</span>',
        fr: '<span class="desk-badge desk-badge--overdue">2 jours de retard</span>',
      }
      for (const lang of ['nl', 'fr'] as const) {
        const page = await desk.get(`/${lang}/internal-privacy-rights/requests?due=overdue&${mine}`)
        expect(page.status).toBe(200)
        expect(page.text).toContain(`>${late}</a>`)
        expect(page.text).not.toContain(answered)
        expect(page.text).toContain(badge[lang])
      }
    })
  })

  it('finds a request by its reference in any case: the API, its actions, and the page', async () => {
    const email = desk.email('casse')
    const reference = await desk.submit(email)
    await desk.verify(email, reference)
    const lower = reference.toLowerCase()
    for (const typed of [lower, `${lower.slice(0, 3)}${reference.slice(3)}`]) {
      const found = await desk.get(`${API}/${typed}`)
      expect(found.status, typed).toBe(200)
      expect(found.body.reference).toBe(reference)
    }
    const noted = await desk.post(`${API}/${lower}/notes`, { text: 'Teruggebeld.' })
    expect(noted.status).toBe(200)
    expect(noted.body.reference).toBe(reference)
    expect(timelineWords(await desk.detail(reference))).toContain('note')
    // The page sends a reference typed in another case on to the address as the reference is written.
    for (const lang of ['nl', 'fr']) {
      const page = await desk.get(`/${lang}/internal-privacy-rights/requests/${lower}`)
      expect(page.status).toBe(302)
      expect(page.headers.location).toBe(`/${lang}/internal-privacy-rights/requests/${reference}`)
    }
    expect((await desk.get(`${API}/nl-000000-aaaaa`)).status).toBe(404)
    expect((await desk.get('/nl/internal-privacy-rights/requests/nl-000000-aaaaa')).status).toBe(404)
  })

  it('validates bodies, queries and references, and refuses cross-site posts', async () => {
    const email = desk.email('valide')
    const reference = await desk.submit(email)
    await desk.verify(email, reference)
    for (const [action, body] of [
      ['extend', {}],
      ['extend', { reason: '   ' }],
      ['complete', { message: '' }],
      ['reject', { reason: 'BORED', message: 'x' }],
      ['reject', { message: 'x' }],
      ['notes', { text: 'x', extra: 1 }],
      ['notes', { text: 'x'.repeat(4001) }],
    ] as const) {
      const answer = await desk.post(`${API}/${reference}/${action}`, body)
      expect(answer.status, `${action} ${JSON.stringify(body)}`).toBe(400)
      expect(answer.body.error.code).toBe('VALIDATION_FAILED')
    }
    const crossSite = await request(desk.app)
      .post(`${API}/${reference}/notes`)
      .set('Host', STAFF_HOST)
      .set('Cookie', desk.cookies.lisa)
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ text: 'x' })
    expect(crossSite.status).toBe(403)
    expect((await desk.get(`${API}/NL-000000-AAAAA`)).status).toBe(404)
    expect((await desk.get(`${API}/not-a-reference`)).status).toBe(404)
    for (const query of [
      '?status=bogus',
      '?limit=0',
      '?limit=abc',
      '?due=someday',
      '?flowType=X',
      '?offset=-1',
      '?unknown=1',
    ]) {
      for (const path of [API, `${API}.csv`]) {
        const answer = await desk.get(`${path}${query}`)
        expect(answer.status, `${path}${query}`).toBe(400)
        expect(answer.body.error.code, query).toBe('VALIDATION_FAILED')
      }
    }
    expect((await desk.get(`${API}.csv?lang=de`)).status).toBe(400)
  })

  it('filters, searches and pages the queue, soonest due first; exports it as CSV without free text', async () => {
    const email = desk.email('lijst', 'NL')
    const first = await desk.submit(email, 'NL', {
      flowType: 'RIGHT_OF_ACCESS',
      userMessage: 'Geheime tekst; met "aanhalingstekens"',
    })
    await desk.verify(email, first, 'NL')
    const second = await desk.submit(email, 'NL', { flowType: 'RIGHT_OF_ACCESS' })
    const byEmail = (await desk.get(`${API}?q=${encodeURIComponent(email.toUpperCase())}`)).body
    expect(byEmail.items.map((i: { reference: string }) => i.reference).sort()).toEqual(
      [first, second].sort(),
    )
    expect(byEmail.total).toBe(2)
    const byReference = (await desk.get(`${API}?q=${first.toLowerCase()}`)).body
    expect(byReference.items).toEqual([
      expect.objectContaining({
        reference: first,
        flowType: 'RIGHT_OF_ACCESS',
        country: 'NL',
        language: 'nl',
        status: 'open',
      }),
    ])
    const open = (await desk.get(`${API}?status=open&country=NL&flowType=RIGHT_OF_ACCESS`)).body.items
    expect(open.map((i: { reference: string }) => i.reference)).toContain(first)
    expect(
      open.every((i: { status: string; country: string }) => i.status === 'open' && i.country === 'NL'),
    ).toBe(true)
    const all = (await desk.get(`${API}?limit=100`)).body.items as { dueAt: string | null }[]
    const due = all.filter((i) => i.dueAt).map((i) => i.dueAt as string)
    expect(due).toEqual([...due].sort())
    expect(all.findIndex((i) => !i.dueAt)).toBeGreaterThanOrEqual(due.length)
    const paged = (await desk.get(`${API}?limit=1&offset=1`)).body
    expect(paged.items).toHaveLength(1)
    expect(paged.total).toBe(all.length)
    expect((await desk.get(`${API}?due=week&q=${encodeURIComponent(email)}`)).body.items).toEqual([])
    await desk.at(new Date(START.getTime() + 25 * DAY_MS), async () => {
      const soon = (await desk.get(`${API}?due=week`)).body.items as { reference: string; daysLeft: number }[]
      expect(soon.find((i) => i.reference === first)?.daysLeft).toBe(5)
    })

    const csv = await desk.get(`${API}.csv?q=${encodeURIComponent(email)}`)
    expect(csv.status).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="privacy-requests-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(csv.headers['x-truncated']).toBeUndefined()
    expect(csv.headers['x-total-count']).toBe('2')
    expect(csv.text.charCodeAt(0)).toBe(0xfeff)
    const lines = csv.text.slice(1).trim().split('\r\n')
    // Issue 27: the headers in the export's language (Dutch by default), times on the country's clocks.
    expect(lines[0]).toBe(
      'Referentie;Soort aanvraag;Land;Taal;Status;Ontvangen;Bevestigd;Uiterste datum;Dagen over;Gesloten;Verlengd op;Weigeringsgrond',
    )
    expect(lines.slice(1).map((line) => line.split(';').slice(0, 5))).toEqual([
      [first, 'RIGHT_OF_ACCESS', 'NL', 'nl', 'open'],
      [second, 'RIGHT_OF_ACCESS', 'NL', 'nl', 'pending'],
    ])
    expect(lines[1]?.split(';')).toEqual([
      first,
      'RIGHT_OF_ACCESS',
      'NL',
      'nl',
      'open',
      '2026-11-02T10:00:00+01:00',
      '2026-11-02T10:00:00+01:00',
      '2026-12-02T10:00:00+01:00',
      '30',
      '',
      '',
      '',
    ])
    expect(csv.text).not.toContain('Geheime tekst')
    expect(csv.text).not.toContain(email)
  })

  it('lists the same address’s requests in both countries, each named with its country', async () => {
    const email = desk.email('twee-landen')
    const dutch = await desk.submit(email, 'NL', { flowType: 'RIGHT_OF_ACCESS' })
    const belgian = await desk.submit(email, 'BE')
    const related = (await desk.detail(belgian)).related
    expect(related).toEqual([
      {
        reference: dutch,
        flowType: 'RIGHT_OF_ACCESS',
        status: 'pending',
        country: 'NL',
        receivedAt: expect.any(String),
      },
    ])
    expect((await desk.detail(dutch)).related.map((r) => [r.reference, r.country])).toEqual([[belgian, 'BE']])
    // The request page names the country beside the reference.
    const text = (page: string) => page.replace(/<!-- -->/g, '')
    const fr = text((await desk.get(`/fr/internal-privacy-rights/requests/${belgian}`)).text)
    expect(fr).toContain(`${dutch}</a> · Pays-Bas · Accès à vos données · `)
    const nl = text((await desk.get(`/nl/internal-privacy-rights/requests/${dutch}`)).text)
    expect(nl).toContain(`${belgian}</a> · België · `)
  })

  it('hides the other country with STAFF_COUNTRIES, in the queue and among related requests', async () => {
    const nlOnly = await deskTestSetup(kind, START, { STAFF_COUNTRIES: 'NL' })
    try {
      const email = 'land@example.be'
      const dutch = await nlOnly.submit(email, 'NL', { flowType: 'RIGHT_OF_ACCESS' })
      const belgian = await nlOnly.submit(email, 'BE', { flowType: 'RIGHT_OF_ACCESS' })
      const list = (await nlOnly.get(API)).body
      expect(list.items.map((i: { reference: string }) => i.reference)).toEqual([dutch])
      expect((await nlOnly.get(`${API}/${belgian}`)).status).toBe(404)
      expect((await nlOnly.detail(dutch)).related).toEqual([])
      expect((await nlOnly.get(`${API}.csv`)).text).not.toContain(belgian)
    } finally {
      await nlOnly.close()
    }
  })
})
