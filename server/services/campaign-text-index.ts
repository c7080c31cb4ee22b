import type { CampaignFilter } from '#shared/political-ads.ts'
import type { Country } from '#shared/site.ts'
import { periodStart, type SearchEntry } from '../db/campaign-repository'

/**
 * Issue 19: the political-ad list's text filter, answered in memory. A text no cache has seen must find its
 * substring among every notice of the country; PostgreSQL's trigram index does not help there (the sponsors'
 * common words are in every row) and reads ~10,000 notices in ~4 ms, a third of the cached list's rate. The
 * notices' filter columns (~150 bytes each) are held here instead and read again from the database once they
 * are `maxAgeMs` old, or at once when this process changed a notice; an import by another process shows
 * within that time. Above `most` notices the database filters, as before.
 */
export interface CampaignTextIndex {
  /** The ids of one page of matches, newest first, and how many match in all; null: ask the database. */
  search(query: TextQuery): Promise<{ ids: string[]; total: number } | null>
  /** This process changed a notice: the next search reads them again. */
  forget(): void
}

export interface TextQuery {
  country: Country
  includeSamples: boolean
  filter: CampaignFilter
  /** The needle: trimmed, lower-cased, without LIKE wildcards (`searchNeedle`). */
  needle: string
  today: string
  limit: number
  offset: number
}

export function createCampaignTextIndex(options: {
  load: () => Promise<SearchEntry[] | null>
  maxAgeMs: number
  now: () => number
}): CampaignTextIndex {
  let held: { entries: Promise<SearchEntry[] | null>; at: number } | null = null
  const entries = () => {
    const now = options.now()
    if (!held || now - held.at >= options.maxAgeMs || now < held.at) {
      const loading = { entries: options.load(), at: now }
      held = loading
      // A failed read is not kept: the next search tries again.
      loading.entries.catch(() => {
        if (held === loading) held = null
      })
    }
    return held.entries
  }
  return {
    async search(query) {
      const all = await entries()
      return all ? pageOfMatches(all, query) : null
    },
    forget() {
      held = null
    },
  }
}

/** The list's filters as the database applies them (`listCampaigns`), over entries already in its order. */
export function pageOfMatches(entries: readonly SearchEntry[], query: TextQuery) {
  const { periodFilter, channelFilter, withdrawn = false } = query.filter
  const since = periodStart(periodFilter, query.today)
  const ids: string[] = []
  let total = 0
  for (const entry of entries) {
    if (entry.country !== query.country) continue
    if (entry.isSample && !query.includeSamples) continue
    if (entry.withdrawn !== withdrawn) continue
    if (since !== null && (entry.end < since || entry.start > query.today)) continue
    if (channelFilter !== 'ALL' && entry.channel !== channelFilter) continue
    if (!entry.text.includes(query.needle)) continue
    if (total >= query.offset && ids.length < query.limit) ids.push(entry.id)
    total++
  }
  return { ids, total }
}
