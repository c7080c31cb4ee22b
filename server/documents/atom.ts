import { historyPath } from '#shared/document-history.ts'
import { escapeHtml } from '#shared/html.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import { htmlLang, type Language, toLocale } from '#shared/locale.ts'
import { localizedPath } from '#shared/routing.ts'
import type { Site } from '#shared/site.ts'
import type { DocumentStore } from './store'

/** A day as an Atom date: the start of the day the version took effect (RFC 3339, UTC). */
const atomDate = (day: string) => `${day}T00:00:00Z`

/**
 * Issue 29: every change of every document a language shows on a site, newest first, as an Atom feed
 * (RFC 4287). Each entry is a version: its id and `alternate` link are its permanent address, or its
 * comparison with the one before it where there is one. Absolute links come from the host table's origin.
 */
export function documentChangesFeed(documents: DocumentStore, site: Site, lang: Language): string {
  const locale = toLocale(lang, site.country)
  const t = serverTranslate(locale)
  const url = (logicalPath: string) => site.origin + localizedPath(lang, logicalPath)
  const self = url('/document/changes.atom')
  const changes = documents.changes(locale)
  const siteName = t('layout.site_name')
  const entries = changes.map((change) => {
    const version = url(historyPath(change.key, change.date))
    const link = change.previous ? url(historyPath(change.key, change.date, true)) : version
    const language = change.locale.slice(0, 2) as Language
    return `  <entry xml:lang="${htmlLang(language, site.country)}">
    <id>${escapeHtml(version)}</id>
    <title>${escapeHtml(t('document_history.feed_entry', { title: change.title, summary: change.summary }))}</title>
    <updated>${atomDate(change.date)}</updated>
    <published>${atomDate(change.date)}</published>
    <link rel="alternate" type="text/html" href="${escapeHtml(link)}"/>
    <summary>${escapeHtml(change.summary)}</summary>
  </entry>`
  })
  const updated = changes[0]?.date ?? '1970-01-01'
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${htmlLang(lang, site.country)}">
  <id>${escapeHtml(self)}</id>
  <title>${escapeHtml(t('document_history.feed_title', { site: siteName }))}</title>
  <updated>${atomDate(updated)}</updated>
  <author><name>${escapeHtml(siteName)}</name></author>
  <link rel="self" type="application/atom+xml" href="${escapeHtml(self)}"/>
  <link rel="alternate" type="text/html" href="${escapeHtml(url('/'))}"/>
${entries.join('\n')}
</feed>
`
}
