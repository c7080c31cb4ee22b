import { BackToTop } from '#renderer/components/BackToTop.tsx'
import { Link } from '#renderer/components/Link.tsx'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { Data } from './+data'
import { DocumentBody } from './DocumentBody'
import './document.css'

export default function Page() {
  const document = useData<Data>()
  const { lang } = usePageContext()
  const t = useTranslate()
  const toc = document.headings.filter((heading) => heading.level === 2)
  return (
    <article
      className="document"
      data-scroll-to-hash
      lang={document.contentLang !== lang ? document.contentLang : undefined}
    >
      <header className="document__header">
        <h1 id="document-title" tabIndex={-1}>
          {document.title}
        </h1>
        <p className="document__updated">
          {t('document.in_force_since')} <time dateTime={document.updated}>{document.updatedText}</time>
          {' · '}
          <Link href={document.historyHref} lang={lang}>
            {t('document.history_link')}
          </Link>
        </p>
        {document.pills.length > 0 && (
          <nav className="pills no-print" aria-label={t('document.pills.label')} lang={lang}>
            <ul>
              {document.pills.map((pill) => (
                <li key={pill.key}>
                  <Link href={`/document/${pill.key}`} className="pill">
                    {t(pill.labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <div className="document__layout">
        {toc.length > 1 && (
          <nav className="toc no-print" aria-labelledby="toc-heading" lang={lang}>
            <h2 id="toc-heading" className="toc__heading">
              {t('document.contents')}
            </h2>
            <ol>
              {toc.map((heading) => (
                <li key={heading.id}>
                  <a href={`#${heading.id}`}>{heading.text}</a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <DocumentBody documentKey={document.key} />
      </div>
      <BackToTop targetId="document-title" />
    </article>
  )
}
