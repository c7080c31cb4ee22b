import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { csvCell, csvValue } from '#server/csv.ts'
import {
  importCampaignFile,
  importCampaigns,
  parseCampaignFile,
  reinstateNotices,
  withdrawNotices,
} from '#server/services/campaign-import.ts'
import { DATABASES, TEST_HOSTS_FILE, testDatabaseUrl, testSetup } from '../support/app'
import { campaignItem } from '../support/campaigns'

/**
 * Issue 27: the open data round-trips. The export (JSON and CSV) of a repository with a corrected notice, a
 * withdrawn one, one withdrawn and taken back, a removed one and formula-like texts, imported into an empty
 * database and exported again, gives the same bytes apart from the JSON's own time of export.
 */
const HOST = 'open-data.dpgmedia.nl'

/** The test host table with a production host that has the transparency centre: no samples in its export. */
function hostsFile(): string {
  const table = JSON.parse(readFileSync(TEST_HOSTS_FILE, 'utf8')) as { hosts: Record<string, unknown>[] }
  table.hosts.push({
    host: HOST,
    country: 'NL',
    environment: 'production',
    toggles: ['POLITICAL_ADS'],
    origin: `https://${HOST}`,
  })
  const file = join(mkdtempSync(join(tmpdir(), 'open-data-')), 'hosts.json')
  writeFileSync(file, JSON.stringify(table))
  return file
}

const at = (iso: string) => ({ now: new Date(iso) })

