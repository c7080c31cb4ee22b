/**
 * Issue 32: a table's scroll region (a named `region` with `tabindex="0"`, so a keyboard can scroll it) is a
 * tab stop only while its table is wider than it; where the table fits, a stop that does nothing is taken
 * out (IBM's checker: a tabbable element needs a widget role, unless it scrolls). The server renders the stop,
 * so without a script every region stays reachable. Returns the function that stops watching.
 */
export function tabStopWhileScrolling(region: HTMLElement): () => void {
  const update = () => {
    if (region.scrollWidth > region.clientWidth) region.tabIndex = 0
    else region.removeAttribute('tabindex')
  }
  update()
  const observer = new ResizeObserver(update)
  observer.observe(region)
  for (const child of region.children) observer.observe(child)
  return () => observer.disconnect()
}

/** The documents' table regions (server/documents/markdown.ts); React's own regions call the above. */
export function enhanceScrollRegions() {
  for (const region of document.querySelectorAll<HTMLElement>('div.table-scroll[role="region"]'))
    tabStopWhileScrolling(region)
}
