import { Link } from '#renderer/components/Link.tsx'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { historyPath } from '#shared/document-history.ts'
import type { Data } from './+data'
import { CompareText } from './CompareText'
import '../../history.css'

/** A version compared with the one before: a legend, the list of changes, the text with its changes marked. */
export default function Page() {
  const data = useData<Data>()
  const { lang } = usePageContext()
  const t = useTranslate()
  const other = data.contentLang !== lang ? data.contentLang : undefined
  const changed = data.blocks.flatMap((block, index) => (block.change === 'same' ? [] : [index]))
  return (
    <article className="history compare">
      <h1>{data.title}</h1>
      <p className="lead">{data.intro}</p>
      <p>
        {t('document_history.summary')} <span lang={other}>{data.summary}</span>
      </p>
      <p className="compare__legend">
        {t('document_history.legend')} <ins>{t('document_history.added')}</ins>{' '}
        <del>{t('document_history.removed')}</del>
      </p>
      <ChangesNav count={changed.length} />
      <CompareText blocks={data.blocks} changed={changed} contentLang={other} />
      <ul className="history__links">
        <li>
          <Link href={data.versionHref}>{t('document_history.read_version_full')}</Link>
        </li>
        <li>
          <Link href={data.canonicalPath}>{t('document_history.read_current')}</Link>
        </li>
        <li>
          <Link href={historyPath(data.key)}>{t('document_history.to_history')}</Link>
        </li>
      </ul>
    </article>
  )
}

/** The list of changes, each a link to its block in the text; or that there are none. */
function ChangesNav({ count }: { count: number }) {
  const t = useTranslate()
  if (count === 0) return <p>{t('document_history.no_changes')}</p>
  return (
    <nav aria-labelledby="changes-nav" className="compare__nav">
      <h2 id="changes-nav">{t('document_history.changes_nav')}</h2>
      <ol>
        {Array.from({ length: count }, (_, n) => n + 1).map((n) => (
          <li key={n}>
            <a href={`#change-${n}`}>{t('document_history.change', { n })}</a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