describe.each(DATABASES)('the open-data export round-trips on %s', (kind) => {
  const hosts = hostsFile()
  const setups: Awaited<ReturnType<typeof testSetup>>[] = []
  const fresh = async () => {
    const setup = await testSetup({ DATABASE_URL: await testDatabaseUrl(kind), SITE_HOSTS_FILE: hosts })
    setups.push(setup)
    return setup
  }
  let source: Awaited<ReturnType<typeof testSetup>>
  const exportOf = (setup: typeof source, format: 'json' | 'csv', query = '') =>
    request(setup.app).get(`/api/campaign-items.${format}${query}`).set('Host', HOST)
  const fileOf = (text: string, format: 'json' | 'csv') => {
    const file = join(mkdtempSync(join(tmpdir(), 'export-')), `campaign-items.${format}`)
    writeFileSync(file, text)
    return file
  }
  const withoutExportTime = (text: string) => text.replace(/"exportedAt":"[^"]+"/, '"exportedAt":"…"')

  beforeAll(async () => {
    source = await fresh()
    const db = source.composition.db
    const nl = { country: 'NL' as const }
    const formula = campaignItem('formula-1', {
      sponsorName: '=HYPERLINK("https://evil.example","Klik")',
      payerName: "+cmd|' /C calc'!A0",
      payerEmail: 'betaler@formula.example',
      campaignContextNoteNl: '@SUM(1+1)',
      campaignContextNoteFr: '-2+3',
      otherBenefits: "'=al geneutraliseerd",
    })
    await importCampaigns(db, [campaignItem('plain-1'), formula], { ...nl, ...at('2026-01-05T10:00:00Z') })
    // A corrected notice: three versions.
    await importCampaigns(db, [campaignItem('fixed-1')], { ...nl, ...at('2026-01-05T10:00:00Z') })
    await importCampaigns(db, [campaignItem('fixed-1', { budgetUpperBound: 5000 })], {
      ...nl,
      ...at('2026-02-01T08:00:00Z'),
    })
    await importCampaigns(
      db,
      [
        campaignItem('fixed-1', {
          budgetUpperBound: 6000,
          payerName: 'Betaler BV',
          payerEmail: 'info@betaler.example',
          suspensions: [{ date: '2026-02-10', reason: 'Betaler ontbrak' }],
        }),
      ],
      { ...nl, ...at('2026-03-01T08:00:00Z') },
    )
    // A withdrawn notice, and one withdrawn and taken back.
    await importCampaigns(db, [campaignItem('gone-1'), campaignItem('back-1')], {
      ...nl,
      ...at('2026-01-05T10:00:00Z'),
    })
    await withdrawNotices(
      db,
      ['gone-1', 'back-1'],
      'Sponsor trok de advertentie terug; "definitief"',
      new Date('2026-02-02T12:00:00Z'),
    )
    await reinstateNotices(db, ['back-1'], 'Ten onrechte', new Date('2026-02-03T12:00:00Z'))
    // A notice the retention job removed: its tombstone.
    await db.db
      .insertInto('campaign_item_tombstones')
      .values({ id: 'removed-1', country: 'NL', removed_at: '2026-01-01T03:00:00.000Z', is_sample: 0 })
      .execute()
  })
  afterAll(async () => {
    for (const setup of setups) await setup.composition.close()
  })

  it('exports versions, changedAt, withdrawals and suspensions, and imports them into an empty database exactly (JSON)', async () => {
    const first = await exportOf(source, 'json')
    expect(first.status).toBe(200)
    const fixed = first.body.campaignItems.find((item: { id: string }) => item.id === 'fixed-1')
    expect(fixed).toMatchObject({
      version: 3,
      changedAt: '2026-03-01T08:00:00.000Z',
      suspensions: [{ date: '2026-02-10', reason: 'Betaler ontbrak' }],
    })
    expect(fixed.versions.map((v: { version: number }) => v.version)).toEqual([2, 1])
    const gone = first.body.campaignItems.find((item: { id: string }) => item.id === 'gone-1')
    expect(gone).toMatchObject({ withdrawnAt: '2026-02-02T12:00:00.000Z', withdrawals: [expect.any(Object)] })
    expect(first.body.removed).toEqual([{ id: 'removed-1', removedAt: '2026-01-01T03:00:00.000Z' }])

    const target = await fresh()
    const report = await importCampaignFile(target.composition.db, fileOf(first.text, 'json'), {})
    // The import says what it did: nothing comes back live that was withdrawn.
    expect(report).toMatchObject({
      loaded: 5,
      added: 5,
      changed: 0,
      kept: 0,
      withdrawn: 1,
      removed: 1,
      rejected: [],
    })
    const again = await exportOf(target, 'json')
    expect(withoutExportTime(again.text)).toBe(withoutExportTime(first.text))
    // The notice pages agree too: the withdrawn one is marked, the removed one is gone (410).
    expect(
      (await request(target.app).get('/api/campaign-items/gone-1').set('Host', HOST)).body.withdrawnAt,
    ).toBe('2026-02-02T12:00:00.000Z')
    expect((await request(target.app).get('/api/campaign-items/removed-1').set('Host', HOST)).status).toBe(
      410,
    )
    // Importing the same file once more changes nothing, and says so.
    expect(await importCampaignFile(target.composition.db, fileOf(first.text, 'json'), {})).toMatchObject({
      added: 0,
      changed: 0,
      kept: 5,
      withdrawn: 0,
      removed: 0,
    })
  })

  it.each(['nl', undefined] as const)(
    'the CSV (lang=%s) imports into an empty database and exports the same bytes',
    async (lang) => {
      const query = lang ? `?lang=${lang}` : ''
      const first = await exportOf(source, 'csv', query)
      expect(first.status).toBe(200)
      expect(first.headers['content-type']).toBe('text/csv; charset=utf-8')
      const target = await fresh()
      const report = await importCampaignFile(target.composition.db, fileOf(first.text, 'csv'), {})
      expect(report).toMatchObject({ loaded: 5, added: 5, withdrawn: 1, rejected: [] })
      expect((await exportOf(target, 'csv', query)).text).toBe(first.text)
    },
  )

  it('writes ;-separated UTF-8 with BOM, headers in the page language, formula cells neutralised', async () => {
    for (const [lang, host] of [
      ['nl', 'Id;Status;Naam sponsor;'],
      ['fr', 'Id;Statut;Nom du sponsor;'],
    ] as const) {
      const answer = await request(source.app)
        .get(`/api/campaign-items.csv?lang=${lang}`)
        .set('Host', 'privacy-acc.dpgmedia.be')
      expect(answer.text.startsWith(`\uFEFF${host}`)).toBe(true)
    }
    // The Dutch site publishes in Dutch only.
    expect((await exportOf(source, 'csv', '?lang=fr')).status).toBe(400)
    const csv = (await exportOf(source, 'csv')).text
    const row = parseCampaignFile(csv, 'csv').rows.find((r) => (r as { id: string }).id === 'formula-1')
    // What a spreadsheet would run starts with a ' in the file; the import reads the text as it was.
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"",""Klik"")"`)
    expect(csv).toContain(`'+cmd|' /C calc'!A0`)
    expect(csv).toContain(`;'@SUM(1+1);`)
    expect(csv).toContain(`;'-2+3;`)
    expect(csv).not.toMatch(/;[=+@-]/)
    expect(row).toMatchObject({
      sponsorName: '=HYPERLINK("https://evil.example","Klik")',
      payerName: "+cmd|' /C calc'!A0",
      campaignContextNoteNl: '@SUM(1+1)',
      campaignContextNoteFr: '-2+3',
      otherBenefits: "'=al geneutraliseerd",
    })
  })
})

describe('a CSV cell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+31612345678', "'+31612345678"],
    ['-cmd', "'-cmd"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ["'=x", "''=x"],
    ['-3', '-3'],
    ['a;b', '"a;b"'],
    ['x', 'x'],
  ])('%j is written %j and read back', (value, cell) => {
    expect(csvCell(value)).toBe(cell)
    expect(csvValue(cell.replace(/^"|"$/g, ''))).toBe(value)
  })
})
