import type { AnchorHTMLAttributes } from 'react'
import { localizedPath } from '#shared/routing.ts'
import { usePageContext } from '../usePageContext'

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }

/** A link to a page of this site: adds the current language prefix to a logical path. */
export function Link({ href, ...props }: Props) {
  const { lang, logicalPath } = usePageContext()
  const target = href.startsWith('/') ? localizedPath(lang, href) : href
  const pathOnly = href.split(/[?#]/)[0]
  const current = href.startsWith('/') && pathOnly === logicalPath ? 'page' : undefined
  return <a href={target} aria-current={current} {...props} />
}
