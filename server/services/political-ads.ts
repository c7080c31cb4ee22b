import type { PagePoliticalAds } from '#shared/page-services.ts'
import type { Notice, NoticeVersion, NoticeWithdrawal } from '#shared/political-ads.ts'
import type { Country, Site } from '#shared/site.ts'

import {
  campaignsByIds,
  exportIds,
  findCampaign,
  historiesOf,
  listCampaigns,
  removedAt,
  removedNotices,
  searchEntries,
  searchNeedle,
  versionsOf,
  withdrawalsOf,
} from '../db/campaign-repository'

import type { Db } from '../db/database'
import { briefCache } from './brief-cache'
import { createCampaignTextIndex } from './campaign-text-index'
import type { EmailDomainCheck } from './email-domain'
import { type ComplaintBody, submitComplaint } from './political-ad-complaints'
import type { RecipientMailLimit } from './recipient-limit'

export { COMPLAINT_DAYS, type ComplaintBody, complaintDueAt } from './political-ad-complaints'

/** What pages call (shared/page-services.ts), and what the API and the jobs call besides. */
export interface PoliticalAdsService extends PagePoliticalAds {
  /**
   * The open-data export: every notice of the country, live and withdrawn, or those changed since `since`,
   * a page at a time (issue 30: never the whole list in memory); and, once they are written, the notices the
   * retention job removed (since `since`), so that mirrors drop them too.
   */
  exportPages(
    site: Site,
    country: Country,
    since: string | undefined,
    limit: number,
  ): Promise<{ pages: AsyncGenerator<HistoricNotice[]>; removed: () => Promise<RemovedNotice[]> }>
  /** Stores and mails the complaint; answers its reference. */
  /** Issue 30: the same `idempotencyKey` again answers the first complaint's reference and stores nothing. */
  complain(body: ComplaintBody, site: Site, idempotencyKey?: string): Promise<{ reference: string }>
  /** This process changed a notice (a complaint's outcome, the retention job): the text filter reads again. */
  noticesChanged(): void
}

/** A notice as the open-data export writes it: its fields and state, and its history (issue 27). */
export type HistoricNotice = Notice & { versions: NoticeVersion[]; withdrawals: NoticeWithdrawal[] }
/** A notice the retention job removed, as the export names it. */
export type RemovedNotice = { id: string; removedAt: string }

/**
 * Notices a page of the export reads (and writes) at a time: about 40 kB of JSON. On SQLite a page is read
 * without a turn of the event loop, so it is what others wait for: with 200 the favicon's p99 beside a
 * looping export was 1.8–2.6× quiet, with 100 1.0–1.25× through Express; with the favicon from the front door
 * (a quiet p99 of 3–5 ms) 1.60–2.29× with 100, 1.33–1.67× with 50 (issue 30, `npm run bench -- --only streams`).
 */
export const EXPORT_PAGE = 50

/** Cards per page of the list. */
export const DEFAULT_PAGE = 24
/**
 * The list is public and changes only by import: an answer (its page and its total) is reused for a few
 * seconds, so a burst of visitors with the same filters costs one query. An import made by another process
 * shows within this time; the answers held take at most LIST_CACHE_BYTES of JSON.
 */
const LIST_CACHE_MS = 5_000
const LIST_CACHE_BYTES = 5_000_000
/** The text filter's notices are read again once this old: with the list cache, an import shows within 10 s. */
const TEXT_INDEX_MS = 5_000
/** Above this many notices (~15 MB of filter columns) the database filters the text. */
const TEXT_INDEX_MOST = 100_000

