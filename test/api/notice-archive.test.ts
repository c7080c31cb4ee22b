import { createHash } from 'node:crypto'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { sql } from 'kysely'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCampaigns, withdrawNotices } from '#server/services/campaign-import.ts'
import { DATABASES, runRetention, testDatabaseUrl, testSetup } from '../support/app'
import { campaignItem } from '../support/campaigns'

/**
 * Issue 29: the political-ads archive. Notices are imported, corrected and withdrawn on the Dutch acceptance
 * site on 2 and 3 November 2026; the archive writes each day's file after 02:00 UTC of the next day. The test
 * downloads what a researcher downloads and recomputes every SHA-256 and the chain itself.
 */
const ACC_NL = 'privacy-acc.dpgmedia.nl'
const ACC_BE = 'privacy-acc.dpgmedia.be'
const ZEROS = '0'.repeat(64)
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const at = (iso: string) => new Date(iso)

/** The schema `/api/openapi.json` gives the 200 answer of a path. */
async function answerSchema(app: Parameters<typeof request>[0], path: string) {
  const document = (await request(app).get('/api/openapi.json').set('Host', ACC_NL)).body
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }))
  ajv.addSchema(document, 'openapi.json')
  const pointer = `/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/get/responses/200/content/application~1json/schema`
  const validate = ajv.getSchema(`openapi.json#${pointer}`)
  if (!validate) throw new Error(`No answer schema for ${path}`)
  return validate
}

