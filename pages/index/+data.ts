// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import homeJson from '#content/home.json' with { type: 'json' }
import type { PhraseKey } from '#shared/i18n/translate.ts'

interface Topic {
  document: string
  image: string
  titleKey: PhraseKey
  textKey: PhraseKey
}
/** content/home.json; test/i18n.test.ts checks that every `…Key` in it is a phrase. */
const home = homeJson as { topics: Topic[]; legalDocuments: Record<'NL' | 'BE', string[]> }

import { documentTitleKey } from '#shared/documents.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'

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
