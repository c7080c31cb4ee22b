import { type SelectQueryBuilder, sql } from 'kysely'
import type { CampaignFilter, Notice } from '#shared/political-ads.ts'
import { PERIOD_DAYS } from '#shared/political-ads.ts'

import type { Country } from '#shared/site.ts'
import { type Executor, noticeFromRow } from './campaign-rows'
import type { Dialect } from './dialect'
import type { Database } from './schema'

/**
 * Issue 31 (moved from campaign-repository.ts): the notices as the list, the search index and the detail
 * read them.
 */

/**
 * The visitor's text as the list filters on it: trimmed and lower-cased as `search_text` is, LIKE wildcards
 * dropped (both databases then read it literally). Two texts with one needle have one answer.
 */
export function searchNeedle(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, '')
}

/** SQLite reads a text of three characters or more from the FTS5 trigram table of migration 016. */
const fromTextIndex = (dialect: Dialect, needle: string) => dialect === 'sqlite' && [...needle].length >= 3

/**
 * Notices whose `search_text` holds the needle, from the substring index of migration 016 once the needle
 * has three characters (below that, no index helps: every notice is read, as before). SQLite: a phrase of
 * the FTS5 trigram table, which matches exactly the substrings (the trigrams in a row, case folded as
 * `search_text` already is; nothing to re-read). PostgreSQL: `LIKE`, which the planner answers from the
 * pg_trgm GIN index when that is cheaper than reading the notices. The political-ads service filters texts in
 * memory (`campaign-text-index.ts`) and leaves them to this only above 100,000 notices.
 */
function substringMatch(dialect: Dialect, needle: string) {
  if (fromTextIndex(dialect, needle))
    return sql<boolean>`campaign_items.rowid in (select rowid from campaign_items_search where campaign_items_search match ${`"${needle.replaceAll('"', '""')}"`})`
  return sql<boolean>`campaign_items.search_text like ${`%${needle}%`}`
}

/** The first day a period filter covers (a notice published until then or later overlaps it), or null for ALL. */
export function periodStart(period: CampaignFilter['periodFilter'], today: string): string | null {
  if (period === 'ALL') return null
  return new Date(Date.parse(`${today}T00:00:00Z`) - PERIOD_DAYS[period] * 86_400_000)
    .toISOString()
    .slice(0, 10)
}

type CampaignQuery<O> = SelectQueryBuilder<Database, 'campaign_items', O>

/**
 * Spec §7 list: newest first, narrowed by period (publication overlapping the last N days), channel and text,
 * with how many match in all, in one statement.
 */
