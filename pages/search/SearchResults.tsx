import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { SEARCH_LANGUAGE_LABELS } from '#shared/labels.ts'
import type { SearchResult } from '#shared/search.ts'

/** Issue 31 (moved from +Page.tsx): the results, each a card with its title and its snippet. */
export function SearchResults({ results }: { results: readonly SearchResult[] }) {
  const { lang } = usePageContext()
  const t = useTranslate()
  return (
    <ol className="search-results">
      {results.map((result) => (
        <li key={result.url + result.title} className="card">
          {/* A result in another language (a Dutch document on the French site) says so, and is marked up so. */}
          <h2>
            <a href={result.url}>
              <span lang={result.lang === lang ? undefined : result.lang}>{result.title}</span>
              {result.lang !== lang && (
                <span className="search-results__language"> {t(SEARCH_LANGUAGE_LABELS[result.lang])}</span>
              )}
            </a>
          </h2>
          <p lang={result.lang === lang ? undefined : result.lang}>
            {result.snippet.map((part, index) =>
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move
              part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
            )}
          </p>
        </li>
      ))}
    </ol>
  )
}
