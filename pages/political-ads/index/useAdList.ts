import { useEffect, useRef, useState } from 'react'
import { getJson } from '#renderer/json.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import type { CampaignFilter, Notice } from '#shared/political-ads.ts'
import { SEARCH_DEBOUNCE_MS } from '#shared/search.ts'
import type { Data } from './+data'

function filterQuery(filter: CampaignFilter): string {
  const query = new URLSearchParams()
  // Spec §7: period, channel and text go along only when not ALL or empty.
  if (filter.periodFilter !== 'ALL') query.set('period', filter.periodFilter)
  if (filter.channelFilter !== 'ALL') query.set('channel', filter.channelFilter)
  if (filter.textFilter.trim()) query.set('text', filter.textFilter.trim())
  if (filter.withdrawn) query.set('withdrawn', 'true')
  return query.toString()
}

/** One answer of GET /api/campaign-items. */
interface CampaignPage {
  campaignItems: Notice[]
  total: number
}

/** A page of notices of the list's filter, from `offset`; null when it could not be loaded. */
async function fetchPage(country: string, query: string, offset: number) {
  const response = await getJson<CampaignPage>(
    `/api/campaign-items?countryCode=${country}${offset ? `&offset=${offset}` : ''}${query ? `&${query}` : ''}`,
  )
  if (!response?.ok || !response.body) return null
  return { items: response.body.campaignItems, total: response.body.total }
}

/**
 * The cards on screen: notices the page fetched, or (until a filter changes) the server-rendered cards,
 * adopted as HTML so the notices are not sent twice (issue 19).
 */
export type Shown = { items: Notice[]; total: number } | { html: string; count: number; total: number }

export const CARDS_ID = 'ad-cards'

/**
 * Spec §2 'Political ads list' and §4: the list's filter (in the URL), the notices it shows, cached until a
 * filter changes, the text debounced 500 ms, and the next page on demand.
 */
export function useAdList(initial: Omit<Data, 'items'> & Partial<Pick<Data, 'items'>>) {
  const { site } = usePageContext()
  const [filter, setFilter] = useState(initial.filter)
  const [text, setText] = useState(initial.filter.textFilter)
  const [list, setList] = useState<Shown>(() =>
    initial.items
      ? { items: initial.items, total: initial.total }
      : {
          html: globalThis.document?.getElementById(CARDS_ID)?.innerHTML ?? '',
          count: initial.shown,
          total: initial.total,
        },
  )
  const [failed, setFailed] = useState(initial.failed)
  const cache = useRef(new Map<string, Shown>([[filterQuery(initial.filter), list]]))

  // The text filter follows the typing 500 ms after the last keystroke.
  useEffect(() => {
    if (text === filter.textFilter) return
    const timer = setTimeout(() => setFilter((f) => ({ ...f, textFilter: text })), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, filter.textFilter])

  useEffect(() => {
    const query = filterQuery(filter)
    const url = new URL(window.location.href)
    url.search = query
    history.replaceState(null, '', url)
    const cached = cache.current.get(query)
    if (cached) {
      setList(cached)
      setFailed(false)
      return
    }
    let current = true
    fetchPage(site.country, query, 0).then((page) => {
      if (!current) return
      if (!page) {
        setFailed(true)
        return
      }
      cache.current.set(query, page)
      setList(page)
      setFailed(false)
    })
    return () => {
      current = false
    }
  }, [filter, site.country])

  const query = filterQuery(filter)
  const loadMore = async () => {
    // Adopted cards are HTML: fetch them as notices first, then the next page.
    const before = 'items' in list ? list : await fetchPage(site.country, query, 0)
    const next = before && (await fetchPage(site.country, query, before.items.length))
    if (!before || !next) {
      setFailed(true)
      return
    }
    const merged = { items: [...before.items, ...next.items], total: next.total }
    cache.current.set(query, merged)
    setList(merged)
  }
  return { filter, setFilter, text, setText, list, failed, query, loadMore }
}
