import { MOBILE_MENU_BREAKPOINT } from '#shared/navigation.ts'

/**
 * Spec §2 'Header menu' on a phone: the toggle opens the menu over a veil; it closes on Escape, on a click
 * outside, on a link, and when the window becomes wider than 1325 px. While open, Tab goes round the toggle
 * and the menu's links (issue 20, WCAG 2.4.3), and closing puts the focus back on the toggle.
 */
export function enhanceMenu(root: ParentNode = document) {
  const toggle = root.querySelector<HTMLButtonElement>('.menu-toggle')
  const nav = toggle && document.getElementById(toggle.getAttribute('aria-controls') ?? '')
  const header = toggle?.closest('header')
  if (!toggle || !nav || !header) return
  const label = toggle.querySelector<HTMLElement>('[data-menu-label]')
  let veil: HTMLElement | null = null

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      close(true)
      return
    }
    if (event.key !== 'Tab' || window.innerWidth > MOBILE_MENU_BREAKPOINT) return
    const ring = [toggle, ...nav.querySelectorAll<HTMLElement>('a[href], button')].filter(
      (element) => element === toggle || element.offsetParent !== null,
    )
    const at = ring.indexOf(document.activeElement as HTMLElement)
    const next = at === -1 ? 0 : (at + (event.shiftKey ? -1 : 1) + ring.length) % ring.length
    event.preventDefault()
    ring[next]?.focus()
  }
  const onPointer = (event: PointerEvent) => {
    const target = event.target as Node
    // The veil closes the menu on its own click (below).
    if (nav.contains(target) || toggle.contains(target) || target === veil) return
    close(false)
  }
  const onResize = () => {
    if (window.innerWidth > MOBILE_MENU_BREAKPOINT) close(false)
  }

  function open() {
    nav?.classList.add('menu--open')
    toggle?.setAttribute('aria-expanded', 'true')
    if (label) label.textContent = toggle?.dataset.labelClose ?? label.textContent
    veil = document.createElement('div')
    veil.className = 'veil'
    veil.dataset.testid = 'menu-veil'
    veil.setAttribute('aria-hidden', 'true')
    // A click or tap on the veil lands on nothing that takes the focus: it goes back to the toggle (issue 20).
    veil.addEventListener('click', () => close(true))
    header?.append(veil)
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    window.addEventListener('resize', onResize)
  }

  function close(refocus: boolean) {
    if (!veil) return
    nav?.classList.remove('menu--open')
    toggle?.setAttribute('aria-expanded', 'false')
    if (label) label.textContent = toggle?.dataset.labelOpen ?? label.textContent
    veil.remove()
    veil = null
    document.removeEventListener('keydown', onKey)
    document.removeEventListener('pointerdown', onPointer)
    window.removeEventListener('resize', onResize)
    if (refocus) toggle?.focus()
  }

  toggle.addEventListener('click', () => (veil ? close(false) : open()))
  for (const link of nav.querySelectorAll('a[href]')) link.addEventListener('click', () => close(false))
  // On a phone the transparency centre expands into political ads and privacy rights.
  for (const expand of nav.querySelectorAll<HTMLButtonElement>('button[aria-controls]')) {
    const submenu = document.getElementById(expand.getAttribute('aria-controls') ?? '')
    expand.addEventListener('click', () => {
      const expanded = expand.getAttribute('aria-expanded') !== 'true'
      expand.setAttribute('aria-expanded', String(expanded))
      if (submenu) submenu.hidden = !expanded
    })
  }
}
