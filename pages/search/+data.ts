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
  return { q, ...found }
}

export type Data = Awaited<ReturnType<typeof data>>
