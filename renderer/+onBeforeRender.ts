// https://vike.dev/onBeforeRender
import type { PageContextServer } from 'vike/types'
import { phrasesFor } from '#shared/i18n/catalog.server.ts'
import { type Phrases, pickPhrases } from '#shared/i18n/translate.ts'
import type { Locale } from '#shared/locale.ts'
import { languageContext } from '#shared/routing.ts'

/**
 * Only the phrases of the page's namespaces travel to the browser (and are used to render). An error
 * page rendered after a failure may lack the language context: it is derived again from the URL.
 */
export function onBeforeRender(pageContext: PageContextServer) {
  const language = pageContext.locale ? {} : languageContext(pageContext.urlOriginal, pageContext.site)
  const locale = pageContext.locale ?? languageContext(pageContext.urlOriginal, pageContext.site).locale
  const namespaces = (pageContext.config.phrases ?? []).flat()
  return { pageContext: { ...language, phrases: pagePhrases(locale, namespaces) } }
}

/** Pages ask for the same few namespace sets again and again: pick each set once per locale. */
const picked = new Map<string, Phrases>()
function pagePhrases(locale: Locale, namespaces: string[]): Phrases {
  const key = `${locale}|${namespaces.join(',')}`
  let phrases = picked.get(key)
  if (!phrases) {
    phrases = Object.freeze(pickPhrases(phrasesFor(locale), namespaces))
    picked.set(key, phrases)
  }
  return phrases
}
