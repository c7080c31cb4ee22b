import { breadcrumbs, type Crumb } from '#shared/breadcrumbs.ts'
import { usePageContext } from '../usePageContext'
import { useTranslate } from '../useTranslate'
import { Link } from './Link'

export function Breadcrumbs() {
  const pageContext = usePageContext()
  const t = useTranslate()
  const data = pageContext.data as { title?: string; trail?: Crumb[] } | undefined
  // A page whose trail names what the path cannot (issue 29: a document's title, a version's date) gives it.
  const trail = data?.trail ?? breadcrumbs(pageContext.logicalPath)
  if (trail.length === 0 || pageContext.config.breadcrumbs === false) return null
  const pageTitle = data?.title ?? ''
  return (
    <nav className="breadcrumbs" aria-label={t('layout.breadcrumbs.label')}>
      <ol>
        {trail.map((crumb, index) => {
          const label = crumb.label ?? (crumb.labelKey ? t(crumb.labelKey) : pageTitle)
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a trail's order is its identity
            <li key={index}>
              {crumb.href ? <Link href={crumb.href}>{label}</Link> : <span aria-current="page">{label}</span>}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
