import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertComplaint } from '#server/db/complaint-repository.ts'
import { newReference } from '#server/db/references.ts'
import type { OutboxWorker } from '#server/mail/outbox-worker.ts'
import { importCampaigns } from '#server/services/campaign-import.ts'
import { complaintDueAt } from '#server/services/political-ads.ts'
import { DATABASES, runRetention, testDatabaseUrl } from '../support/app'
import { BE_VOTE } from '../support/campaigns'
import { expectRequesterMail } from '../support/mail-checks'
import { SmtpSink } from '../support/smtp'
import { cookieOf, signIn, staffTestSetup } from '../support/staff'

const ACC_BE = 'privacy-acc.dpgmedia.be'
const STAFF_HOST = 'nl.localhost'
const API = '/api/internal-privacy-rights/complaints'
const COMPLAINTS_MAILBOX = 'politieke-advertenties@desk.test'

describe.each(DATABASES)('complaints about political ads on the desk (issue 18) on %s', (kind) => {
  const now = new Date('2026-10-01T10:00:00Z')
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
        POLITICAL_ADS_MAILBOX_BE: COMPLAINTS_MAILBOX,
      },
      { clock },
    )
    worker = setup.composition.startWorkers({ outboxIntervalMs: 20, clock })
    lisa = cookieOf(await signIn(setup.app, 'lisa.desk@dpgmedia.nl'), '__Host-staff-session')?.pair ?? ''
    anna = cookieOf(await signIn(setup.app, 'anna.jansen@dpgmedia.nl'), '__Host-staff-session')?.pair ?? ''
    expect(await importCampaigns(setup.composition.db, [BE_VOTE], { country: 'BE', now })).toMatchObject({
      added: 1,
    })
  })
  afterAll(async () => {
    await worker?.stop()
    await setup?.close()
    await sink.stop()
  })

  const complain = (reason = 'NOTICE_INCORRECT', locale = 'fr_be') =>
    request(setup.app)
      .post('/api/political-ad-complaint')
      .set('Host', ACC_BE)
      .send({
        name: 'Camille',
        email: `plainte-${kind}@example.be`,
        explanation: 'Le payeur manque dans l’avis.',
        reason,
        campaignId: 'be-vote',
        locale,
      })
  const get = (path: string, cookie = lisa) =>
    request(setup.app).get(path).set('Host', STAFF_HOST).set('Cookie', cookie)
  const post = (path: string, body: object, cookie = lisa) =>
    request(setup.app).post(path).set('Host', STAFF_HOST).set('Cookie', cookie).send(body)

  it('takes the new reason, sends the complaint to its own mailbox, and is due in 48 h before a vote', async () => {
    const answer = await complain()
    expect(answer.status).toBe(200)
    const reference = answer.body.reference as string
    const [team] = await sink.waitFor((mail) => JSON.stringify(mail.to).includes(COMPLAINTS_MAILBOX))
    expect(team?.subject).toContain(reference)
    // The complainant's answer to the acknowledgement reaches the complaints mailbox, not the privacy one.
    const [ack] = await sink.waitFor(
      (mail) =>
        JSON.stringify(mail.to).includes(`plainte-${kind}@example.be`) &&
        (mail.subject ?? '').includes(reference),
    )
    expect(ack?.replyTo?.text).toBe(COMPLAINTS_MAILBOX)
    const detail = (await get(`${API}/${reference}`)).body
    expect(detail).toMatchObject({
      reference,
      status: 'received',
      reason: 'NOTICE_INCORRECT',
      sponsorName: 'Beweging Morgen',
    })
    // The notice's public page, on the Belgian transparency centre, in both its languages.
    expect(detail.noticeUrls).toEqual({
      nl: 'https://privacy-acc.dpgmedia.be/nl/political-ads/be-vote',
      fr: 'https://privacy-acc.dpgmedia.be/fr/political-ads/be-vote',
    })
    expect(detail.dueAt).toBe('2026-10-03T10:00:00.000Z')
    // Far from any vote: 14 days.
    expect(complaintDueAt(now, {})).toBe('2026-10-15T10:00:00.000Z')
    expect(complaintDueAt(now, { linkedProcessType: 'ELECTION', linkedProcessDate: '2027-05-01' })).toBe(
      '2026-10-15T10:00:00.000Z',
    )
  })

  it('links to the desk and the notice of the site the complaint was made on: a local run never to acceptance (issue 27)', async () => {
    const email = `lokaal-${kind}@example.be`
    await importCampaigns(setup.composition.db, [{ ...BE_VOTE, id: 'be-local' }], { country: 'BE', now })
    const answer = await request(setup.app)
      .post('/api/political-ad-complaint')
      .set('Host', 'be.localhost')
      .send({
        name: 'Lotte',
        email,
        explanation: 'De betaler ontbreekt.',
        reason: 'NOTICE_INCORRECT',
        campaignId: 'be-local',
        locale: 'nl_be',
      })
    expect(answer.status).toBe(200)
    const reference = answer.body.reference as string
    const [team] = await sink.waitFor(
      (mail) =>
        JSON.stringify(mail.to).includes(COMPLAINTS_MAILBOX) && (mail.subject ?? '').includes(reference),
    )
    expect(team?.text).toContain(
      `http://be.localhost:3211/nl/internal-privacy-rights/complaints/${reference}`,
    )
    expect(
      (await post(`${API}/${reference}/close`, { outcome: 'ad_suspended', message: 'Geschorst.' })).status,
    ).toBe(200)
    const [outcome] = await sink.waitFor(
      (mail) => JSON.stringify(mail.to).includes(email) && /Geschorst/.test(mail.text ?? ''),
    )
    expect(outcome?.text).toContain('http://be.localhost:3211/nl/political-ads/be-local')
    expect(outcome?.text).not.toContain('privacy-acc.dpgmedia.be')
  })

  it('writes a note sent again with the same Idempotency-Key once (issue 30); another text with it is a 422', async () => {
    const reference = (await complain()).body.reference as string
    const note = (text: string, key: string) =>
      request(setup.app)
        .post(`${API}/${reference}/notes`)
        .set('Host', STAFF_HOST)
        .set('Cookie', lisa)
        .set('Idempotency-Key', key)
        .send({ text })
    const key = `complaint-note-${kind}-0123456789`
    const sent = await Promise.all([note('Factuur opgevraagd.', key), note('Factuur opgevraagd.', key)])
    expect(sent.map((answer) => answer.status)).toEqual([200, 200])
    const reused = await note('Iets anders.', key)
    expect(reused.status).toBe(422)
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED')
    const timeline = (await get(`${API}/${reference}`)).body.timeline as { kind: string; text?: string }[]
    expect(timeline.filter((event) => event.kind === 'note').map((event) => event.text)).toEqual([
      'Factuur opgevraagd.',
    ])
  })

  it('is reviewed, then closed with an outcome mailed to the complainant in French; refused transitions are 409', async () => {
    const reference = (await complain()).body.reference as string
    expect((await get(API, anna)).status).toBe(403)
    expect((await post(`${API}/${reference}/review`, {}, anna)).status).toBe(403)
    const list = (await get(`${API}?status=received`)).body
    expect(list.items.map((i: { reference: string }) => i.reference)).toContain(reference)
    expect((await get(`${API}?status=bogus`)).status).toBe(400)

    const reviewed = await post(`${API}/${reference}/review`, {})
    expect(reviewed.body.status).toBe('under_review')
    expect((await post(`${API}/${reference}/review`, {})).status).toBe(409)
    expect((await post(`${API}/${reference}/notes`, { text: 'Factuur opgevraagd.' })).status).toBe(200)
    expect((await post(`${API}/${reference}/close`, { outcome: 'approved', message: 'x' })).status).toBe(400)
    const corrected = { outcome: 'notice_corrected', message: "L'avis mentionne désormais le payeur." }
    // "Corrected" needs a correction: the notice has not changed since the complaint came in.
    const early = await post(`${API}/${reference}/close`, corrected)
    expect(early.status).toBe(409)
    expect(early.body.error.code).toBe('NOTICE_NOT_CORRECTED')
    // The team imports the corrected notice (the payer added), then closes: the outcome names that version.
    const later = new Date(now.getTime() + 3_600_000)
    const withPayer = { ...BE_VOTE, payerName: 'Fonds Morgen', payerEmail: 'fonds@morgen.example' }
    expect(
      await importCampaigns(setup.composition.db, [withPayer], { country: 'BE', now: later }),
    ).toMatchObject({
      changed: 1,
    })
    const closed = await post(`${API}/${reference}/close`, corrected)
    expect(closed.status).toBe(200)
    expect(closed.body).toMatchObject({ status: 'notice_corrected', closedAt: now.toISOString() })
    expect(closed.body.timeline).toContainEqual(
      expect.objectContaining({ kind: 'notice-corrected', detail: '2' }),
    )
    expect((await post(`${API}/${reference}/close`, { outcome: 'dismissed', message: 'x' })).status).toBe(409)

    const [mail] = await sink.waitFor(
      (m) =>
        JSON.stringify(m.to).includes(`plainte-${kind}@example.be`) && (m.subject ?? '').startsWith('Issue'),
    )
    expect(mail?.subject).toBe(`Issue de votre signalement d'une publicité politique [${reference}]`)
    expect(mail?.text).toContain('Avis corrigé')
    expect(mail?.text).toContain("L'avis mentionne désormais le payeur.")
    // The reference in the subject and both bodies, Reply-To the complaints mailbox, in French.
    expectRequesterMail(mail, { reference, replyTo: COMPLAINTS_MAILBOX, language: 'fr' })
    expect(mail?.text).toContain(
      "L'avis a été corrigé : c'est sa version 2. https://privacy-acc.dpgmedia.be/fr/political-ads/be-vote",
    )
    expect(mail?.replyTo?.text).toBe(COMPLAINTS_MAILBOX)
    await expect
      .poll(async () =>
        ((await get(`${API}/${reference}`)).body.timeline as { kind: string }[]).map((e) => e.kind),
      )
      .toEqual(
        expect.arrayContaining([
          'received',
          'mail-queued',
          'under_review',
          'note',
          'closed',
          'mail-delivered',
        ]),
      )
    const page = (await get(`/fr/internal-privacy-rights/complaints/${reference}`)).text
    expect(page).toContain('<strong>E-mail prêt à l&#x27;envoi</strong>')
    // The notice complained about links to its public page, in the desk's language.
    expect(page).toContain(
      '<a href="https://privacy-acc.dpgmedia.be/fr/political-ads/be-vote">Beweging Morgen (be-vote)</a>',
    )
  })
  it('finds a complaint by its reference in any case: the API, its actions, and the page', async () => {
    const reference = (await complain()).body.reference as string
    const lower = reference.toLowerCase()
    const found = await get(`${API}/${lower}`)
    expect(found.status).toBe(200)
    expect(found.body.reference).toBe(reference)
    const reviewed = await post(`${API}/${lower}/review`, {})
    expect(reviewed.status).toBe(200)
    expect(reviewed.body).toMatchObject({ reference, status: 'under_review' })
    // The page sends a reference typed in another case on to the address as the reference is written.
    for (const lang of ['nl', 'fr']) {
      const page = await get(`/${lang}/internal-privacy-rights/complaints/${lower}`)
      expect(page.status).toBe(302)
      expect(page.headers.location).toBe(`/${lang}/internal-privacy-rights/complaints/${reference}`)
    }
    expect((await get(`/nl/internal-privacy-rights/complaints/${reference}`)).status).toBe(200)
    expect((await get(`${API}/be-000000-aaaaa`)).status).toBe(404)
    expect((await get('/nl/internal-privacy-rights/complaints/be-000000-aaaaa')).status).toBe(404)
  })

  it('closes "ad suspended" by adding a dated suspension, naming the complaint, to the notice (a new version)', async () => {
    const reference = (await complain('MISLEADING', 'nl_be')).body.reference as string
    const before = (await request(setup.app).get('/api/campaign-items/be-vote').set('Host', ACC_BE)).body
    const closed = await post(`${API}/${reference}/close`, {
      outcome: 'ad_suspended',
      message: 'We hebben de advertentie opgeschort.',
    })
    expect(closed.status).toBe(200)
    const version = before.version + 1
    expect(closed.body.timeline).toContainEqual(
      expect.objectContaining({ kind: 'notice-suspended', detail: String(version) }),
    )
    const notice = (await request(setup.app).get('/api/campaign-items/be-vote').set('Host', ACC_BE)).body
    expect(notice).toMatchObject({
      version,
      previousPublicationSuspended: true,
      suspensions: [...(before.suspensions ?? []), { date: '2026-10-01', complaint: reference }],
    })
    expect(notice.versions[0]).toMatchObject({ version: before.version, changed: ['suspensions'] })
    // The suspension is the site's record: importing the sponsor's file again keeps it.
    const { version: _v, versions: _vs, withdrawals: _w, url: _u, urls: _us, ...fields } = before
    expect(await importCampaigns(setup.composition.db, [fields], { country: 'BE' })).toMatchObject({
      changed: 0,
      rejected: [],
    })
    expect(
      (await request(setup.app).get('/api/campaign-items/be-vote').set('Host', ACC_BE)).body,
    ).toMatchObject({
      version,
      suspensions: notice.suspensions,
    })
    // Visible on the notice, in both languages; and the complainant is told where.
    const page = (path: string) => request(setup.app).get(path).set('Host', ACC_BE)
    expect((await page('/nl/political-ads/be-vote')).text).toContain(
      `1 oktober 2026 (na melding ${reference})`,
    )
    expect((await page('/fr/political-ads/be-vote')).text).toContain(
      `1 octobre 2026 (à la suite du signalement ${reference})`,
    )
    const [mail] = await sink.waitFor(
      (m) => (m.subject ?? '') === `Uitkomst van je melding over een politieke advertentie [${reference}]`,
    )
    expect(mail?.text).toContain('Advertentie opgeschort')
    expect(mail?.text).toContain(
      `De opschorting staat sindsdien op de kennisgeving (versie ${version}). https://privacy-acc.dpgmedia.be/nl/political-ads/be-vote`,
    )
  })

  it('pages the list as the requests queue does: 25 a page, previous and next', async () => {
    const db = setup.composition.db.db
    for (let i = 0; i < 30; i++)
      await insertComplaint(db, {
        id: crypto.randomUUID(),
        reference: newReference('BE', now),
        country: 'BE',
        locale: 'nl_be',
        campaignId: 'be-vote',
        reason: 'INCORRECT',
        name: 'Lezer',
        email: `lezer-${i}@example.be`,
        explanation: 'Klopt niet.',
        createdAt: new Date(now.getTime() + i * 60_000).toISOString(),
      })
    const first = (await get(`${API}?status=received`)).body
    expect(first.total).toBeGreaterThanOrEqual(30)
    expect(first.items).toHaveLength(25)
    const rest = (await get(`${API}?status=received&offset=25`)).body
    expect(rest.items).toHaveLength(first.total - 25)
    const seen = [...first.items, ...rest.items].map((item: { reference: string }) => item.reference)
    expect(new Set(seen).size).toBe(first.total)
    expect((await get(`${API}?limit=10`)).body.items).toHaveLength(10)
    for (const bad of ['offset=-1', 'offset=abc', 'limit=101', 'limit=0', 'page=2'])
      expect((await get(`${API}?${bad}`)).status).toBe(400)
    // The page: a count with its range, and a link to the next page that keeps the filter.
    const page = await get('/nl/internal-privacy-rights/complaints?status=received')
    expect(page.text).toContain(`${first.total} meldingen (1–25)`)
    expect(page.text).toContain('href="/nl/internal-privacy-rights/complaints?status=received&amp;offset=25"')
    const second = await get('/nl/internal-privacy-rights/complaints?status=received&offset=25')
    expect(second.text).toContain(`${first.total} meldingen (26–${first.total})`)
    expect(second.text).toContain('href="/nl/internal-privacy-rights/complaints?status=received"')
  })

  it('keeps an open complaint however old; COMPLAINT_RETENTION_DAYS (180) run from its closing', async () => {
    const reference = (await complain('MISLEADING')).body.reference as string
    const db = setup.composition.db.db
    const [{ id } = { id: '' }] = await db
      .selectFrom('political_ad_complaints')
      .select('id')
      .where('reference', '=', reference)
      .execute()
    /** The retention job as it runs `days` after the complaint came in (the injected clock). */
    const retentionAfter = (days: number) => runRetention(setup, new Date(now.getTime() + days * 86_400_000))
    const left = async () => ({
      complaints: (await db.selectFrom('political_ad_complaints').select('id').where('id', '=', id).execute())
        .length,
      events: (await db.selectFrom('complaint_events').select('id').where('complaint_id', '=', id).execute())
        .length,
      mails: (await db.selectFrom('mail_outbox').select('id').where('about_id', '=', id).execute()).length,
    })
    // Still open a year on: the team has not answered, so nothing of it goes.
    await retentionAfter(365)
    expect((await get(`${API}/${reference}`)).body.status).toBe('received')
    expect(await left()).toMatchObject({ complaints: 1, events: expect.any(Number) })
    expect(
      (await post(`${API}/${reference}/close`, { outcome: 'dismissed', message: 'Niet gegrond.' })).status,
    ).toBe(200)
    // Closed (at the injected clock's time): kept for 180 days after that, gone the day after.
    expect((await retentionAfter(180))?.complaints).toBe(0)
    expect((await left()).complaints).toBe(1)
    expect((await retentionAfter(181))?.complaints).toBeGreaterThanOrEqual(1)
    expect(await left()).toEqual({ complaints: 0, events: 0, mails: 0 })
    expect((await get(`${API}/${reference}`)).status).toBe(404)
  })
})
