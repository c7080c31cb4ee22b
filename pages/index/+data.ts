// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import home from '../../content/home.json' with { type: 'json' }
import { serverTranslate } from '../../server/i18n/translate'
import { documentTitleKey } from '../../shared/documents'

export function data(pageContext: PageContextServer) {
  const t = serverTranslate(pageContext.locale)
  return {
    topics: home.topics,
    // Titles are resolved here, so the page does not ship every document title to the browser.
    legalDocuments: home.legalDocuments[pageContext.site.country]
      .filter((key) => pageContext.documents?.get(key, pageContext.locale))
      .map((key) => ({ key, title: t(documentTitleKey(key)) })),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
