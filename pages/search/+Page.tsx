import { useEffect, useRef, useState } from 'react'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX, type SearchResult } from '#shared/search.ts'
import type { Data } from './+data'
import { SearchResults } from './SearchResults'
import './search.css'
import { getJson } from '#renderer/json.ts'

/** Spec §2 and §8: search, with the results' count or the no-results message. */
export default function Page() {
  const initial = useData<Data>()
  const { locale } = usePageContext()
  const t = useTranslate()
  const [q, setQ] = useState(initial.q)
  const [found, setFound] = useState({
    q: initial.q,
    total: initial.total,
    results: initial.results as SearchResult[],
  })
  const first = useRef(true)
  const siteTitle = useRef('')

  // The title follows the results as they change while typing (the server wrote the first one).
  useEffect(() => {
    siteTitle.current ||= document.title.split(' | ').pop() ?? ''
    const page = found.q
      ? t('search.title_query', { query: found.q, smart_count: found.total })
      : t('search.title')
    document.title = `${page} | ${siteTitle.current}`
  }, [found, t])

  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    // Spec §4: the results follow the typing 500 ms after the last keystroke.
    const timer = setTimeout(async () => {
      const url = new URL(window.location.href)
      if (q.trim()) url.searchParams.set('q', q)
      else url.searchParams.delete('q')
      history.replaceState(null, '', url)
      if (!q.trim()) {
        setFound({ q, total: 0, results: [] })
        return
      }
      const response = await getJson<{ total: number; results: SearchResult[] }>(
        `/api/search?${new URLSearchParams({ q, locale })}`,
      )
      // On a failure the results on screen stay; the next keystroke tries again.
      if (response?.ok && response.body) setFound({ q, ...response.body })
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [q, locale])

  return (
    <>
      <h1>{t('search.heading')}</h1>
      {/* No action: the form submits to this page's own address (an empty action is invalid HTML). */}
      {/* biome-ignore lint/a11y/useSemanticElements: a search landmark that is also a real form */}
      <form role="search" className="search-form" method="get" onSubmit={(event) => event.preventDefault()}>
        <label className="field__label" htmlFor="search-q">
          {t('search.label')}
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          className="field__input"
          maxLength={SEARCH_MAX}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
      </form>
      {/*
        A status paragraph (issue 32): an <output> is a form control, which IBM's checker wants labelled; a
        paragraph with role status is announced alike and holds phrasing content only (issue 27).
      */}
      <p role="status" className="search-status">
        {found.q.trim() &&
          (found.total === 0 ? t('search.no_results') : t('search.results', { smart_count: found.total }))}
      </p>
      <SearchResults results={found.results} />
    </>
  )
}
