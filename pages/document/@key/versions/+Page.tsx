import { Link } from '#renderer/components/Link.tsx'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { historyPath } from '#shared/document-history.ts'
import type { Data } from './+data'
import './history.css'

export default function Page() {
  const { key, title, contentLang, versions } = useData<Data>()
  const { lang } = usePageContext()
  const t = useTranslate()
  const other = contentLang !== lang ? contentLang : undefined
  const byDate = new Map(versions.map((version) => [version.date, version.dateText]))
  return (
    <article className="history">
      <h1>{title}</h1>
      <p className="lead">{t('document_history.intro')}</p>
      <ol className="history__versions">
        {versions.map((version) => (
          <li key={version.date} className="history__version">
            <h2 className="history__date">
              <time dateTime={version.date}>{version.dateText}</time>
              {version.current && (
                <span className="history__current"> ({t('document_history.current')})</span>
              )}
            </h2>
            <p lang={other}>{version.summary}</p>
            <ul className="history__links">
              <li>
                <Link href={historyPath(key, version.date)}>
                  {t('document_history.read_version', { date: version.dateText })}
                </Link>
              </li>
              {version.previous && (
                <li>
                  <Link href={historyPath(key, version.date, true)}>
                    {t('document_history.read_changes', { date: byDate.get(version.previous) ?? '' })}
                  </Link>
                </li>
              )}
            </ul>
          </li>
        ))}
      </ol>
      <ul className="history__links">
        <li>
          <Link href={`/document/${key}`}>{t('document_history.back_to_current')}</Link>
        </li>
        <li>
          <a href={`/${lang}/document/changes.atom`} type="application/atom+xml">
            {t('document_history.feed')}
          </a>
        </li>
      </ul>
    </article>
  )
}