export async function listCampaigns(
  db: Executor,
  dialect: Dialect,
  options: {
    country: Country
    includeSamples: boolean
    filter: CampaignFilter
    today: string
    limit?: number
    offset?: number
    /** The open-data export: live and withdrawn notices alike, and only those changed since `since`. */
    everyState?: boolean
    since?: string
  },
): Promise<{ items: Notice[]; total: number }> {
  const { periodFilter, channelFilter, textFilter } = options.filter
  const needle = searchNeedle(textFilter)
  const since = periodStart(periodFilter, options.today)
  const matching = <O>(query: CampaignQuery<O>): CampaignQuery<O> => {
    // Every notice is of one of two countries: with the text index at hand, SQLite must start from the
    // matching notices, not walk the whole country (`+` keeps a column out of index lookups).
    const country = fromTextIndex(dialect, needle) ? sql<string>`+campaign_items.country` : sql.ref('country')
    let narrowed = query.where(country, '=', options.country)
    if (!options.includeSamples) narrowed = narrowed.where('is_sample', '=', 0)
    if (!options.everyState)
      narrowed = narrowed.where('withdrawn_at', options.filter.withdrawn ? 'is not' : 'is', null)
    if (options.since) narrowed = narrowed.where('changed_at', '>=', options.since)
    if (since)
      narrowed = narrowed
        .where('publication_end_date', '>=', since)
        .where('publication_start_date', '<=', options.today)
    if (channelFilter !== 'ALL') narrowed = narrowed.where('channel', '=', channelFilter)
    if (needle) narrowed = narrowed.where(substringMatch(dialect, needle))
    return narrowed
  }
  const count = (from: Executor) =>
    matching(from.selectFrom('campaign_items')).select((eb) => eb.fn.countAll<string | number>().as('n'))
  const offset = options.offset ?? 0
  const limit = options.limit ?? 100
  const rows = needle
    ? // A text search reads its matches once: it counts them while it orders their ids, then reads the
      // page's notices only.
      await db
        .selectFrom(
          matching(db.selectFrom('campaign_items'))
            .select(['id', (eb) => eb.fn.countAll<string | number>().over().as('total')])
            .orderBy('publication_start_date', 'desc')
            .orderBy('id')
            .limit(limit)
            .offset(offset)
            .as('page'),
        )
        .innerJoin('campaign_items', 'campaign_items.id', 'page.id')
        .selectAll('campaign_items')
        .select('page.total')
        .orderBy('campaign_items.publication_start_date', 'desc')
        .orderBy('campaign_items.id')
        .execute()
    : // The newest notices come in order from the list index, which also counts them all (migration 016).
      await matching(db.selectFrom('campaign_items'))
        .selectAll()
        // Uncorrelated: both databases count once per statement, not per row.
        .select(count(db).as('total'))
        .orderBy('publication_start_date', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute()
  const total =
    rows[0] !== undefined
      ? Number(rows[0].total)
      : offset > 0
        ? Number((await count(db).executeTakeFirstOrThrow()).n)
        : 0
  return { items: rows.map(noticeFromRow), total }
}

/** What the list's filters read of a notice: the text index of the political-ads service holds these. */
export interface SearchEntry {
  id: string
  country: Country
  isSample: boolean
  withdrawn: boolean
  start: string
  end: string
  channel: string
  text: string
}

/**
 * Every notice's filter columns, newest first as the list orders them; null when there are more than `most`
 * (the caller then leaves the filtering to the database).
 */
export async function searchEntries(db: Executor, most: number): Promise<SearchEntry[] | null> {
  const rows = await db
    .selectFrom('campaign_items')
    .select([
      'id',
      'country',
      'is_sample',
      'withdrawn_at',
      'publication_start_date',
      'publication_end_date',
      'channel',
      'search_text',
    ])
    .orderBy('publication_start_date', 'desc')
    .orderBy('id')
    .limit(most + 1)
    .execute()
  if (rows.length > most) return null
  return rows.map((row) => ({
    id: row.id,
    country: row.country as Country,
    isSample: row.is_sample === 1,
    withdrawn: row.withdrawn_at !== null,
    start: row.publication_start_date,
    end: row.publication_end_date,
    channel: row.channel,
    text: row.search_text,
  }))
}

/** The notices with these ids, in the order of `ids` (one that has gone since is left out). */
export async function campaignsByIds(db: Executor, ids: readonly string[]): Promise<Notice[]> {
  if (ids.length === 0) return []
  const rows = await db.selectFrom('campaign_items').selectAll().where('id', 'in', ids).execute()
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [noticeFromRow(row)] : []
  })
}

export async function findCampaign(db: Executor, id: string, country: Country, includeSamples: boolean) {
  let query = db.selectFrom('campaign_items').selectAll().where('id', '=', id).where('country', '=', country)
  if (!includeSamples) query = query.where('is_sample', '=', 0)
  const row = await query.executeTakeFirst()
  return row ? noticeFromRow(row) : null
}

/** A notice's row whatever its state (samples and withdrawn ones too). */
export function rowOf(db: Executor, id: string, country: Country) {
  return db
    .selectFrom('campaign_items')
    .selectAll()
    .where('id', '=', id)
    .where('country', '=', country)
    .executeTakeFirst()
}

/** A notice whatever its state (samples and withdrawn ones too): the complaint desk names its sponsor. */
export async function findCampaignAnyState(db: Executor, id: string, country: Country) {
  const row = await rowOf(db, id, country)
  return row ? noticeFromRow(row) : null
}
