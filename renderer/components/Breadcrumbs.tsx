import { breadcrumbs } from '#shared/breadcrumbs.ts'
import { usePageContext } from '../usePageContext'
import { useTranslate } from '../useTranslate'
import { Link } from './Link'

export function Breadcrumbs() {
  const pageContext = usePageContext()
  const t = useTranslate()
  const trail = breadcrumbs(pageContext.logicalPath)
  if (trail.length === 0 || pageContext.config.breadcrumbs === false) return null
  const pageTitle = (pageContext.data as { title?: string } | undefined)?.title ?? ''
  return (
    <nav className="breadcrumbs" aria-label={t('layout.breadcrumbs.label')}>
      <ol>
        {trail.map((crumb, index) => {
          const label = crumb.labelKey ? t(crumb.labelKey) : pageTitle
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
