// https://vike.dev/data
import { redirect } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { historyPath } from '#shared/document-history.ts'
import { policyPills } from '#shared/documents.ts'
import { formatLongDate } from '#shared/format.ts'

/**
 * Spec §2 'Document page'. The HTML itself is not in the data: the page renders it from the store on the
 * server and keeps it from the DOM in the browser, so it travels only once.
 */
export function data(pageContext: PageContextServer) {
  const { documents, locale, lang, site, routeParams } = pageContext
  const key = routeParams.key ?? ''
  const document = documents?.get(key, locale)
  // Spec §8: an unknown document goes to /not-found.
  if (!document) throw redirect(`/${lang}/not-found`)
  const pills = policyPills(locale)
  return {
    key: document.key,
    requestedKey: key,
    title: document.title,
    description: document.description,
    updated: document.updated,
    updatedText: formatLongDate(document.updated, lang, site.country),
    /** The document's own language when the locale fell back to another one (e.g. Dutch on /en). */
    contentLang: document.locale.slice(0, 2),
    headings: document.headings,
    /** Issue 29: where its earlier versions and their changes are. */
    historyHref: historyPath(document.key),
    pills: pills.some((pill) => pill.key === document.key) ? pills : [],
  }
}

export type Data = Awaited<ReturnType<typeof data>>
