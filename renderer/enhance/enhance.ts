import { enhanceBackToTop } from './back-to-top'
import { enhanceCollapsibles } from './collapsible'
import { enhanceIslands } from './islands'
import { enhanceLanguageSwitcher } from './language-switcher'
import { enhanceMenu } from './menu'
import { enhanceScrollToHash } from './scroll-to-hash'

/**
 * The behaviours of the server-rendered HTML that need no React (issue 19): the header menu, the language
 * switcher's anchor, back-to-top, the anchor offset, collapsible blocks, and the islands that load React
 * when needed (the contact form). Every page runs it once; a
 * content page needs nothing else. `ready: false` leaves the "live" mark to the page's React root.
 */
export function enhance({ ready = true }: { ready?: boolean } = {}) {
  // Spec §2: every page starts at the top, unless the URL points at an anchor.
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual'
  if (!location.hash) window.scrollTo(0, 0)
  enhanceMenu()
  enhanceLanguageSwitcher()
  enhanceBackToTop()
  enhanceCollapsibles()
  enhanceScrollToHash()
  enhanceIslands()
  if (ready) markReady()
}

/** Marks the document live: tests (test/e2e/support.ts `hydrated`) and styles can tell it from bare HTML. */
export function markReady() {
  document.documentElement.dataset.hydrated = 'true'
}
