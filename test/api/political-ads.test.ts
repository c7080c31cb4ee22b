import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import QRCode from 'qrcode'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboxWorker } from '#server/mail/outbox-worker.ts'
import {
  importCampaignFile,
  importCampaigns,
  parseCampaignFile,
  parseCsv,
  reinstateNotices,
  withdrawNotices,
} from '#server/services/campaign-import.ts'
import { seedSampleCampaigns } from '#server/services/sample-campaigns.ts'
import { DATABASES, ROOT, runRetention, testDatabaseUrl, testSetup } from '../support/app'
import { campaignItem } from '../support/campaigns'
import { SmtpSink } from '../support/smtp'

const ACC_NL = 'privacy-acc.dpgmedia.nl'
const ACC_BE = 'privacy-acc.dpgmedia.be'
const PROD_NL = 'privacy.dpgmedia.nl'

const item = campaignItem

/** A notice with every element of Art. 12(1) and the 2025/1410 template filled in. */
const FULL = item('full-1', {
  sponsorName: 'Stichting Volle Kennisgeving',
  sponsorLegalName: 'Stichting Volle Kennisgeving Nederland',
  sponsorEmail: 'info@volle.example',
  sponsorAddress: 'Markt 1, 3511 AA Utrecht',
  sponsorEstablishment: 'Domplein 2, 3512 JC Utrecht',
  sponsorRegistrationNumber: 'KvK 12345678',
  budgetLowerBound: 1000,
  budgetUpperBound: 5000,
  otherBenefits: 'Gratis advertorial t.w.v. € 800',
  payerName: 'Fonds Vol',
  payerLegalName: 'Stichting Fonds Vol',
  payerEmail: 'fonds@vol.example',
  payerAddress: 'Markt 3, 3511 AA Utrecht',
  payerEstablishment: 'Neude 4, 3512 AD Utrecht',
  ultimateBeneficiaryOwnerName: 'Vereniging Vol',
  ultimateBeneficiaryOwnerLegalName: 'Vereniging Volle Kennisgeving',
  ultimateBeneficiaryOwnerEmail: 'bestuur@vol.example',
  ultimateBeneficiaryOwnerAddress: 'Markt 5, 3511 AA Utrecht',
  ultimateBeneficiaryOwnerEstablishment: 'Neude 6, 3512 AD Utrecht',
  amountsMethodology: 'Gefactureerde bedragen, exclusief btw.',
  linkedProcessType: 'ELECTION',
  linkedProcessName: 'Gemeenteraadsverkiezingen',
  linkedProcessDate: '2026-03-18',
  electionInfoUrl: 'https://www.kiesraad.nl',
  targetingUsed: true,
  targetingInfoUrl: 'https://example.nl/targeting',
  repositoryUrl: 'https://repository.political-ads.example/full-1',
  previousPublicationSuspended: true,
  suspensions: [
    { date: '2026-02-01', reason: 'Onvolledige kennisgeving | aangevuld, "hervat"' },
    { date: '2026-02-10' },
  ],
})

/** The parts of the sponsor, the controlling entity and the payer beside the name, with their longest. */
const PARTY_FIELDS = [
  ...['sponsor', 'payer', 'ultimateBeneficiaryOwner'].flatMap((party) =>
    ['LegalName', 'Address', 'Establishment'].map((part) => [`${party}${part}`, 300] as const),
  ),
  ['sponsorRegistrationNumber', 100] as const,
]

/** A party named with its e-mail address, so that only the field under test is wrong. */
function namedParty(field: string): Record<string, string> {
  const party = field.replace(/(LegalName|Address|Establishment|RegistrationNumber)$/, '')
  return party === 'sponsor'
    ? {}
    : { [`${party}Name`]: 'Vereniging Vol', [`${party}Email`]: 'bestuur@vol.example' }
}

/** Rows as a CSV file of their fields (suspensions as the export writes them), for the CSV path of the import. */
function toCsv(rows: Record<string, unknown>[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))]
  const cell = (value: unknown) => {
    if (value === undefined) return ''
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value)
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
  }
  return `${[columns.join(','), ...rows.map((row) => columns.map((c) => cell(row[c])).join(','))].join('\r\n')}\r\n`
}

/** The text of a row of the notice's summary, by its label, as a visitor reads it (lines joined by " · "). */
function rowText(html: string, label: string): string {
  const match = new RegExp(`<dt>${label}</dt><dd>(.*?)</dd>`).exec(html)
  if (!match) throw new Error(`No row "${label}" on the page`)
  return (match[1] ?? '')
    .replace(/<\/li><li>/g, ' · ')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
}

/** The page's list of earlier versions. */
function versionsSection(html: string): string {
  const match = /<section aria-labelledby="versions-heading">(.*?)<\/section>/s.exec(html)
  if (!match) throw new Error('No earlier versions on the page')
  return match[1] ?? ''
}

