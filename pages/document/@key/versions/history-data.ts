import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { type Crumb, HOME } from '#shared/breadcrumbs.ts'
import { historyPath, VERSION_DATE } from '#shared/document-history.ts'
import { formatLongDate } from '#shared/format.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'

/**
 * Issue 29: what every page of a document's history starts from: the document as it is now, its versions
 * (newest first), and the one the path names. An unknown document, or a date no version took effect on, is 404.
 */
export function historyOf(pageContext: PageContextServer, withVersion: boolean) {
  const { documents, locale, lang, site, routeParams } = pageContext
  const current = documents?.get(routeParams.key ?? '', locale)
  const versions = current ? documents?.history(current.key, locale) : null
  if (!current || !versions) throw render(404)
  const date = routeParams.date ?? ''
  const at = withVersion && VERSION_DATE.test(date) ? versions.findIndex((v) => v.date === date) : -1
  const version = versions[at]
  if (withVersion && !version) throw render(404)
  const longDate = (day: string) => formatLongDate(day, lang, site.country)
  const t = serverTranslate(locale)
  // Home › the document › its versions (› a version › its changes): the last one is the page, without a link.
  const trail = (...rest: Crumb[]): Crumb[] => [
    HOME,
    { label: current.title, href: `/document/${current.key}` },
    {
      labelKey: 'document_history.breadcrumb',
      ...(rest.length > 0 ? { href: historyPath(current.key) } : {}),
    },
    ...rest,
  ]
  return {
    key: current.key,
    documentTitle: current.title,
    /** The text's own language where the locale fell back to another one (Dutch on /en). */
    contentLang: current.locale.slice(0, 2),
    versions: versions.map((entry) => ({ ...entry, dateText: longDate(entry.date) })),
    version: version ? { ...version, dateText: longDate(version.date) } : null,
    /** The version that replaced it: the end of its time in force. */
    next: at > 0 ? (versions[at - 1] ?? null) : null,
    longDate,
    t,
    trail,
  }
}
