import type { ReactNode } from 'react'
import { Link } from '#renderer/components/Link.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import './political-ads.css'

/** Spec §2: the political-ads pages share a side menu: political ads, and exercising privacy rights. */
export function SideMenuLayout({ children }: { children: ReactNode }) {
  const t = useTranslate()
  return (
    <div className="side-layout">
      <nav className="side-menu" aria-label={t('political_ads.menu.label')}>
        <ul>
          <li>
            <Link href="/political-ads">{t('political_ads.menu.ads')}</Link>
          </li>
          <li>
            <Link href="/privacy-rights">{t('political_ads.menu.privacy_rights')}</Link>
          </li>
        </ul>
      </nav>
      <div className="side-layout__content">{children}</div>
    </div>
  )
}
