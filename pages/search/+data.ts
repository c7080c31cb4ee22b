// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { SEARCH_MAX } from '#shared/search.ts'

/** The query is in the URL (?q=), so results are server-rendered and a search can be linked. */
export function data(pageContext: PageContextServer) {
  const q = (pageContext.urlParsed.search.q ?? '').slice(0, SEARCH_MAX)
  const found =
    q && pageContext.searchIndex
      ? pageContext.searchIndex.search(q, pageContext.locale)
      : { total: 0, results: [] }
  // Issue 20 (WCAG 2.4.2): a search page's title names the query and how many were found.
  const title = q
    ? { titleKey: 'search.title_query' as const, titleParams: { query: q, smart_count: found.total } }
    : {}
  return { q, ...found, ...title }
}

export type Data = Awaited<ReturnType<typeof data>>
