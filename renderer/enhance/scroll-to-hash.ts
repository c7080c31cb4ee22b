/** Spec §9: an anchor lands this far below the top of the window (clear of the sticky header). */
export const ANCHOR_OFFSET = 90

/** Spec §2 'Document page': scrolls to the URL's #anchor with a 90 px offset, at load and on every hash change. */
export function enhanceScrollToHash(root: ParentNode = document) {
  if (!root.querySelector('[data-scroll-to-hash]')) return
  const scroll = () => {
    const id = decodeURIComponent(location.hash.slice(1))
    const target = id ? document.getElementById(id) : null
    if (!target) return
    window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - ANCHOR_OFFSET })
  }
  scroll()
  window.addEventListener('hashchange', scroll)
}