describe.each(DATABASES)('transparency centre on %s', (kind) => {
  const sink = new SmtpSink()
  let setup: Awaited<ReturnType<typeof testSetup>>
  let worker: OutboxWorker
  // The app's clock runs with real time, and steps past the 5 s a notice's page is kept (issue 19) when a
  // test reads a page again after changing the notice behind it.
  let skew = 0
  const pastKeptPages = () => {
    skew += 6_000
  }
  beforeAll(async () => {
    await sink.start()
    setup = await testSetup(
      {
        DATABASE_URL: await testDatabaseUrl(kind),
        SMTP_URL: sink.url,
        PRIVACY_MAILBOX_BE: 'privacy-team@dpg.test',
      },
      undefined,
      { clock: () => new Date(Date.now() + skew) },
    )
    worker = setup.composition.startWorkers({ outboxIntervalMs: 50 })
    const report = await importCampaigns(
      setup.composition.db,
      [
        item('real-nl-1', {
          publicationStartDate: '2020-01-01',
          publicationEndDate: '2020-02-01',
          channel: 'PRINT',
          status: 'STOPPED',
          targetingUsed: undefined,
        }),
        item('real-nl-2', {
          payerName: 'Fonds Zonneveld',
          payerEmail: 'fonds@zonneveld.example',
          budgetLowerBound: 1000,
        }),
      ],
      { country: 'NL' },
    )
    expect(report).toEqual({
      loaded: 2,
      added: 2,
      changed: 0,
      kept: 0,
      withdrawn: 0,
      removed: 0,
      rejected: [],
    })
  })
  afterAll(async () => {
    await worker.stop()
    await setup.composition.close()
    await sink.stop()
  })
  const get = (host: string, path: string) => request(setup.app).get(path).set('Host', host)
  /** The host's export as downloaded, whole, in a file, imported as `npm run campaigns:import -- FILE` does. */
  const importExport = async (
    host: string,
    format: 'json' | 'csv',
    options: { country?: 'NL' | 'BE' } = {},
  ) => {
    const file = join(mkdtempSync(join(tmpdir(), 'export-')), `campaign-items.${format}`)
    writeFileSync(file, (await get(host, `/api/campaign-items.${format}`)).text)
    return importCampaignFile(setup.composition.db, file, options)
  }
  const sampleIds = async () =>
    (
      await setup.composition.db.db
        .selectFrom('campaign_items')
        .select('id')
        .where('is_sample', '=', 1)
        .orderBy('id')
        .execute()
    ).map((row) => row.id)

  /** A QR code as the API answers it: status, content type and the SVG text. */
  const svg = async (host: string, path: string) => {
    const res = await get(host, path)
      .buffer(true)
      .parse((answer, done) => {
        let text = ''
        answer.setEncoding('utf8')
        answer.on('data', (chunk: string) => {
          text += chunk
        })
        answer.on('end', () => done(null, text))
      })
    return { status: res.status, type: String(res.headers['content-type']), body: res.body as string }
  }
  /** The code the site should make for an address. */
  const code = (address: string) =>
    QRCode.toString(address, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })

  it('serves a QR code of the notice permanent address (issue 18), from the host table origin', async () => {
    const campaign = (await get(ACC_BE, '/api/campaign-items?countryCode=BE')).body.campaignItems[0]
    const qr = await svg(ACC_BE, `/api/campaign-items/${campaign.id}/qr.svg?lang=fr`)
    expect(qr.status).toBe(200)
    expect(qr.type).toMatch(/^image\/svg\+xml/)
    // The same code as one made for the expected address: the address is what it encodes.
    expect(qr.body).toBe(await code(`https://privacy-acc.dpgmedia.be/fr/political-ads/${campaign.id}`))
    expect((await get(ACC_BE, '/api/campaign-items/no-such-id/qr.svg')).status).toBe(404)
    expect((await get(PROD_NL, `/api/campaign-items/${campaign.id}/qr.svg`)).status).toBe(404)
    const page = await get(ACC_BE, `/fr/political-ads/${campaign.id}`)
    expect(page.text).toContain(`https://privacy-acc.dpgmedia.be/fr/political-ads/${campaign.id}`)
  })

  it('makes QR codes only of addresses the site serves: the languages of its country (issue 18)', async () => {
    const nl = 'https://privacy-acc.dpgmedia.nl/nl/political-ads/real-nl-2'
    // The Dutch site serves no French addresses: ?lang=fr there is refused as any bad value is, 400.
    const french = await get(ACC_NL, '/api/campaign-items/real-nl-2/qr.svg?lang=fr')
    expect(french.status).toBe(400)
    expect(french.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ field: 'lang', rule: 'enum' }],
    })
    expect((await get(ACC_BE, '/api/campaign-items/sample-be-2026-001/qr.svg?lang=en')).status).toBe(400)
    // Without lang: the country's first language.
    expect(await svg(ACC_NL, '/api/campaign-items/real-nl-2/qr.svg')).toEqual({
      status: 200,
      type: expect.stringMatching(/^image\/svg\+xml/),
      body: await code(nl),
    })
    expect((await svg(ACC_BE, '/api/campaign-items/sample-be-2026-001/qr.svg')).body).toBe(
      await code('https://privacy-acc.dpgmedia.be/nl/political-ads/sample-be-2026-001'),
    )
    // The Dutch site's French page shows the Dutch address and its code.
    const page = (await get(ACC_NL, '/fr/political-ads/real-nl-2')).text
    expect(page).toContain(`<a href="${nl}">`)
    expect(page).toContain('/api/campaign-items/real-nl-2/qr.svg?lang=nl')
    expect(page).not.toContain('lang=fr')
  })

  it('lists real and sample campaigns on a non-production host, newest first', async () => {
    const res = await get(ACC_NL, '/api/campaign-items?countryCode=NL')
    expect(res.status).toBe(200)
    const ids = res.body.campaignItems.map((c: { id: string }) => c.id)
    expect(ids).toContain('real-nl-1')
    expect(ids.some((id: string) => id.startsWith('sample-nl-2026-'))).toBe(true)
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

  it('exports the full list as JSON and CSV with the permanent URL in each language of the country', async () => {
    const json = await get(ACC_BE, '/api/campaign-items.json')
    expect(json.body.campaignItems.length).toBe(14)
    const [first] = json.body.campaignItems
    const address = (lang: string) => `https://privacy-acc.dpgmedia.be/${lang}/political-ads/${first.id}`
    // Belgium publishes in Dutch and French: `url` in the first, `urls` in both.
    expect(first).toMatchObject({ url: address('nl'), urls: { nl: address('nl'), fr: address('fr') } })
    const nl = (await get(ACC_NL, '/api/campaign-items.json')).body.campaignItems[0]
    expect(nl.urls).toEqual({ nl: `https://privacy-acc.dpgmedia.nl/nl/political-ads/${nl.id}` })
    expect((await get(ACC_BE, `/api/campaign-items/${first.id}`)).body).toMatchObject({
      url: address('nl'),
      urls: { fr: address('fr') },
    })
    const csv = await get(ACC_BE, '/api/campaign-items.csv')
    expect(csv.headers['content-type']).toMatch(/text\/csv/)
    const [header, ...lines] = csv.text.trim().split('\r\n')
    // Issue 27: the headers in the country's first language (the page's, with ?lang=).
    expect(header).toContain('Postadres uiteindelijk zeggenschapshebbende')
    expect(header?.endsWith(';Vaste link;Vaste link (Nederlands);Vaste link (Frans)')).toBe(true)
    expect(lines).toHaveLength(14)
    const row = parseCsv(csv.text).find((cells) => cells.id === first.id)
    expect(row).toMatchObject({ url: address('nl'), 'urls.nl': address('nl'), 'urls.fr': address('fr') })
  })

  it('takes a complaint: stored, mailed to the privacy team with id and sponsor, acknowledged', async () => {
    const campaign = (await get(ACC_BE, '/api/campaign-items?countryCode=BE')).body.campaignItems[0]
    const email = `complaint-${kind}@example.be`
    const res = await request(setup.app).post('/api/political-ad-complaint').set('Host', ACC_BE).send({
      name: 'Anne',
      email,
      explanation: 'Trompeuse',
      reason: 'MISLEADING',
      campaignId: campaign.id,
      locale: 'fr_be',
    })
    expect(res.status).toBe(200)
    const [team] = await sink.waitFor((m) => JSON.stringify(m.to).includes('privacy-team@dpg.test'))
    expect(team?.text).toContain(campaign.id)
    expect(team?.text).toContain(campaign.sponsorName)
    // The team works in Dutch; the lines tell it to answer in French, for Belgium.
    expect(team?.text).toContain('Taal van de afzender: Frans')
    expect(team?.text).toContain('Land: België')
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
    const corrected = {
      ...first,
      budgetUpperBound: 3000,
      payerName: 'Fonds Nieuw',
      payerEmail: 'info@fondsnieuw.example',
    }
    expect(await importCampaigns(db, [corrected], { country: 'NL' })).toMatchObject({ added: 0, changed: 1 })
    const notice = (await get(ACC_NL, '/api/campaign-items/hist-1?countryCode=NL')).body
    expect(notice).toMatchObject({ version: 2, budgetUpperBound: 3000, payerName: 'Fonds Nieuw' })
    // Version 1 had the upper bound 2000 and no payer: a changed field it lacked is absent from `previous`.
    expect(notice.versions).toEqual([
      {
        version: 1,
        replacedAt: expect.any(String),
        changed: ['budgetUpperBound', 'payerEmail', 'payerName'],
        previous: { budgetUpperBound: 2000 },
      },
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
    const withdrawnList = (await get(ACC_NL, '/api/campaign-items?countryCode=NL&limit=500')).body
      .campaignItems
    expect(withdrawnList.map((i: { id: string }) => i.id)).not.toContain('hist-1')
    const gone = (await get(ACC_NL, '/api/campaign-items?countryCode=NL&withdrawn=true')).body.campaignItems
    expect(gone.map((i: { id: string }) => i.id)).toEqual(['hist-1'])
    const page = await get(ACC_NL, '/nl/political-ads/hist-1')
    expect(page.status).toBe(200)
    expect(page.text).toContain('Ingetrokken op')
    expect(page.text).toContain('Sponsor trok de advertentie terug')
    expect(page.text).toContain('Versie 1, vervangen op')
    // Each changed row of version 1 as it read then, formatted as the current row (both bounds of the budget,
    // though only the upper one changed), in Dutch and in French.
    const earlier = versionsSection(page.text)
    expect(earlier).toMatch(/Versie 1, vervangen op \d+ \w+ \d{4}; gewijzigd: Budget, Betaler/)
    expect(rowText(earlier, 'Budget')).toMatch(
      /^was: €\s1\.000 – €\s2\.000 · Andere voordelen: niet van toepassing$/,
    )
    expect(rowText(earlier, 'Betaler')).toBe('was: niet van toepassing')
    expect(rowText(page.text, 'Budget')).toMatch(/^€\s1\.000 – €\s3\.000 · /)
    const french = (await get(ACC_NL, '/fr/political-ads/hist-1')).text
    expect(french).toMatch(/Dernière modification le \d+ \S+ \d{4} \(version 2\)\./)
    expect(rowText(versionsSection(french), 'Budget')).toMatch(
      /^auparavant : 1\s000\s€ – 2\s000\s€ · Autres avantages : sans objet$/,
    )
    expect(rowText(versionsSection(french), 'Payeur')).toBe('auparavant : sans objet')
    // Importing the notice again does not take the withdrawal back.
    expect(await importCampaigns(db, [corrected], { country: 'NL' })).toMatchObject({ changed: 0 })
    expect((await get(ACC_NL, '/api/campaign-items/hist-1?countryCode=NL')).body.withdrawnAt).toBeDefined()

    // The export imports again as downloaded, unchanged, the withdrawn notice with it: a round trip.
    for (const format of ['json', 'csv'] as const)
      expect(await importExport(ACC_NL, format)).toMatchObject({ added: 0, changed: 0, rejected: [] })
    expect((await get(ACC_NL, '/api/campaign-items/hist-1?countryCode=NL')).body).toMatchObject({
      version: 2,
      withdrawnAt: after.withdrawnAt,
    })

    // A withdrawal is taken back only on purpose, and stays in the notice's history.
    expect(await reinstateNotices(db, ['hist-1', 'real-nl-2'], 'Ten onrechte ingetrokken')).toEqual({
      reinstated: ['hist-1'],
      unknown: ['real-nl-2'],
    })
    const back = (await get(ACC_NL, '/api/campaign-items/hist-1?countryCode=NL')).body
    expect(back.withdrawnAt).toBeUndefined()
    expect(back.withdrawals).toEqual([
      {
        withdrawnAt: after.withdrawnAt,
        reason: 'Sponsor trok de advertentie terug',
        reinstatedAt: expect.any(String),
        reinstatementReason: 'Ten onrechte ingetrokken',
      },
    ])
    expect(back.changedAt > after.changedAt).toBe(true)
    // (The list's answers are reused for 5 s per filter set: another page size makes this one fresh.)
    const live = (await get(ACC_NL, '/api/campaign-items?countryCode=NL&limit=499')).body.campaignItems
    expect(live.map((i: { id: string }) => i.id)).toContain('hist-1')
    pastKeptPages()
    const reinstatedPage = (await get(ACC_NL, '/nl/political-ads/hist-1')).text
    expect(reinstatedPage).not.toContain('role="note"')
    expect(reinstatedPage).toMatch(
      /Eerdere intrekkingen.*Ingetrokken op \d+ \w+ \d{4} \(reden: Sponsor trok de advertentie terug\); opnieuw gepubliceerd op \d+ \w+ \d{4} \(reden: Ten onrechte ingetrokken\)\./,
    )
  })

  it.each([ACC_NL, ACC_BE])(
    'imports the whole export of %s again as downloaded, JSON and CSV: nothing changes, samples stay samples (issue 18)',
    async (host) => {
      const samples = await sampleIds()
      expect(samples.length).toBeGreaterThan(0)
      const since = new Date().toISOString()
      for (const format of ['json', 'csv'] as const) {
        const total = (await get(host, '/api/campaign-items.json')).body.campaignItems.length
        // No --country: the JSON names its country at its top, the CSV in a column.
        expect(await importExport(host, format)).toEqual({
          loaded: total,
          added: 0,
          changed: 0,
          kept: total,
          withdrawn: 0,
          removed: 0,
          rejected: [],
          rows: total,
        })
      }
      expect(await sampleIds()).toEqual(samples)
      expect((await get(host, `/api/campaign-items.json?since=${since}`)).body.campaignItems).toEqual([])
      // A --country that contradicts the file's own is refused, nothing loaded.
      const other = host === ACC_NL ? 'BE' : 'NL'
      await expect(importExport(host, 'json', { country: other })).rejects.toThrow(
        new RegExp(
          `^country: the file's notices are of ${other === 'BE' ? 'NL' : 'BE'}, --country says ${other}`,
        ),
      )
    },
  )

  it('moves changedAt when only where a notice shows changes (its country, its sample flag), for ?since= (issue 18)', async () => {
    const db = setup.composition.db
    const at = (day: string) => ({ now: new Date(`${day}T12:00:00Z`) })
    await importCampaigns(db, [item('move-1')], { country: 'NL', ...at('2026-01-05') })
    // The same notice, now Belgian: no new version, but the Belgian export's readers must learn of it.
    expect(await importCampaigns(db, [item('move-1')], { country: 'BE', ...at('2026-02-05') })).toMatchObject(
      {
        changed: 0,
      },
    )
    const moved = (await get(ACC_BE, '/api/campaign-items.json?since=2026-02-01')).body.campaignItems
    expect(moved.find((n: { id: string }) => n.id === 'move-1')).toMatchObject({
      version: 1,
      changedAt: '2026-02-05T12:00:00.000Z',
    })
    // Issue 26: --sample never turns a real notice into a sample: the row is refused, nothing moves.
    expect(
      await importCampaigns(db, [item('move-1')], { country: 'BE', sample: true, ...at('2026-03-05') }),
    ).toMatchObject({
      loaded: 0,
      rejected: [
        {
          row: 1,
          id: 'move-1',
          reasons: [expect.stringMatching(/^id: a sample notice's id begins with "sample-"/)],
        },
      ],
    })
    expect(await sampleIds()).not.toContain('move-1')
    expect((await get(ACC_BE, '/api/campaign-items/move-1')).body.changedAt).toBe('2026-02-05T12:00:00.000Z')
    // A sample has an id of its own; a notice moved to another country has changed for that export too.
    await importCampaigns(db, [item('sample-move-1')], { country: 'NL', sample: true, ...at('2026-03-05') })
    await importCampaigns(db, [item('sample-move-1')], { country: 'BE', ...at('2026-04-01') })
    const sample = (await get(ACC_BE, '/api/campaign-items.json?since=2026-03-15')).body.campaignItems
    expect(sample.map((n: { id: string }) => n.id)).toContain('sample-move-1')
    // Imported again without --sample, it stays a sample (its id says so) and nothing moves.
    await importCampaigns(db, [item('sample-move-1')], { country: 'BE', ...at('2026-04-05') })
    expect(await sampleIds()).toContain('sample-move-1')
    const after = (await get(ACC_BE, '/api/campaign-items/sample-move-1')).body
    expect(after.changedAt).toBe('2026-04-01T12:00:00.000Z')
  })

  it('never lets the samples replace a real notice, nor an import make a real notice a sample (issue 26)', async () => {
    const db = setup.composition.db
    // A real notice under an id the samples had before issue 26.
    const real = item('nl-2026-001', { sponsorName: 'Echte Partij' })
    expect(await importCampaigns(db, [real], { country: 'NL' })).toMatchObject({ added: 1 })
    // The samples are loaded again, as at every start of a local or acceptance instance.
    await seedSampleCampaigns(db, join(ROOT, 'content/campaigns'))
    const found = (await get(ACC_NL, '/api/campaign-items/nl-2026-001')).body
    expect(found).toMatchObject({ id: 'nl-2026-001', sponsorName: 'Echte Partij', version: 1 })
    expect(await sampleIds()).not.toContain('nl-2026-001')
    expect(await sampleIds()).toContain('sample-nl-2026-001')
    // A real import of a sample's id makes a sample, never a real notice in production's export.
    await importCampaigns(db, [item('sample-nl-2026-077')], { country: 'NL' })
    expect(await sampleIds()).toContain('sample-nl-2026-077')
  })

  it('takes every element of the notice (Art. 12(1), the 2025/1410 template) and answers each (issue 18)', async () => {
    const db = setup.composition.db
    expect(await importCampaigns(db, [FULL], { country: 'NL' })).toMatchObject({ added: 1, rejected: [] })
    const answer = (await get(ACC_NL, '/api/campaign-items/full-1?countryCode=NL')).body
    const { previousPublicationSuspended: _flag, ...fields } = FULL
    expect(answer).toMatchObject(fields)
    // Spec §3's yes/no is derived from the dated suspensions; the amounts are in euros.
    expect(answer).toMatchObject({ previousPublicationSuspended: true, amountsCurrency: 'EUR' })
    const page = (await get(ACC_NL, '/nl/political-ads/full-1')).text
    expect(rowText(page, 'Sponsor')).toBe(
      'Stichting Volle Kennisgeving · Juridische naam: Stichting Volle Kennisgeving Nederland · info@volle.example · Markt 1, 3511 AA Utrecht · Plaats van vestiging: Domplein 2, 3512 JC Utrecht · Registratienummer: KvK 12345678',
    )
    expect(rowText(page, 'Budget')).toMatch(
      /^€\s1\.000 – €\s5\.000 · Andere voordelen: Gratis advertorial t\.w\.v\. € 800$/,
    )
    expect(rowText(page, 'Europese advertentierepository')).toBe(
      'https://repository.political-ads.example/full-1',
    )
    expect(rowText(page, 'Eerdere publicatie geschorst')).toBe(
      '1 februari 2026: Onvolledige kennisgeving | aangevuld, "hervat" · 10 februari 2026',
    )
  })

  it('says "not given" where a mandatory element is missing, "not applicable" where an element does not apply, never a dash', async () => {
    // A notice stored before issue 18, without the amounts, their methodology or the sponsor's e-mail.
    await setup.composition.db.db
      .updateTable('campaign_items')
      .set({ budget_lower_bound: null, amounts_methodology: null, sponsor_email: null, targeting_used: null })
      .where('id', '=', 'real-nl-2')
      .execute()
    const legacy = (await get(ACC_NL, '/nl/political-ads/real-nl-2')).text
    expect(rowText(legacy, 'Budget')).toBe('niet opgegeven · Andere voordelen: niet van toepassing')
    expect(rowText(legacy, 'Bereik')).toBe('niet opgegeven')
    expect(rowText(legacy, 'Berekening van de bedragen')).toBe('niet opgegeven')
    expect(rowText(legacy, 'Sponsor')).toBe('Sponsor real-nl-2 · E-mailadres: niet opgegeven')
    // An online ad always says whether it was targeted: not given. A printed one: not applicable.
    expect(rowText(legacy, 'Targeting en advertentielevering')).toBe('niet opgegeven')
    const printed = (await get(ACC_NL, '/nl/political-ads/real-nl-1')).text
    for (const label of [
      'Targeting en advertentielevering',
      'Gekoppeld aan',
      'Officiële informatie over de stemming',
      'Europese advertentierepository',
      'Betaler',
      'Uiteindelijke zeggenschap over de sponsor',
    ])
      expect(rowText(printed, label)).toBe('niet van toepassing')
    expect(printed).not.toMatch(/<dd>–<\/dd>/)
    const french = (await get(ACC_NL, '/fr/political-ads/real-nl-2')).text
    expect(rowText(french, 'Budget')).toBe('non communiqué · Autres avantages : sans objet')
    expect(rowText(french, 'Portée')).toBe('non communiqué')
    expect(rowText((await get(ACC_NL, '/fr/political-ads/real-nl-1')).text, 'Lié à')).toBe('sans objet')
  })

  it('reads a blank text stored before the import refused it as absent: "not applicable", never an empty row', async () => {
    await setup.composition.db.db
      .updateTable('campaign_items')
      .set({
        campaign_context_note_nl: '  ',
        campaign_context_note_fr: '',
        other_benefits: ' ',
        sponsor_legal_name: '\n',
      })
      .where('id', '=', 'real-nl-1')
      .execute()
    const answer = (await get(ACC_NL, '/api/campaign-items/real-nl-1?countryCode=NL')).body
    for (const field of [
      'campaignContextNoteNl',
      'campaignContextNoteFr',
      'otherBenefits',
      'sponsorLegalName',
    ])
      expect(answer).not.toHaveProperty(field)
    pastKeptPages()
    const page = (await get(ACC_NL, '/nl/political-ads/real-nl-1')).text
    expect(rowText(page, 'Toelichting')).toBe('niet van toepassing')
    expect(rowText(page, 'Budget')).toMatch(/ · Andere voordelen: niet van toepassing$/)
    expect(rowText(page, 'Sponsor')).toBe('Sponsor real-nl-1 · info@real-nl-1.example')
    const french = (await get(ACC_NL, '/fr/political-ads/real-nl-1')).text
    expect(rowText(french, 'Explication')).toBe('sans objet')
    expect(page).not.toMatch(/<dd>\s*<\/dd>/)
  })

  // Issue 18: every rule of the notice names the row and the field, in JSON and in CSV alike.
  const VOTE = {
    linkedProcessType: 'ELECTION',
    linkedProcessName: 'Gemeenteraadsverkiezingen',
    linkedProcessDate: '2026-03-18',
    electionInfoUrl: 'https://www.kiesraad.nl',
  }
  it.each(
    (
      [
        [
          'no methodology of the amounts',
          { amountsMethodology: undefined },
          /^amountsMethodology: must have required property/,
        ],
        [
          'a methodology too long',
          { amountsMethodology: 'x'.repeat(2001) },
          /^amountsMethodology: must NOT have more than 2000 characters$/,
        ],
        ["no sponsor's e-mail", { sponsorEmail: undefined }, /^sponsorEmail: must have required property/],
        [
          "a sponsor's e-mail that is none",
          { sponsorEmail: 'geen adres' },
          /^sponsorEmail: must match pattern/,
        ],
        [
          'no amounts at all',
          { budgetLowerBound: undefined },
          /^budgetLowerBound, budgetUpperBound: give at least one/,
        ],
        ['amounts in another currency', { amountsCurrency: 'USD' }, /^amountsCurrency: must be one of EUR$/],
        [
          'a vote date that does not exist',
          { ...VOTE, linkedProcessDate: '2026-02-30' },
          /^linkedProcessDate: not a date$/,
        ],
        [
          'a vote date in another form',
          { ...VOTE, linkedProcessDate: '18-03-2026' },
          /^linkedProcessDate: must match pattern/,
        ],
        [
          'a vote without its date',
          { ...VOTE, linkedProcessDate: undefined },
          /^linkedProcessDate: required with linkedProcessType ELECTION$/,
        ],
        [
          'a vote without its name',
          { ...VOTE, linkedProcessName: undefined },
          /^linkedProcessName: required with linkedProcessType ELECTION$/,
        ],
        [
          'a vote named without its kind',
          { ...VOTE, linkedProcessType: undefined, electionInfoUrl: undefined },
          /^linkedProcessType: required with linkedProcessName, linkedProcessDate$/,
        ],
        [
          'an election without its information link',
          { ...VOTE, electionInfoUrl: undefined },
          /^electionInfoUrl: required when linkedProcessType is ELECTION$/,
        ],
        [
          'an election-information link that is no web address',
          { ...VOTE, electionInfoUrl: 'javascript:alert(1)' },
          /^electionInfoUrl: must match pattern/,
        ],
        [
          'an election-information link on a legislative process',
          { ...VOTE, linkedProcessType: 'LEGISLATIVE' },
          /^electionInfoUrl: only for an ad linked to an ELECTION or REFERENDUM/,
        ],
        [
          'a targeting link that is no web address',
          { targetingUsed: true, targetingInfoUrl: 'ftp://x' },
          /^targetingInfoUrl: must match pattern/,
        ],
        [
          'a targeting link although none was used',
          { targetingUsed: false, targetingInfoUrl: 'https://example.nl/t' },
          /^targetingInfoUrl: must be absent when targetingUsed is false$/,
        ],
        [
          'targeting used without a link',
          { targetingUsed: true },
          /^targetingInfoUrl: required when targetingUsed is true$/,
        ],
        [
          'an online ad silent on targeting',
          { targetingUsed: undefined },
          /^targetingUsed: required for a DIGITAL ad/,
        ],
        ['a payer without e-mail', { payerName: 'Fonds' }, /^payerEmail: required with payerName/],
        [
          'a payer e-mail without a payer',
          { payerEmail: 'fonds@example.nl' },
          /^payerName: required with payerEmail$/,
        ],
        [
          'a controlling entity without e-mail',
          { ultimateBeneficiaryOwnerName: 'Vereniging' },
          /^ultimateBeneficiaryOwnerEmail: required with ultimateBeneficiaryOwnerName/,
        ],
        [
          'a repository link that is no web address',
          { repositoryUrl: 'repository.political-ads.example/bad-1' },
          /^repositoryUrl: must match pattern/,
        ],
        [
          'other benefits too long',
          { otherBenefits: 'x'.repeat(2001) },
          /^otherBenefits: must NOT have more than 2000 characters$/,
        ],
        ...PARTY_FIELDS.map(
          ([field, most]) =>
            [
              `a ${field} too long`,
              { ...namedParty(field), [field]: 'x'.repeat(most + 1) },
              new RegExp(`^${field}: must NOT have more than ${most} characters$`),
            ] as const,
        ),
        ...PARTY_FIELDS.filter(([field]) => !field.startsWith('sponsor')).map(
          ([field]) =>
            [
              `a ${field} without the name`,
              { [field]: 'Stationsplein 1, 3511 ED Utrecht' },
              new RegExp(
                `^${field.replace(/(LegalName|Address|Establishment)$/, 'Name')}: required with ${field}$`,
              ),
            ] as const,
        ),
        [
          "a controlling entity's e-mail without its name",
          { ultimateBeneficiaryOwnerEmail: 'bestuur@vereniging.example' },
          /^ultimateBeneficiaryOwnerName: required with ultimateBeneficiaryOwnerEmail$/,
        ],
        [
          'an unknown kind of linked process',
          { ...VOTE, linkedProcessType: 'PRIMARY' },
          /^linkedProcessType: must be one of ELECTION, REFERENDUM, LEGISLATIVE, REGULATORY$/,
        ],
        [
          'a suspension on a day that does not exist',
          { suspensions: [{ date: '2026-02-30', reason: 'Betaler ontbrak' }] },
          /^suspensions: 2026-02-30 is not a date$/,
        ],
        [
          'a suspension naming something that is no complaint reference',
          { suspensions: [{ date: '2026-02-01', complaint: 'klacht 12' }] },
          /^suspensions\.0\.complaint: must match pattern/,
        ],
        [
          'a targeting link without saying whether targeting was used',
          { channel: 'PRINT', targetingUsed: undefined, targetingInfoUrl: 'https://example.nl/t' },
          /^targetingUsed: required with targetingInfoUrl$/,
        ],
        [
          '"suspended before" without a dated suspension',
          { previousPublicationSuspended: true },
          /^previousPublicationSuspended: true, but suspensions lists none/,
        ],
        [
          '"never suspended" next to a dated suspension',
          { previousPublicationSuspended: false, suspensions: [{ date: '2026-02-01' }] },
          /^previousPublicationSuspended: false, but suspensions lists 1$/,
        ],
      ] as const
    ).flatMap(([what, overrides, reason]) =>
      (['json', 'csv'] as const).map((format) => [what, format, overrides, reason] as const),
    ),
  )('rejects %s (%s), naming the row and the field', async (_what, format, overrides, reason) => {
    const rows = [item('fine-1'), item('bad-1', overrides)]
    const report = await importCampaigns(
      setup.composition.db,
      format === 'csv' ? parseCampaignFile(toCsv(rows), 'csv').rows : rows,
      { country: 'NL' },
    )
    expect(report).toEqual({
      loaded: 0,
      rejected: [{ row: 2, id: 'bad-1', reasons: [expect.stringMatching(reason)] }],
    })
  })

  // An empty CSV cell is an absent field (and cells are trimmed): only JSON can give a text that is blank.
  it.each([
    ...PARTY_FIELDS.flatMap(([field]) =>
      ['', '   '].map((blank) => [field, blank, { ...namedParty(field), [field]: blank }] as const),
    ),
    ...(
      ['campaignContextNoteNl', 'campaignContextNoteFr', 'otherBenefits', 'amountsMethodology'] as const
    ).map((field) => [field, ' \n ', { [field]: ' \n ' }] as const),
    ['linkedProcessName', '  ', { ...VOTE, linkedProcessName: '  ' }] as const,
    ['suspensions.0.reason', ' ', { suspensions: [{ date: '2026-02-01', reason: ' ' }] }] as const,
  ])(
    'rejects a blank %s (%j) in JSON: it would be an empty row (issue 18)',
    async (field, _blank, overrides) => {
      const report = await importCampaigns(setup.composition.db, [item('fine-1'), item('bad-1', overrides)], {
        country: 'NL',
      })
      expect(report).toEqual({
        loaded: 0,
        rejected: [{ row: 2, id: 'bad-1', reasons: [`${field}: must not be blank`] }],
      })
    },
  )

  it('tells what a CSV cell should look like when it is not of its column form', async () => {
    const csv = toCsv([
      item('cell-1', { targetingUsed: 'ja' }),
      item('cell-2', { budgetLowerBound: 'veel' }),
      item('cell-3', { suspensions: 'gisteren | eergisteren' }),
    ])
    const report = await importCampaigns(setup.composition.db, parseCampaignFile(csv, 'csv').rows, {
      country: 'NL',
    })
    expect(report.rejected).toEqual([
      { row: 1, id: 'cell-1', reasons: ['targetingUsed: expected true or false'] },
      { row: 2, id: 'cell-2', reasons: ['budgetLowerBound: expected a whole number of 0 or more'] },
      {
        row: 3,
        id: 'cell-3',
        reasons: [
          expect.stringMatching(/^suspensions: expected a JSON list such as \[\{"date":"2026-10-01"/),
        ],
      },
    ])
  })

  it('round-trips suspension reasons with any character through the CSV export (issue 18)', async () => {
    const db = setup.composition.db
    const odd = item('odd-1', {
      suspensions: [
        { date: '2026-02-01', reason: 'Betaler ontbrak | aangevuld, daarna "hervat"\nna controle' },
        { date: '2026-02-10' },
      ],
    })
    expect(await importCampaigns(db, [odd], { country: 'NL' })).toMatchObject({ added: 1 })
    const csv = (await get(ACC_NL, '/api/campaign-items.csv')).text
    const again = parseCampaignFile(csv, 'csv').rows.filter((row) => (row as { id: string }).id === 'odd-1')
    expect(again).toHaveLength(1)
    expect(again[0]).toMatchObject({ suspensions: odd.suspensions })
    expect(await importCampaigns(db, again, { country: 'NL' })).toMatchObject({ changed: 0, rejected: [] })
    // A hand-typed cell may still list dates and reasons with "|" between them.
    const typed = parseCampaignFile(
      toCsv([item('typed-1', { suspensions: '2026-02-01: Betaler ontbrak | 2026-02-10' })]),
      'csv',
    ).rows
    expect(typed[0]).toMatchObject({
      suspensions: [{ date: '2026-02-01', reason: 'Betaler ontbrak' }, { date: '2026-02-10' }],
    })
  })

  it('imports all or nothing, reporting every bad row with its reasons', async () => {
    const rows = parseCampaignFile(
      [
        'id,status,sponsorName,sponsorEmail,publicationStartDate,publicationEndDate,channel,fundingOriginType,fundingRegion,previousPublicationSuspended,budgetLowerBound,budgetUpperBound,amountsMethodology,country',
        'csv-1,RUNNING,"Stichting ""Open"", Utrecht",info@open.example,2026-01-01,2026-02-01,RADIO,PUBLIC,EU,false,100,200,"Facturen, excl. btw",NL',
        'csv-2,PAUSED,Sponsor,info@s.example,2026-01-01,2026-02-01,RADIO,PUBLIC,EU,false,100,,Facturen,NL',
        'csv-3,RUNNING,Sponsor,info@s.example,2026-03-01,2026-02-01,RADIO,PUBLIC,EU,false,500,100,Facturen,NL',
      ].join('\n'),
      'csv',
    ).rows
    const report = await importCampaigns(setup.composition.db, rows, {})
    expect(report).toEqual({
      loaded: 0,
      rejected: [
        { row: 2, id: 'csv-2', reasons: ['status: must be one of RUNNING, CANCELLED, STOPPED'] },
        {
          row: 3,
          id: 'csv-3',
          reasons: [
            'publicationEndDate: before publicationStartDate',
            'budget: lower bound above upper bound',
          ],
        },
      ],
    })
    expect((await get(ACC_NL, '/api/campaign-items/csv-1?countryCode=NL')).status).toBe(404)
    const good = await importCampaigns(setup.composition.db, rows.slice(0, 1), {})
    expect(good).toEqual({ loaded: 1, added: 1, changed: 0, kept: 0, withdrawn: 0, removed: 0, rejected: [] })
    expect((await get(ACC_NL, '/api/campaign-items/csv-1?countryCode=NL')).body.sponsorName).toBe(
      'Stichting "Open", Utrecht',
    )
  })

  it('removes notices and their versions POLITICAL_AD_RETENTION_YEARS after publication ended (issue 18)', async () => {
    const db = setup.composition.db.db
    expect(await db.selectFrom('campaign_item_versions').select('id').execute()).not.toEqual([])
    // real-nl-1 ended on 2020-02-01: kept until 2027-02-01, gone the day after.
    const run = (at: string) => runRetention(setup, new Date(at))
    expect((await run('2027-02-01T12:00:00Z'))?.notices).toBe(0)
    expect((await run('2027-02-02T12:00:00Z'))?.notices).toBe(1)
    // Its address says it is gone, and why: 410, not a bare 404; mirrors learn of it through ?since=.
    const api = await get(ACC_NL, '/api/campaign-items/real-nl-1?countryCode=NL')
    expect(api.status).toBe(410)
    expect(api.body.error.code).toBe('GONE')
    expect((await get(ACC_NL, '/api/campaign-items/real-nl-1/qr.svg')).status).toBe(410)
    expect((await get(ACC_NL, '/api/campaign-items/never-was?countryCode=NL')).status).toBe(404)
    pastKeptPages()
    const page = await get(ACC_NL, '/nl/political-ads/real-nl-1')
    expect(page.status).toBe(410)
    expect(page.text).toContain('Kennisgeving verwijderd')
    expect(page.text).toContain('is op 2 februari 2027 verwijderd: de bewaartermijn')
    const french = await get(ACC_NL, '/fr/political-ads/real-nl-1')
    expect(french.status).toBe(410)
    expect(french.text).toContain('a été supprimé le 2 février 2027')
    const removed = { id: 'real-nl-1', removedAt: '2027-02-02T12:00:00.000Z' }
    expect((await get(ACC_NL, '/api/campaign-items.json?since=2027-02-01')).body).toMatchObject({
      campaignItems: [],
      removed: [removed],
    })
    expect((await get(ACC_NL, '/api/campaign-items.json?since=2027-03-01')).body.removed).toEqual([])
    expect((await get(ACC_NL, '/api/campaign-items.json')).body.removed).toEqual([removed])
    // The tombstone is the NL site's: the BE site knows nothing of it.
    expect((await get(ACC_BE, '/api/campaign-items.json')).body.removed).toEqual([])
    // Far on, every notice has gone, and every earlier version with it.
    await run('2040-01-01T00:00:00Z')
    expect(await db.selectFrom('campaign_item_versions').select('id').execute()).toEqual([])
  })
})
