import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { ABOUT_ITEM, headerMenu, MOBILE_MENU_BREAKPOINT } from '#shared/navigation.ts'
import { usePageContext } from '../usePageContext'
import { useTranslate } from '../useTranslate'
import { LanguageSwitcher } from './LanguageSwitcher'
import { Link } from './Link'

export function Header() {
  const { site } = usePageContext()
  const t = useTranslate()
  const menu = headerMenu(site)
  const [open, setOpen] = useState(false)
  const [transparencyOpen, setTransparencyOpen] = useState(false)
  const menuId = useId()
  const submenuId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const navRef = useRef<HTMLElement>(null)
  const veilRef = useRef<HTMLDivElement>(null)

  const close = useCallback(() => setOpen(false), [])
  // Issue 20 (WCAG 2.4.3): a click on the veil, which cannot take focus, would leave the focus nowhere: it goes
  // back to the toggle, as after Escape.
  const closeFromVeil = useCallback(() => {
    setOpen(false)
    toggleRef.current?.focus()
  }, [])

  // Spec §2: the menu closes on Escape, on a click outside it, and when the window becomes wider than 1325 px.
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false)
        toggleRef.current?.focus()
        return
      }
      // Issue 20 (WCAG 2.4.3): while the menu covers the page, Tab goes round the toggle and the menu's links,
      // the links right after the toggle, never to the page under the veil.
      if (event.key !== 'Tab' || window.innerWidth > MOBILE_MENU_BREAKPOINT) return
      const links = [...(navRef.current?.querySelectorAll<HTMLElement>('a[href], button') ?? [])].filter(
        (element) => element.offsetParent !== null,
      )
      const ring = [toggleRef.current, ...links].filter((element): element is HTMLElement => element !== null)
      const at = ring.indexOf(document.activeElement as HTMLElement)
      const next = at === -1 ? 0 : (at + (event.shiftKey ? -1 : 1) + ring.length) % ring.length
      event.preventDefault()
      ring[next]?.focus()
    }
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node
      // The veil closes the menu itself, on its click (closeFromVeil).
      if ([navRef, toggleRef, veilRef].some((ref) => ref.current?.contains(target))) return
      setOpen(false)
    }
    const onResize = () => {
      if (window.innerWidth > MOBILE_MENU_BREAKPOINT) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    window.addEventListener('resize', onResize)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
      window.removeEventListener('resize', onResize)
    }
  }, [open])

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('layout.skip_to_content')}
      </a>
      <div className="site-header__bar">
        <Link href="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            DPG
          </span>
          <span className="brand__name">{t('layout.site_name')}</span>
        </Link>
        <nav
          ref={navRef}
          id={menuId}
          className={open ? 'menu menu--open' : 'menu'}
          aria-label={t('layout.menu.label')}
        >
          <ul className="menu__list">
            {menu.items.map((item) => (
              <li key={item.href}>
                <Link href={item.href} className="menu__link" onClick={close}>
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
                  aria-expanded={transparencyOpen}
                  aria-controls={submenuId}
                  onClick={() => setTransparencyOpen((value) => !value)}
                >
                  {t('layout.menu.transparency_centre')}
                </button>
                <ul id={submenuId} className="menu__submenu menu__mobile-only" hidden={!transparencyOpen}>
                  {menu.transparency.map((item) => (
                    <li key={item.href}>
                      <Link href={item.href} className="menu__link" onClick={close}>
                        {t(item.labelKey)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            )}
            <li>
              <Link href={ABOUT_ITEM.href} className="menu__link" onClick={close}>
                {t(ABOUT_ITEM.labelKey)}
              </Link>
            </li>
          </ul>
        </nav>
        <div className="site-header__tools">
          <LanguageSwitcher />
          <button
            ref={toggleRef}
            type="button"
            className="menu-toggle"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            <span className="menu-toggle__icon" aria-hidden="true" />
            {open ? t('layout.menu.close') : t('layout.menu.open')}
          </button>
        </div>
      </div>
      {open && (
        <div
          ref={veilRef}
          className="veil"
          data-testid="menu-veil"
          aria-hidden="true"
          onClick={closeFromVeil}
        />
      )}
    </header>
  )
}
