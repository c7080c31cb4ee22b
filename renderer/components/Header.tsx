import { ABOUT_ITEM, headerMenu } from '#shared/navigation.ts'
import { usePageContext } from '../usePageContext'
import { useTranslate } from '../useTranslate'
import { LanguageSwitcher } from './LanguageSwitcher'
import { Link } from './Link'
import { SkipLink } from './SkipLink'

const MENU_ID = 'site-menu'
const SUBMENU_ID = 'site-menu-transparency'

/**
 * Spec §2 'Header menu'. Rendered on the server only: the phone menu's toggle, veil, focus ring and closing
 * rules are renderer/enhance/menu.ts; the toggle carries both of its labels for it.
 */
export function Header() {
  const { site } = usePageContext()
  const t = useTranslate()
  const menu = headerMenu(site)
  return (
    <header className="site-header">
      <SkipLink />
      <div className="site-header__bar">
        <Link href="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            DPG
          </span>
          <span className="brand__name">{t('layout.site_name')}</span>
        </Link>
        <nav id={MENU_ID} className="menu" aria-label={t('layout.menu.label')}>
          <ul className="menu__list">
            {menu.items.map((item) => (
              <li key={item.href}>
                <Link href={item.href} className="menu__link">
                  {t(item.labelKey)}
                </Link>
              </li>
            ))}
            {menu.transparency && (
              <li className="menu__transparency">
                <Link href="/political-ads" className="menu__link menu__desktop-only">
                  {t('layout.menu.transparency_centre')}
                </Link>
                <button
                  type="button"
                  className="menu__link menu__expand menu__mobile-only"
                  aria-expanded="false"
                  aria-controls={SUBMENU_ID}
                >
                  {t('layout.menu.transparency_centre')}
                </button>
                <ul id={SUBMENU_ID} className="menu__submenu menu__mobile-only" hidden>
                  {menu.transparency.map((item) => (
                    <li key={item.href}>
                      <Link href={item.href} className="menu__link">
                        {t(item.labelKey)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            )}
            <li>
              <Link href={ABOUT_ITEM.href} className="menu__link">
                {t(ABOUT_ITEM.labelKey)}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="site-header__tools">
          <LanguageSwitcher />
          <button
            type="button"
            className="menu-toggle"
            aria-expanded="false"
            aria-controls={MENU_ID}
            data-label-open={t('layout.menu.open')}
            data-label-close={t('layout.menu.close')}
          >
            <span className="menu-toggle__icon" aria-hidden="true" />
            <span data-menu-label>{t('layout.menu.open')}</span>
          </button>
        </div>
      </div>
    </header>
  )
}
