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
  let held: { entries: Promise<SearchEntry[] | null>; at: number; trigrams?: Uint8Array } | null = null
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
      const loaded = held
      const all = await entries()
      if (!all) return null
      // Words no notice holds (made up, the usual case for a text nobody filtered on yet): nothing to walk.
      if (loaded === held && held) {
        held.trigrams ??= trigramsOf(all)
        if (!mayHold(held.trigrams, query.needle)) return { ids: [], total: 0 }
      }
      return pageOfMatches(all, query)
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

/**
 * Issue 30: which runs of three characters occur in some notice's text, as a bitmap (each character reduced
 * to 6 bits, so two runs may share a bit: the map can only say "maybe"). A needle with a run whose bit is
 * unset is in no text; built in a few milliseconds for 10,000 notices, against a walk of every notice for
 * each new text.
 */
export function trigramsOf(entries: readonly SearchEntry[]): Uint8Array {
  const bits = new Uint8Array(1 << 15)
  for (const { text } of entries) {
    for (let i = 2; i < text.length; i++) {
      const run = trigram(text, i)
      bits[run >> 3] = (bits[run >> 3] ?? 0) | (1 << (run & 7))
    }
  }
  return bits
}

/** False when no text of the bitmap can hold `needle`; true when one may. */
export function mayHold(bits: Uint8Array, needle: string): boolean {
  for (let i = 2; i < needle.length; i++) {
    const run = trigram(needle, i)
    if (((bits[run >> 3] ?? 0) & (1 << (run & 7))) === 0) return false
  }
  return true
}

/** The three UTF-16 units ending at `end`, 6 bits each. */
function trigram(text: string, end: number): number {
  return (
    ((text.charCodeAt(end - 2) & 63) << 12) |
    ((text.charCodeAt(end - 1) & 63) << 6) |
    (text.charCodeAt(end) & 63)
  )
}