describe.each(DATABASES)('the political-ads archive on %s', (kind) => {
  let url: string
  let now = at('2026-11-02T10:00:00Z')
  const clock = () => now
  let setup: Awaited<ReturnType<typeof testSetup>>
  const start = async () => {
    setup = await testSetup({ DATABASE_URL: url, POLITICAL_ADS_MAILBOX_NL: 'ads-nl@desk.test' }, undefined, {
      clock,
    })
  }
  const get = (path: string, host = ACC_NL) => request(setup.app).get(path).set('Host', host)
  const db = () => setup.composition.db
  const archive = () => setup.composition.services.noticeArchive
  let firstDay = ''

  beforeAll(async () => {
    url = await testDatabaseUrl(kind)
    await start()
    // 2 November: two notices, one corrected in the afternoon, the other withdrawn.
    await importCampaigns(
      db(),
      [
        campaignItem('arch-a', { budgetLowerBound: 1000 }),
        campaignItem('arch-b', { sponsorAddress: 'Dam 1, Amsterdam' }),
      ],
      { country: 'NL', now: at('2026-11-02T10:00:00Z') },
    )
    await withdrawNotices(db(), ['arch-b'], 'Campagne stopgezet', at('2026-11-02T15:00:00Z'))
    await importCampaigns(db(), [campaignItem('arch-a', { budgetLowerBound: 2000 })], {
      country: 'NL',
      now: at('2026-11-02T16:00:00Z'),
    })
    // Before 02:00 UTC on 3 November nothing is due; then the 2nd is written.
    now = at('2026-11-03T01:59:00Z')
    expect(await archive().writeDue()).toBe(0)
    now = at('2026-11-03T02:00:00Z')
    expect(await archive().writeDue()).toBe(1)
    firstDay = (await get('/api/campaign-items/archive/2026-11-02.jsonl')).text
  })
  afterAll(() => setup?.composition.close())

  it("writes a day's file: each version that took effect or changed that day, in the export's rows", async () => {
    const res = await get('/api/campaign-items/archive/2026-11-02.jsonl')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('application/jsonl; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const lines = res.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line))
    // Samples are never archived, only real notices: the two of the day, the first in both its versions.
    expect(lines.map((line) => [line.id, line.version])).toEqual([
      ['arch-a', 1],
      ['arch-b', 1],
      ['arch-a', 2],
    ])
    expect(lines[0]).toMatchObject({ budgetLowerBound: 1000, changedAt: '2026-11-02T10:00:00.000Z' })
    expect(lines[2]).toMatchObject({ budgetLowerBound: 2000, changedAt: '2026-11-02T16:00:00.000Z' })
    expect(lines[1]).toMatchObject({
      withdrawnAt: '2026-11-02T15:00:00.000Z',
      withdrawalReason: 'Campagne stopgezet',
      sponsorName: 'Sponsor arch-b',
      url: 'https://privacy-acc.dpgmedia.nl/nl/political-ads/arch-b',
      urls: { nl: 'https://privacy-acc.dpgmedia.nl/nl/political-ads/arch-b' },
    })
    // The contact details stay out unless legal chooses otherwise (POLITICAL_AD_ARCHIVE_CONTACTS).
    expect(lines[1]).not.toHaveProperty('sponsorEmail')
    expect(lines[1]).not.toHaveProperty('sponsorAddress')
    // The export's own rows have the same fields (beside the contact details, and the whole history an export
    // row carries: an archived line is one version, its history the earlier days' lines).
    const exported = (await get('/api/campaign-items.json')).body.campaignItems.find(
      (notice: { id: string }) => notice.id === 'arch-a',
    )
    const {
      sponsorEmail: _email,
      versions: _versions,
      withdrawals: _withdrawals,
      ...exportedFields
    } = exported
    expect(Object.keys(lines[2]).sort()).toEqual(Object.keys(exportedFields).sort())
  })

  it("keeps yesterday's file byte for byte after today's imports, withdrawals and a restart", async () => {
    now = at('2026-11-03T11:00:00Z')
    await importCampaigns(
      db(),
      [campaignItem('arch-c'), campaignItem('arch-a', { budgetLowerBound: 3000 })],
      {
        country: 'NL',
        now,
      },
    )
    await withdrawNotices(db(), ['arch-a'], 'Fout in het bedrag', at('2026-11-03T12:00:00Z'))
    // The same day once more: written already, never again.
    expect(await archive().writeDue()).toBe(0)
    await setup.composition.close()
    await start()
    now = at('2026-11-04T02:30:00Z')
    expect(await archive().writeDue()).toBe(1)
    expect((await get('/api/campaign-items/archive/2026-11-02.jsonl')).text).toBe(firstDay)
    const second = (await get('/api/campaign-items/archive/2026-11-03.jsonl')).text
    expect(
      second
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line))
        .map((line) => [line.id, line.version, line.withdrawnAt ?? null]),
    ).toEqual([
      ['arch-c', 1, null],
      ['arch-a', 3, '2026-11-03T12:00:00.000Z'],
    ])
  })

  it('chains the days in a manifest whose every SHA-256 and hash a reader can recompute', async () => {
    const res = await get('/api/campaign-items/archive/manifest.json')
    expect(res.status).toBe(200)
    const { entries } = res.body as {
      entries: { date: string; file: string; sha256: string; previous: string }[]
    }
    expect(entries.map((entry) => entry.date)).toEqual(['2026-11-02', '2026-11-03'])
    const validate = await answerSchema(setup.app, '/api/campaign-items/archive/manifest.json')
    expect(validate(res.body), JSON.stringify(validate.errors)).toBe(true)
    let previous = ZEROS
    for (const entry of entries) {
      expect(Object.keys(entry)).toEqual(['date', 'file', 'sha256', 'previous'])
      expect(entry.file).toBe(`${entry.date}.jsonl`)
      const file = await get(`/api/campaign-items/archive/${entry.file}`)
      expect(sha256(file.text)).toBe(entry.sha256)
      expect(entry.previous).toBe(previous)
      previous = sha256(JSON.stringify(entry))
    }
    // The folder leads to its manifest; another country's archive is its own (nothing on the Belgian site).
    const folder = await get('/api/campaign-items/archive/')
    expect(folder.status).toBe(302)
    expect(folder.headers.location).toBe('/api/campaign-items/archive/manifest.json')
    expect((await get('/api/campaign-items/archive/manifest.json', ACC_BE)).body).toEqual({ entries: [] })
    expect((await get('/api/campaign-items/archive/2026-11-05.jsonl')).status).toBe(404)
    expect((await get('/api/campaign-items/archive/..%2Fmanifest.json')).status).toBe(404)
    // Production hosts have no transparency centre (POLITICAL_ADS off): no archive there either.
    expect((await get('/api/campaign-items/archive/manifest.json', 'privacy.dpgmedia.nl')).status).toBe(404)
  })

  it('refuses, in the database itself, to change or delete an archived day', async () => {
    const kysely = db().db
    await expect(sql`update notice_archive set content = 'rewritten'`.execute(kysely)).rejects.toThrow(
      /notice_archive is written once and never changed/,
    )
    await expect(sql`delete from notice_archive`.execute(kysely)).rejects.toThrow(/written once/)
    if (kind === 'sqlite')
      await expect(
        sql`insert or replace into notice_archive select * from notice_archive where day = '2026-11-02'`.execute(
          kysely,
        ),
      ).rejects.toThrow(/written once/)
    else await expect(sql`truncate notice_archive`.execute(kysely)).rejects.toThrow(/written once/)
    expect((await get('/api/campaign-items/archive/2026-11-02.jsonl')).text).toBe(firstDay)
  })

  // Several instances share a PostgreSQL database; an SQLite file is served by one process (its workers are
  // processes of their own), where two instances in one test process would wait on each other's lock.
  it.skipIf(kind === 'sqlite')(
    'writes a day once when two instances run the job at the same moment (PostgreSQL: instances share it)',
    async () => {
      const other = await testSetup({ DATABASE_URL: url }, undefined, { clock })
      try {
        now = at('2026-11-06T03:00:00Z')
        const written = await Promise.all([
          archive().writeDue(),
          other.composition.services.noticeArchive.writeDue(),
        ])
        // The 4th and the 5th (two empty days: nothing changed), each once.
        expect(written[0] + written[1]).toBe(2)
        const { entries } = (await get('/api/campaign-items/archive/manifest.json')).body
        expect(entries.map((entry: { date: string }) => entry.date)).toEqual([
          '2026-11-02',
          '2026-11-03',
          '2026-11-04',
          '2026-11-05',
        ])
        expect(entries[2].sha256).toBe(sha256(''))
      } finally {
        await other.composition.close()
      }
    },
  )

  it('keeps a notice in its archived days after retention removed it from the live pages', async () => {
    now = at('2026-11-06T03:00:00Z')
    await archive().writeDue()
    await runRetention(setup, at('2034-02-01T00:00:00Z'))
    expect((await get('/api/campaign-items/arch-b?countryCode=NL')).status).toBe(410)
    expect((await get('/api/campaign-items/archive/2026-11-02.jsonl')).text).toBe(firstDay)
  })
})

