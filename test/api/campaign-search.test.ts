import { sql } from 'kysely'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listCampaigns, searchEntries } from '#server/db/campaign-repository.ts'
import { migrate, openDatabase } from '#server/db/database.ts'
import { importCampaigns } from '#server/services/campaign-import.ts'
import { DATABASES, ROOT, testDatabaseUrl, testSetup } from '../support/app'
import { campaignItem } from '../support/campaigns'

const ACC_NL = 'privacy-acc.dpgmedia.nl'

const notice = campaignItem

/** Notices whose texts tell case, accents, parts of words and short words apart. */
const NOTICES = [
  notice('search-energie', { sponsorName: 'Coöperatie Énergie Verte' }),
  notice('search-zonneveld', {
    sponsorName: 'Stichting Buurt',
    payerName: 'Fonds Zonneveld',
    payerEmail: 'fonds@zonneveld.example',
  }),
  notice('search-elections', {
    sponsorName: 'Ville de Liège',
    campaignContextNoteFr: 'Élections communales à Liège',
  }),
  notice('search-ab', { sponsorName: 'AB Partij', campaignContextNoteNl: 'Campagne in de regio Utrecht' }),
  notice('search-quote', { sponsorName: 'Groep "Samen" 100%_zeker' }),
]

describe.each(DATABASES)('the political-ad text filter on %s', (kind) => {
  let now = new Date('2026-11-20T10:00:00Z')
  let setup: Awaited<ReturnType<typeof testSetup>>
  let url: string
  beforeAll(async () => {
    url = await testDatabaseUrl(kind)
    // The notices are stored before the index exists: the migration must index them.
    const db = openDatabase(url, ROOT)
    await migrate(db.db, db.dialect, '011-complaint-desk')
    await db.db
      .insertInto('campaign_items')
      .values({
        id: 'search-before-index',
        country: 'NL',
        is_sample: 0,
        status: 'RUNNING',
        sponsor_name: 'Vereniging Oudbouw',
        publication_start_date: '2026-10-01',
        publication_end_date: '2026-12-31',
        channel: 'PRINT',
        funding_origin_type: 'PRIVATE',
        funding_region: 'EU',
        previous_publication_suspended: 0,
        search_text: 'vereniging oudbouw',
        updated_at: '2026-10-01T00:00:00.000Z',
        version: 1,
        changed_at: '2026-10-01T00:00:00.000Z',
      } as never)
      .execute()
    await db.close()
    setup = await testSetup({ DATABASE_URL: url }, undefined, { clock: () => now })
    const report = await importCampaigns(setup.composition.db, NOTICES, { country: 'NL' })
    expect(report.loaded).toBe(NOTICES.length)
  })
  afterAll(() => setup.composition.close())

  const search = async (text: string) => {
    const res = await request(setup.app)
      .get(`/api/campaign-items?countryCode=NL&limit=500&text=${encodeURIComponent(text)}`)
      .set('Host', ACC_NL)
    expect(res.status).toBe(200)
    expect(res.body.total).toBe(res.body.campaignItems.length)
    // The host shows the sample notices too: only this file's notices are compared.
    return (res.body.campaignItems as { id: string }[])
      .map((item) => item.id)
      .filter((id) => id.startsWith('search-'))
      .sort()
  }

  /** The database's own text filter, which answers in place of the service's memory above 100,000 notices. */
  const searchInDatabase = async (text: string) => {
    const { db, dialect } = setup.composition.db
    const { items, total } = await listCampaigns(db, dialect, {
      country: 'NL',
      includeSamples: true,
      filter: { periodFilter: 'ALL', channelFilter: 'ALL', textFilter: text },
      today: '2026-11-20',
      limit: 500,
    })
    expect(total).toBe(items.length)
    return items
      .map((item) => item.id)
      .filter((id) => id.startsWith('search-'))
      .sort()
  }

  it.each([
    ['énergie', ['search-energie']],
    ['ÉNERGIE', ['search-energie']],
    ['Coöperatie', ['search-energie']],
    ['nergie ver', ['search-energie']],
    ['zonnev', ['search-zonneveld']],
    ['ELECTIONS COMM', []],
    ['élections comm', ['search-elections']],
    ['à liège', ['search-elections']],
    ['regio utr', ['search-ab']],
    ['oudbouw', ['search-before-index']],
    ['"samen" 100', ['search-quote']],
    ['"', ['search-quote']],
    ['energie', []],
    ['elections', []],
  ])(
    '%j finds %j (sponsor, payer and notes; any case; accents count; any part of a word)',
    async (text, ids) => {
      expect(await search(text)).toEqual(ids)
      expect(await searchInDatabase(text)).toEqual(ids)
    },
  )

  it('reads the text from an index: FTS5 trigrams kept in step by triggers (SQLite), pg_trgm GIN (PostgreSQL)', async () => {
    const { db, dialect } = setup.composition.db
    if (dialect === 'sqlite') {
      const objects = await sql<{ name: string }>`select name from sqlite_master
        where name like 'campaign_items_search%' and type in ('table', 'trigger') order by name`.execute(db)
      expect(objects.rows.map((row) => row.name)).toEqual(
        expect.arrayContaining([
          'campaign_items_search',
          'campaign_items_search_delete',
          'campaign_items_search_insert',
          'campaign_items_search_update',
        ]),
      )
      const plan = await sql<{ detail: string }>`explain query plan select id from campaign_items
        where rowid in (select rowid from campaign_items_search where campaign_items_search match '"nergie"')`.execute(
        db,
      )
      expect(plan.rows.map((row) => row.detail).join(' ')).toContain('VIRTUAL TABLE')
    } else {
      const index = await sql<{ indexdef: string }>`select indexdef from pg_indexes
        where schemaname = current_schema() and indexname = 'campaign_items_search'`.execute(db)
      expect(index.rows[0]?.indexdef).toMatch(/USING gin \(search_text \w+\.gin_trgm_ops\)/)
    }
  })

  it('holds the filter columns of every notice in memory, unless there are more than it may hold', async () => {
    const { db } = setup.composition.db
    const all = await searchEntries(db, 100_000)
    expect(all?.find((one) => one.id === 'search-zonneveld')).toMatchObject({
      country: 'NL',
      isSample: false,
      withdrawn: false,
      channel: expect.any(String),
      text: expect.stringContaining('fonds zonneveld'),
    })
    expect(await searchEntries(db, (all?.length ?? 0) - 1)).toBeNull()
  })

  it('finds texts shorter than three characters too, and reads search syntax as text', async () => {
    for (const text of ['ab', 'AB', 'ö', 'NEAR(a b) OR * AND -x', '1_0%0'])
      expect(await searchInDatabase(text)).toEqual(await search(text))
    expect(await search('ab')).toEqual(['search-ab'])
    expect(await search('AB')).toEqual(['search-ab'])
    expect(await search('ö')).toEqual(['search-energie'])
    expect(await search('NEAR(a b) OR * AND -x')).toEqual([])
    // LIKE's wildcards are dropped: both databases read the rest literally.
    expect(await search('%')).toEqual(await search(''))
    expect(await search('1_0%0')).toEqual(['search-quote'])
  })

  it('follows a changed, a withdrawn and a deleted notice at once', async () => {
    await importCampaigns(
      setup.composition.db,
      [
        notice('search-zonneveld', {
          sponsorName: 'Stichting Buurt',
          payerName: 'Fonds Morgenrood',
          payerEmail: 'fonds@morgenrood.example',
        }),
      ],
      { country: 'NL' },
    )
    now = new Date(now.getTime() + 5_000)
    expect(await search('zonneveld')).toEqual([])
    expect(await search('morgenrood')).toEqual(['search-zonneveld'])
    await setup.composition.db.db.deleteFrom('campaign_items').where('id', '=', 'search-ab').execute()
    now = new Date(now.getTime() + 5_000)
    expect(await search('ab partij')).toEqual([])
  })

  it('answers from its cache for 5 seconds: a notice imported by another process shows after that', async () => {
    const before = await search('nieuw')
    expect(before).toEqual([])
    // Another process (the import command) writes to the same database.
    const other = openDatabase(url, ROOT)
    await importCampaigns(other, [notice('search-new', { sponsorName: 'Nieuwe Beweging' })], {
      country: 'NL',
    })
    await other.close()
    now = new Date(now.getTime() + 4_999)
    expect(await search('nieuw')).toEqual([])
    expect(await search('NIEUW ')).toEqual([])
    now = new Date(now.getTime() + 1)
    expect(await search('nieuw')).toEqual(['search-new'])
  })
})
