import QRCode from 'qrcode'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '#server/logger.ts'
import type { OutboxWorker } from '#server/mail/outbox-worker.ts'
import { importCampaigns, parseCampaignFile, withdrawNotices } from '#server/services/campaign-import.ts'
import { startRetentionJob } from '#server/services/retention.ts'
import { DATABASES, testDatabaseUrl, testSetup } from '../support/app'
import { SmtpSink } from '../support/smtp'

const ACC_NL = 'privacy-acc.dpgmedia.nl'
const ACC_BE = 'privacy-acc.dpgmedia.be'
const PROD_NL = 'privacy.dpgmedia.nl'

const item = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  status: 'RUNNING',
  sponsorName: `Sponsor ${id}`,
  publicationStartDate: '2026-11-01',
  publicationEndDate: '2026-12-31',
  channel: 'DIGITAL',
  fundingOriginType: 'PRIVATE',
  fundingRegion: 'EU',
  previousPublicationSuspended: false,
  ...overrides,
})

describe.each(DATABASES)('transparency centre on %s', (kind) => {
  const sink = new SmtpSink()
  let setup: Awaited<ReturnType<typeof testSetup>>
  let worker: OutboxWorker
  beforeAll(async () => {
    await sink.start()
    setup = await testSetup({
      DATABASE_URL: await testDatabaseUrl(kind),
      SMTP_URL: sink.url,
      PRIVACY_MAILBOX_BE: 'privacy-team@dpg.test',
    })
    worker = setup.composition.startWorkers({ outboxIntervalMs: 50 })
    const report = await importCampaigns(
      setup.composition.db,
      [
        item('real-nl-1', {
          publicationStartDate: '2020-01-01',
          publicationEndDate: '2020-02-01',
          channel: 'PRINT',
          status: 'STOPPED',
        }),
        item('real-nl-2', { payerName: 'Fonds Zonneveld', budgetLowerBound: 1000 }),
      ],
      { country: 'NL' },
    )
    expect(report).toEqual({ loaded: 2, added: 2, changed: 0, rejected: [] })
  })
  afterAll(async () => {
    await worker.stop()
    await setup.composition.close()
    await sink.stop()
  })
  const get = (host: string, path: string) => request(setup.app).get(path).set('Host', host)

  it('serves a QR code of the notice permanent address (issue 18), from the host table origin', async () => {
    const campaign = (await get(ACC_BE, '/api/campaign-items?countryCode=BE')).body.campaignItems[0]
    const qr = await get(ACC_BE, `/api/campaign-items/${campaign.id}/qr.svg?lang=fr`)
      .buffer(true)
      .parse((res, done) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () => done(null, text))
      })
    expect(qr.status).toBe(200)
    expect(qr.headers['content-type']).toMatch(/^image\/svg\+xml/)
    // The same code as one made for the expected address: the address is what it encodes.
    const expected = await QRCode.toString(
      `https://privacy-acc.dpgmedia.be/fr/political-ads/${campaign.id}`,
      {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 2,
      },
    )
    expect(qr.body).toBe(expected)
    expect((await get(ACC_BE, '/api/campaign-items/no-such-id/qr.svg')).status).toBe(404)
    expect((await get(PROD_NL, `/api/campaign-items/${campaign.id}/qr.svg`)).status).toBe(404)
    const page = await get(ACC_BE, `/fr/political-ads/${campaign.id}`)
    expect(page.text).toContain(`https://privacy-acc.dpgmedia.be/fr/political-ads/${campaign.id}`)
  })

  it('lists real and sample campaigns on a non-production host, newest first', async () => {
    const res = await get(ACC_NL, '/api/campaign-items?countryCode=NL')
    expect(res.status).toBe(200)
    const ids = res.body.campaignItems.map((c: { id: string }) => c.id)
    expect(ids).toContain('real-nl-1')
    expect(ids.some((id: string) => id.startsWith('nl-2026-'))).toBe(true)
    const starts = res.body.campaignItems.map((c: { publicationStartDate: string }) => c.publicationStartDate)
    expect([...starts].sort().reverse()).toEqual(starts)
  })

  it.each([
    ['period=PAST_7_DAYS', (c: { publicationEndDate: string }) => c.publicationEndDate >= '2026-11-15'],
    ['channel=PRINT', (c: { channel: string }) => c.channel === 'PRINT'],
    ['text=zonneveld', (c: { payerName?: string }) => /zonneveld/i.test(c.payerName ?? '')],
    ['period=PAST_YEAR&channel=RADIO', (c: { channel: string }) => c.channel === 'RADIO'],
  ] as const)('filters with %s', async (query, check) => {
    const all = (await get(ACC_NL, '/api/campaign-items?countryCode=NL')).body.campaignItems
    const res = await get(ACC_NL, `/api/campaign-items?countryCode=NL&${query}`)
    expect(res.status).toBe(200)
    expect(res.body.campaignItems.length).toBeLessThan(all.length)
    for (const campaign of res.body.campaignItems) expect(check(campaign as never)).toBe(true)
  })

  it.each(
    ['ALL', 'PAST_7_DAYS', 'PAST_30_DAYS', 'PAST_YEAR'].flatMap((period) =>
      ['ALL', 'PRINT', 'DIGITAL', 'TV', 'RADIO'].map((channel) => [period, channel] as const),
    ),
  )('period %s with channel %s answers only matching campaigns', async (period, channel) => {
    const res = await get(
      ACC_NL,
      `/api/campaign-items?countryCode=NL&period=${period}&channel=${channel}&limit=500`,
    )
    expect(res.status).toBe(200)
    const days = { ALL: null, PAST_7_DAYS: 7, PAST_30_DAYS: 30, PAST_YEAR: 365 }[period]
    const today = new Date().toISOString().slice(0, 10)
    const since = days == null ? null : new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)
    for (const c of res.body.campaignItems as {
      channel: string
      publicationStartDate: string
      publicationEndDate: string
    }[]) {
      if (channel !== 'ALL') expect(c.channel).toBe(channel)
      if (since) {
        expect(c.publicationEndDate >= since).toBe(true)
        expect(c.publicationStartDate <= today).toBe(true)
      }
    }
    expect(res.body.total).toBe(res.body.campaignItems.length)
  })

  it.each([
    'countryCode=DE',
    'countryCode=NL&period=LAST_WEEK',
    'countryCode=NL&channel=BILLBOARD',
    `countryCode=NL&text=${'x'.repeat(101)}`,
    '',
  ])('answers 400 to %j', async (query) => {
    const res = await get(ACC_NL, `/api/campaign-items?${query}`)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('VALIDATION_FAILED')
  })

  it('shows only real campaigns on a production host… where the toggle is off everything is 404', async () => {
    expect((await get(PROD_NL, '/api/campaign-items?countryCode=NL')).status).toBe(404)
    expect((await get(PROD_NL, '/api/campaign-items/real-nl-1?countryCode=NL')).status).toBe(404)
    expect((await get(PROD_NL, '/api/campaign-items.json')).status).toBe(404)
    expect(
      (await request(setup.app).post('/api/political-ad-complaint').set('Host', PROD_NL).send({})).status,
    ).toBe(404)
  })

  it('pages the list: total, limit and offset', async () => {
    const first = await get(ACC_NL, '/api/campaign-items?countryCode=NL&limit=5')
    expect(first.body.campaignItems).toHaveLength(5)
    expect(first.body.total).toBe(16)
    const rest = await get(ACC_NL, '/api/campaign-items?countryCode=NL&limit=500&offset=5')
    expect(rest.body.campaignItems).toHaveLength(11)
    expect(rest.body.campaignItems[0].id).not.toBe(first.body.campaignItems[4].id)
    expect((await get(ACC_NL, '/api/campaign-items?countryCode=NL&limit=501')).status).toBe(400)
    expect((await get(ACC_NL, '/api/campaign-items?countryCode=NL&offset=-1')).status).toBe(400)
  })

  it('answers a campaign by id, and 404 for an unknown one', async () => {
    const res = await get(ACC_NL, '/api/campaign-items/real-nl-2?countryCode=NL')
    expect(res.body).toMatchObject({ id: 'real-nl-2', budgetLowerBound: 1000, payerName: 'Fonds Zonneveld' })
    expect(res.body.budgetUpperBound).toBeUndefined()
    expect((await get(ACC_NL, '/api/campaign-items/nope?countryCode=NL')).status).toBe(404)
  })

  it('exports the full list as JSON and CSV with permanent URLs', async () => {
    const json = await get(ACC_BE, '/api/campaign-items.json')
    expect(json.body.campaignItems.length).toBe(14)
    expect(json.body.campaignItems[0].url).toMatch(
      /^https:\/\/privacy-acc\.dpgmedia\.be\/nl\/political-ads\//,
    )
    const csv = await get(ACC_BE, '/api/campaign-items.csv')
    expect(csv.headers['content-type']).toMatch(/text\/csv/)
    expect(csv.text.split('\r\n')[0]).toContain('ultimateBeneficiaryOwnerAddress')
    expect(csv.text.trim().split('\r\n')).toHaveLength(15)
  })

  it('takes a complaint: stored, mailed to the privacy team with id and sponsor, acknowledged', async () => {
    const campaign = (await get(ACC_BE, '/api/campaign-items?countryCode=BE')).body.campaignItems[0]
    const email = `complaint-${kind}@example.be`
    const res = await request(setup.app).post('/api/political-ad-complaint').set('Host', ACC_BE).send({
      name: 'Anne',
      email,
      explanation: 'Misleidend',
      reason: 'MISLEADING',
      campaignId: campaign.id,
      locale: 'nl_be',
    })
    expect(res.status).toBe(200)
    const [team] = await sink.waitFor((m) => JSON.stringify(m.to).includes('privacy-team@dpg.test'))
    expect(team?.text).toContain(campaign.id)
    expect(team?.text).toContain(campaign.sponsorName)
    const [ack] = await sink.waitFor((m) => JSON.stringify(m.to).includes(email))
    expect(ack?.subject).toContain(res.body.reference)
    expect(ack?.replyTo?.text).toBe('privacy-team@dpg.test')
    const stored = await setup.composition.db.db
      .selectFrom('political_ad_complaints')
      .selectAll()
      .where('email', '=', email)
      .execute()
    expect(stored).toHaveLength(1)
  })

  it('answers 400 { validationError: INVALID_EMAIL } when the domain cannot receive mail', async () => {
    const campaign = (await get(ACC_BE, '/api/campaign-items?countryCode=BE')).body.campaignItems[0]
    const res = await request(setup.app).post('/api/political-ad-complaint').set('Host', ACC_BE).send({
      name: 'A',
      email: 'a@nowhere.invalid',
      explanation: 'x',
      reason: 'INCORRECT',
      campaignId: campaign.id,
      locale: 'fr_be',
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      validationError: 'INVALID_EMAIL',
      error: { code: 'INVALID_EMAIL', message: 'The e-mail address cannot receive mail' },
    })
  })

  describe('spec §7: every refused complaint is 400 JSON with validationError, the API error beside it (issue 20)', () => {
    const complaint = {
      name: 'A',
      email: 'a@example.com',
      explanation: 'x',
      reason: 'INCORRECT',
      locale: 'nl_nl',
    }
    const send = (body: unknown) =>
      request(setup.app)
        .post('/api/political-ad-complaint')
        .set('Host', ACC_NL)
        .send(body as object)

    it.each([
      [
        'a malformed e-mail address',
        { email: 'not-an-address' },
        'INVALID_EMAIL',
        { field: 'email', rule: 'email' },
      ],
      ['no e-mail address', { email: ' ' }, 'INVALID_EMAIL', { field: 'email', rule: 'required' }],
      ['an empty name', { name: '' }, 'VALIDATION_FAILED', { field: 'name', rule: 'required' }],
      [
        'an unknown campaign',
        { campaignId: 'nope' },
        'VALIDATION_FAILED',
        { field: 'campaignId', rule: 'unknown' },
      ],
      ['a bad reason', { reason: 'BORING' }, 'VALIDATION_FAILED', { field: 'reason', rule: 'enum' }],
      ['an extra field', { extra: 1 }, 'VALIDATION_FAILED', { field: 'extra', rule: 'unknown' }],
    ])('%s: validationError %s, the field named', async (_name, change, validationError, field) => {
      const res = await send({ ...complaint, campaignId: 'real-nl-1', ...change })
      expect(res.status).toBe(400)
      expect(res.body.validationError).toBe(validationError)
      expect(res.body.error.code).toBe('VALIDATION_FAILED')
      expect(res.body.error.fields).toContainEqual(field)
    })

    /** A raw body with its content type, as a client that sends no (valid) JSON does. */
    const raw = (type: string, body: string) =>
      request(setup.app)
        .post('/api/political-ad-complaint')
        .set('Host', ACC_NL)
        .set('Content-Type', type)
        .send(body)

    it('a body that is not JSON: validationError MALFORMED_JSON', async () => {
      const res = await raw('application/json', '{"name": ')
      expect(res.status).toBe(400)
      expect(res.body).toEqual({
        validationError: 'MALFORMED_JSON',
        error: { code: 'MALFORMED_JSON', message: 'The request body is not valid JSON' },
      })
    })

    it('what is not a validation failure keeps its own status and envelope', async () => {
      const notJson = await raw('text/plain', 'hello')
      expect(notJson.status).toBe(415)
      expect(notJson.body).toEqual({
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as application/json' },
      })
    })
  })

  it('refuses a complaint with a bad reason or an unknown campaign (400 VALIDATION_FAILED)', async () => {
    const base = { name: 'A', email: 'a@example.com', explanation: 'x', locale: 'nl_nl' }
    const badReason = await request(setup.app)
      .post('/api/political-ad-complaint')
      .set('Host', ACC_NL)
      .send({ ...base, reason: 'BORING', campaignId: 'real-nl-1' })
    expect(badReason.body.error.code).toBe('VALIDATION_FAILED')
    const unknown = await request(setup.app)
      .post('/api/political-ad-complaint')
      .set('Host', ACC_NL)
      .send({ ...base, reason: 'INCORRECT', campaignId: 'nope' })
    expect(unknown.body.error.fields).toContainEqual({ field: 'campaignId', rule: 'unknown' })
  })

  it('keeps every earlier version of a changed notice, and withdraws without removing (issue 18)', async () => {
    const db = setup.composition.db
    const first = item('hist-1', { budgetLowerBound: 1000, budgetUpperBound: 2000 })
    expect(await importCampaigns(db, [first], { country: 'NL' })).toMatchObject({ added: 1, changed: 0 })
    // The same file again changes nothing: no version, no new "last changed".
    const unchanged = (await get(ACC_NL, '/api/campaign-items/hist-1?countryCode=NL')).body
    expect(await importCampaigns(db, [first], { country: 'NL' })).toMatchObject({ added: 0, changed: 0 })
    expect((await get(ACC_NL, '/api/campaign-items/hist-1?countryCode=NL')).body).toEqual(unchanged)
    expect(unchanged).toMatchObject({ version: 1, versions: [] })
    const since = new Date().toISOString()
    const corrected = { ...first, budgetUpperBound: 3000, payerName: 'Fonds Nieuw' }
    expect(await importCampaigns(db, [corrected], { country: 'NL' })).toMatchObject({ added: 0, changed: 1 })
    const notice = (await get(ACC_NL, '/api/campaign-items/hist-1?countryCode=NL')).body
    expect(notice).toMatchObject({ version: 2, budgetUpperBound: 3000, payerName: 'Fonds Nieuw' })
    expect(notice.versions).toEqual([
      { version: 1, replacedAt: expect.any(String), changed: ['budgetUpperBound', 'payerName'] },
    ])
    // The open-data export: version and state, and ?since= for mirrors.
    const changed = (await get(ACC_NL, `/api/campaign-items.json?since=${since}`)).body.campaignItems
    expect(changed.map((i: { id: string }) => i.id)).toEqual(['hist-1'])
    expect((await get(ACC_NL, '/api/campaign-items.json?since=yesterday')).status).toBe(400)

    const withdrawn = await withdrawNotices(db, ['hist-1', 'no-such'], 'Sponsor trok de advertentie terug')
    expect(withdrawn).toEqual({ withdrawn: ['hist-1'], unknown: ['no-such'] })
    const after = (await get(ACC_NL, '/api/campaign-items/hist-1?countryCode=NL')).body
    expect(after).toMatchObject({
      withdrawnAt: expect.any(String),
      withdrawalReason: 'Sponsor trok de advertentie terug',
    })
    const live = (await get(ACC_NL, '/api/campaign-items?countryCode=NL&limit=500')).body.campaignItems
    expect(live.map((i: { id: string }) => i.id)).not.toContain('hist-1')
    const gone = (await get(ACC_NL, '/api/campaign-items?countryCode=NL&withdrawn=true')).body.campaignItems
    expect(gone.map((i: { id: string }) => i.id)).toEqual(['hist-1'])
    const page = await get(ACC_NL, '/nl/political-ads/hist-1')
    expect(page.status).toBe(200)
    expect(page.text).toContain('Ingetrokken op')
    expect(page.text).toContain('Sponsor trok de advertentie terug')
    expect(page.text).toContain('Versie 1, vervangen op')

    // The export imports again, unchanged: a round trip.
    const exported = (await get(ACC_NL, '/api/campaign-items.json')).body.campaignItems
    const csv = (await get(ACC_NL, '/api/campaign-items.csv')).text
    expect(csv.split('\r\n')[0]).toContain('version,changedAt,withdrawnAt,withdrawalReason,url')
    // (The sample notices of a non-production host are in the export too; the round trip is the real ones.)
    const real = (rows: { id?: unknown }[]) => rows.filter((row) => !String(row.id).startsWith('nl-2026-'))
    expect(await importCampaigns(db, real(exported), { country: 'NL' })).toMatchObject({
      added: 0,
      changed: 0,
      rejected: [],
    })
    const fromCsv = real(parseCampaignFile(csv, 'csv') as { id?: unknown }[])
    expect(fromCsv.length).toBe(real(exported).length)
    expect(await importCampaigns(db, fromCsv, { country: 'NL' })).toMatchObject({
      added: 0,
      changed: 0,
      rejected: [],
    })
  })

  it('takes every element of the notice, validated, and shows what does not apply as such (issue 18)', async () => {
    const db = setup.composition.db
    const full = item('full-1', {
      amountsMethodology: 'Gefactureerde bedragen, exclusief btw.',
      linkedProcessType: 'ELECTION',
      linkedProcessName: 'Gemeenteraadsverkiezingen',
      linkedProcessDate: '2026-03-18',
      electionInfoUrl: 'https://www.kiesraad.nl',
      targetingUsed: true,
      targetingInfoUrl: 'https://example.nl/targeting',
      repositoryUrl: 'https://example.eu/repository/full-1',
      suspensions: [{ date: '2026-02-01', reason: 'Onvolledige kennisgeving' }, { date: '2026-02-10' }],
    })
    const bad = [
      item('bad-1', { linkedProcessType: 'PARTY' }),
      item('bad-2', { repositoryUrl: 'ftp://x' }),
      item('bad-3', { suspensions: [{ date: '2026-02-30' }] }),
      item('bad-4', { linkedProcessName: 'Zonder soort' }),
      item('bad-5', { targetingUsed: 'ja' }),
    ]
    const refused = await importCampaigns(db, [full, ...bad], { country: 'NL' })
    expect(refused.loaded).toBe(0)
    expect(refused.rejected.map((r) => r.id)).toEqual(['bad-1', 'bad-2', 'bad-3', 'bad-4', 'bad-5'])
    expect(await importCampaigns(db, [full], { country: 'NL' })).toMatchObject({ added: 1 })
    const answer = (await get(ACC_NL, '/api/campaign-items/full-1?countryCode=NL')).body
    expect(answer).toMatchObject({
      amountsMethodology: 'Gefactureerde bedragen, exclusief btw.',
      linkedProcessType: 'ELECTION',
      targetingUsed: true,
      suspensions: [{ date: '2026-02-01', reason: 'Onvolledige kennisgeving' }, { date: '2026-02-10' }],
    })
    const page = (await get(ACC_NL, '/nl/political-ads/full-1')).text
    for (const text of [
      'Gemeenteraadsverkiezingen',
      'https://example.eu/repository/full-1',
      'Onvolledige kennisgeving',
    ])
      expect(page).toContain(text)
    // A notice without these elements says they do not apply, in the visitor's language.
    expect((await get(ACC_NL, '/nl/political-ads/real-nl-1')).text).toContain('niet van toepassing')
    expect((await get(ACC_BE, '/fr/political-ads/be-2026-002')).text).toContain('sans objet')
    // Suspensions travel through CSV and back.
    const csv = (await get(ACC_NL, '/api/campaign-items.csv')).text
    expect(csv).toContain('2026-02-01: Onvolledige kennisgeving | 2026-02-10')
    const again = parseCampaignFile(csv, 'csv').filter((row) => (row as { id: string }).id === 'full-1')
    expect(await importCampaigns(db, again, { country: 'NL' })).toMatchObject({ changed: 0, rejected: [] })
  })

  it('imports all or nothing, reporting every bad row with its reasons', async () => {
    const rows = parseCampaignFile(
      [
        'id,status,sponsorName,publicationStartDate,publicationEndDate,channel,fundingOriginType,fundingRegion,previousPublicationSuspended,budgetLowerBound,budgetUpperBound,country',
        'csv-1,RUNNING,"Stichting ""Open"", Utrecht",2026-01-01,2026-02-01,RADIO,PUBLIC,EU,false,100,200,NL',
        'csv-2,PAUSED,Sponsor,2026-01-01,2026-02-01,RADIO,PUBLIC,EU,false,,,NL',
        'csv-3,RUNNING,Sponsor,2026-03-01,2026-02-01,RADIO,PUBLIC,EU,false,500,100,NL',
      ].join('\n'),
      'csv',
    )
    const report = await importCampaigns(setup.composition.db, rows, {})
    expect(report.loaded).toBe(0)
    expect(report.rejected.map((r) => r.row)).toEqual([2, 3])
    expect(report.rejected[1]?.reasons.join(' ')).toMatch(
      /before publicationStartDate.*lower bound above upper bound/,
    )
    expect((await get(ACC_NL, '/api/campaign-items/csv-1?countryCode=NL')).status).toBe(404)
    const good = await importCampaigns(setup.composition.db, rows.slice(0, 1), {})
    expect(good).toEqual({ loaded: 1, added: 1, changed: 0, rejected: [] })
    expect((await get(ACC_NL, '/api/campaign-items/csv-1?countryCode=NL')).body.sponsorName).toBe(
      'Stichting "Open", Utrecht',
    )
  })

  it('removes notices and their versions POLITICAL_AD_RETENTION_YEARS after publication ended (issue 18)', async () => {
    const db = setup.composition.db.db
    expect(await db.selectFrom('campaign_item_versions').select('id').execute()).not.toEqual([])
    // real-nl-1 ended on 2020-02-01: kept until 2027-02-01, gone the day after.
    const run = (at: string) => {
      const job = startRetentionJob({
        db: setup.composition.db,
        unverifiedRetentionDays: setup.config.unverifiedRetentionDays,
        retention: setup.config.retention,
        logger: createLogger('silent'),
        clock: () => new Date(at),
      })
      job.stop()
      return job.run()
    }
    expect((await run('2027-02-01T12:00:00Z'))?.notices).toBe(0)
    expect((await run('2027-02-02T12:00:00Z'))?.notices).toBe(1)
    expect((await get(ACC_NL, '/api/campaign-items/real-nl-1?countryCode=NL')).status).toBe(404)
    // Far on, every notice has gone, and every earlier version with it.
    await run('2040-01-01T00:00:00Z')
    expect(await db.selectFrom('campaign_item_versions').select('id').execute()).toEqual([])
  })
})
