// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { historyPath } from '#shared/document-history.ts'
import { historyOf } from '../../history-data'

/**
 * Issue 29: a version compared with the one before it, sentence by sentence (server/documents/compare.ts).
 * The first version has nothing to compare with: 404. Like the version itself, it is not the current text.
 */
export function data(pageContext: PageContextServer) {
  const { key, documentTitle, contentLang, version, longDate, t, trail } = historyOf(pageContext, true)
  const blocks = version ? pageContext.documents?.compare(key, pageContext.locale, version.date) : null
  if (!version?.previous || !blocks) throw render(404)
  return {
    key,
    title: t('document_history.changes_title', { title: documentTitle, date: version.dateText }),
    intro: t('document_history.changes_intro', {
      date: version.dateText,
      previous: longDate(version.previous),
    }),
    contentLang,
    summary: version.summary,
    blocks,
    versionHref: historyPath(key, version.date),
    canonicalPath: `/document/${key}`,
    trail: trail(
      { label: version.dateText, href: historyPath(key, version.date) },
      { labelKey: 'document_history.changes_breadcrumb' },
    ),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
