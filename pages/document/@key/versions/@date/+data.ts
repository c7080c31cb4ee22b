// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { historyPath } from '#shared/document-history.ts'
import { historyOf } from '../history-data'

/**
 * Issue 29: a version of a document in full at its permanent address. It is never indexed as the current
 * text: its canonical link is the document's own page.
 */
export function data(pageContext: PageContextServer) {
  const { key, documentTitle, contentLang, version, next, longDate, t, trail } = historyOf(pageContext, true)
  if (!version) throw new Error('historyOf answers a version or throws')
  return {
    key,
    date: version.date,
    documentTitle,
    title: t('document_history.version_title', { title: version.title, date: version.dateText }),
    versionTitle: version.title,
    contentLang,
    summary: version.summary,
    notice: next
      ? t('document_history.version_earlier', { from: version.dateText, until: longDate(next.date) })
      : t('document_history.version_current', { date: version.dateText }),
    changesHref: version.previous ? historyPath(key, version.date, true) : null,
    canonicalPath: `/document/${key}`,
    trail: trail({ label: version.dateText }),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