describe.each(DATABASES)('the EU repository export on %s', (kind) => {
  let now = at('2026-11-02T10:00:00Z')
  let setup: Awaited<ReturnType<typeof testSetup>>
  beforeAll(async () => {
    setup = await testSetup(
      { DATABASE_URL: await testDatabaseUrl(kind), POLITICAL_ADS_MAILBOX_BE: 'ads-be@desk.test' },
      undefined,
      { clock: () => now },
    )
  })
  afterAll(() => setup?.composition.close())
  const get = (path: string, secret?: string) => {
    const call = request(setup.app).get(path).set('Host', ACC_BE)
    return secret ? call.set('Authorization', `Bearer ${secret}`) : call
  }
  const digests = () =>
    setup.composition.db.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('kind', '=', 'repository-digest')
      .execute()

  it('answers each version once per language, the identifier stable and the version raised by a correction', async () => {
    const db = setup.composition.db
    await importCampaigns(
      db,
      [
        campaignItem('repo-1', {
          publicationStartDate: '2026-11-02',
          campaignContextNoteNl: 'Verkiezingsdebat',
          campaignContextNoteFr: 'Débat électoral',
        }),
      ],
      { country: 'BE', now },
    )
    const first = await get('/api/campaign-items/repo-1/repository.json')
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ identifier: 'repo-1', version: 1 })
    expect(
      first.body.entries.map((entry: { language: string; url: string }) => [entry.language, entry.url]),
    ).toEqual([
      ['nl', 'https://privacy-acc.dpgmedia.be/nl/political-ads/repo-1'],
      ['fr', 'https://privacy-acc.dpgmedia.be/fr/political-ads/repo-1'],
    ])
    expect(first.body.entries[1]).toMatchObject({
      identification: { identifier: 'repo-1', version: 1 },
      transparencyNotice: { sponsorName: 'Sponsor repo-1', campaignContextNote: 'Débat électoral' },
    })
    expect(first.body.entries[1].transparencyNotice).not.toHaveProperty('campaignContextNoteNl')
    const validate = await answerSchema(setup.app, '/api/campaign-items/{id}/repository.json')
    expect(validate(first.body), JSON.stringify(validate.errors)).toBe(true)
    await importCampaigns(
      db,
      [campaignItem('repo-1', { publicationStartDate: '2026-11-02', budgetLowerBound: 5000 })],
      {
        country: 'BE',
        now,
      },
    )
    const corrected = await get('/api/campaign-items/repo-1/repository.json')
    expect(corrected.body).toMatchObject({ identifier: 'repo-1', version: 2 })
    expect(corrected.body.entries[0].transparencyNotice.budgetLowerBound).toBe(5000)
    expect((await get('/api/campaign-items/no-such/repository.json')).status).toBe(404)
    const wrong = await get('/api/campaign-items/repo-1/repository.json', `pss_${'x'.repeat(43)}`)
    expect(wrong.status).toBe(401)
    expect(wrong.headers['www-authenticate']).toContain('invalid_token')
  })

  it('names in the daily digest a notice no registered system took within 60 hours, and not one that was', async () => {
    const db = setup.composition.db
    await importCampaigns(db, [campaignItem('repo-2', { publicationStartDate: '2026-11-02' })], {
      country: 'BE',
      now,
    })
    const { secret } = await setup.composition.services.apiClients.add({ name: 'EU uploader', country: 'BE' })
    // 59 hours after the start of publication: not yet due.
    now = at('2026-11-04T11:00:00Z')
    expect(await setup.composition.services.repositoryExports.digest()).toBe(0)
    // The uploader takes repo-2 (anyone else's reading counts for nothing).
    expect((await get('/api/campaign-items/repo-1/repository.json')).status).toBe(200)
    expect((await get('/api/campaign-items/repo-2/repository.json', secret)).status).toBe(200)
    now = at('2026-11-05T03:00:00Z')
    expect(await setup.composition.services.repositoryExports.digest()).toBe(1)
    // Once a day, whatever the number of runs.
    expect(await setup.composition.services.repositoryExports.digest()).toBe(0)
    const [mail] = await digests()
    expect(mail?.to_address).toBe('ads-be@desk.test')
    expect(mail?.subject).toBe(
      'Politieke advertenties: 1 transparantieverklaring nog niet in het EU-register',
    )
    expect(mail?.text_body).toContain(
      'repo-1 · versie 2 · Sponsor repo-1 · gepubliceerd vanaf 2 november 2026',
    )
    expect(mail?.text_body).not.toContain('repo-2')
  })
})