export function createPoliticalAdsService(deps: {
  db: Db
  emailDomainCheck: EmailDomainCheck
  mailLimit: RecipientMailLimit
  /**
   * Where complaints go, and where the complainant's answer to the acknowledgement goes (its Reply-To):
   * POLITICAL_ADS_MAILBOX_NL/BE, by default the privacy mailbox.
   */
  complaintMailbox: Readonly<Record<Country, string>>
  /**
   * Whether this deployment has sample notices (local and acceptance: server/sites.ts `loadsSamples`). A
   * production instance shows none on any host, its staff hosts included, even those an earlier release
   * loaded into its database.
   */
  samples: boolean
  /** The staff area the team handles a complaint made on a site in (host table), for its link; null: none. */
  deskOrigin?: (site: Site) => string | null
  clock?: () => Date
}): PoliticalAdsService {
  const { db } = deps
  /** Sample campaigns show only where the deployment has them and the host is not production. */
  const withSamples = (site: Site) => deps.samples && site.environment !== 'production'
  const clock = deps.clock ?? (() => new Date())
  const listCache = briefCache<{ items: Notice[]; total: number }>({
    ttlMs: LIST_CACHE_MS,
    maxBytes: LIST_CACHE_BYTES,
    sizeOf: (answer) => JSON.stringify(answer).length,
    now: () => clock().getTime(),
  })
  const textIndex = createCampaignTextIndex({
    load: () => searchEntries(db.db, TEXT_INDEX_MOST),
    maxAgeMs: TEXT_INDEX_MS,
    now: () => clock().getTime(),
  })
  return {
    list: noticeList(db, listCache, textIndex, withSamples),
    noticesChanged: () => textIndex.forget(),
    find: (site, country, id) => findCampaign(db.db, id, country, withSamples(site)),
    versions: (id) => versionsOf(db.db, id),
    withdrawals: (id) => withdrawalsOf(db.db, id),
    async exportPages(site, country, since, limit) {
      const scope = { country, includeSamples: withSamples(site) }
      const ids = await exportIds(db.db, { ...scope, since, limit })
      return {
        pages: exportPagesOf(db, ids),
        removed: () => removedNotices(db.db, { ...scope, since }),
      }
    },
    removedAt: (site, country, id) => removedAt(db.db, id, { country, includeSamples: withSamples(site) }),
    complain: (body, site, idempotencyKey) =>
      submitComplaint({ ...deps, clock, includeSamples: withSamples(site) }, body, site, idempotencyKey),
  }
}

/** The export's notices of these ids, EXPORT_PAGE at a time, each with its history (issue 27). */
async function* exportPagesOf(db: Db, ids: readonly string[]): AsyncGenerator<HistoricNotice[]> {
  for (let start = 0; start < ids.length; start += EXPORT_PAGE) {
    const page = ids.slice(start, start + EXPORT_PAGE)
    const items = await campaignsByIds(db.db, page)
    const histories = await historiesOf(db.db, page)
    yield items.map((item) => ({
      ...item,
      versions: histories.get(item.id)?.versions ?? [],
      withdrawals: histories.get(item.id)?.withdrawals ?? [],
    }))
  }
}

/**
 * The list (issue 18): answers reused for a few seconds; a text filter read from the text index when it holds
 * the notices, else by the database.
 */
function noticeList(
  db: Db,
  listCache: ReturnType<typeof briefCache<{ items: Notice[]; total: number }>>,
  textIndex: ReturnType<typeof createCampaignTextIndex>,
  withSamples: (site: Site) => boolean,
): PoliticalAdsService['list'] {
  return (site, country, filter, page = { limit: DEFAULT_PAGE, offset: 0 }) => {
    const includeSamples = withSamples(site)
    // Texts that filter alike ('Energie ', 'energie') share their answer.
    const key = JSON.stringify([
      country,
      includeSamples,
      { ...filter, textFilter: searchNeedle(filter.textFilter) },
      page.limit,
      page.offset,
    ])
    return listCache.get(key, async () => {
      const query = {
        country,
        includeSamples,
        filter,
        today: new Date().toISOString().slice(0, 10),
        ...page,
      }
      const needle = searchNeedle(filter.textFilter)
      const matches = needle ? await textIndex.search({ ...query, needle }) : null
      if (!matches) return listCampaigns(db.db, db.dialect, query)
      return { items: await campaignsByIds(db.db, matches.ids), total: matches.total }
    })
  }
}
