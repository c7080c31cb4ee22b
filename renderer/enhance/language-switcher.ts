/**
 * Spec §2: the NL/FR switcher rewrites the URL's language prefix. The server renders the path and query; the
 * browser adds the #anchor the visitor is at, so switching language keeps the place in the page (issue 20).
 */
export function enhanceLanguageSwitcher(root: ParentNode = document) {
  const links = [...root.querySelectorAll<HTMLAnchorElement>('.language-switcher a[href]')].map((link) => ({
    link,
    // The path and query the server wrote (relative, as it wrote them).
    target: (link.getAttribute('href') ?? '').split('#')[0] ?? '',
  }))
  if (links.length === 0) return
  const update = () => {
    for (const { link, target } of links) link.setAttribute('href', target + location.hash)
  }
  update()
  window.addEventListener('hashchange', update)
}
