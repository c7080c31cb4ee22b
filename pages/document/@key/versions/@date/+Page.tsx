import { Link } from '#renderer/components/Link.tsx'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { historyPath } from '#shared/document-history.ts'
import type { Data } from './+data'
import '../history.css'

export default function Page() {
  const data = useData<Data>()
  const { lang } = usePageContext()
  const t = useTranslate()
  const other = data.contentLang !== lang ? data.contentLang : undefined
  return (
    <article className="document history">
      <header className="document__header">
        <h1 lang={other}>{data.versionTitle}</h1>
        <div className="history__notice">
          <p>
            <strong>{data.notice}</strong>
          </p>
          <p>
            {t('document_history.summary')} <span lang={other}>{data.summary}</span>
          </p>
          <ul className="history__links">
            <li>
              <Link href={data.canonicalPath}>{t('document_history.read_current')}</Link>
            </li>
            {data.changesHref && (
              <li>
                <Link href={data.changesHref}>{t('document_history.changes_breadcrumb')}</Link>
              </li>
            )}
            <li>
              <Link href={historyPath(data.key)}>{t('document_history.to_history')}</Link>
            </li>
          </ul>
        </div>
      </header>
      <VersionBody documentKey={data.key} date={data.date} lang={other} />
    </article>
  )
}

/** The version's sanitized HTML, from the document store (rendered on the server only: a content page). */
function VersionBody({ documentKey, date, lang }: { documentKey: string; date: string; lang?: string }) {
  const { documents, locale } = usePageContext()
  const html = documents?.version(documentKey, locale, date)?.html ?? ''
  return (
    <div
      className="document__body prose"
      lang={lang}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with an allow-list when the store loads it
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
