import type { Page } from '@playwright/test'

/**
 * Issue 32: the focus indicator of every control in the tab order must reach 3:1 against the background it is
 * drawn on (WCAG 1.4.11). Each control is given `:focus` and `:focus-visible` through the DevTools protocol,
 * all at once, and its computed ring is read: moving real focus would run the forms' blur checks (an empty
 * e-mail field shows its error) and scroll the page, changing the very state the test goes on to check.
 *
 * A ring is the outline and every box-shadow without offset or blur (a two-colour ring draws one of them); it
 * passes when one of its colours reaches 3:1 against the first opaque background behind it (the parent's,
 * since the ring is drawn outside the control; the control's own when the outline is drawn inside it).
 * Returns one line per control that fails.
 */
export async function focusRingFailures(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('DOM.enable')
    await cdp.send('CSS.enable')
    await cdp.send('DOM.getDocument', { depth: 0 })
    const { result } = await cdp.send('Runtime.evaluate', { expression: `(${tabOrder.toString()})()` })
    if (!result.objectId) return []
    const { result: properties } = await cdp.send('Runtime.getProperties', {
      objectId: result.objectId,
      ownProperties: true,
    })
    const objectIds = properties
      .filter((p) => /^\d+$/.test(p.name))
      .map((p) => p.value?.objectId)
      .filter((id): id is string => id !== undefined)
    const nodeIds = await Promise.all(
      objectIds.map(async (objectId) => (await cdp.send('DOM.requestNode', { objectId })).nodeId),
    )
    const force = (forcedPseudoClasses: string[]) =>
      Promise.all(nodeIds.map((nodeId) => cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses })))
    await force(['focus', 'focus-visible'])
    try {
      const measured = await cdp.send('Runtime.callFunctionOn', {
        objectId: result.objectId,
        functionDeclaration: measureRings.toString(),
        returnByValue: true,
      })
      return measured.result.value as string[]
    } finally {
      await force([])
    }
  } finally {
    await cdp.detach()
  }
}

/**
 * The ring of what has the focus now, as the browser draws it (nothing forced: an element focused by a
 * script shows a ring only if the browser matches `:focus-visible`). Returns its failure, or `[]` when the
 * ring reaches 3:1; the page itself (`body`) having the focus is a failure too.
 */
export async function focusedRingFailures(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: '[document.activeElement].filter((e) => e && e !== document.body)',
    })
    if (!result.objectId) return ['nothing has the focus']
    const measured = await cdp.send('Runtime.callFunctionOn', {
      objectId: result.objectId,
      functionDeclaration: `function () { return this.length === 0 ? ['the page (body) has the focus'] : (${measureRings.toString()}).call(this) }`,
      returnByValue: true,
    })
    return measured.result.value as string[]
  } finally {
    await cdp.detach()
  }
}

/** The page's controls that Tab reaches and that are shown (runs in the page). */
function tabOrder(): Element[] {
  const selector = [
    'a[href]',
    'button:not([disabled])',
    'input:not([disabled]):not([type="hidden"])',
    'select:not([disabled])',
    'textarea:not([disabled])',
    'summary',
    '[tabindex]',
  ].join(',')
  return [...document.querySelectorAll<HTMLElement>(selector)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.closest('[inert]') &&
      element.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
  )
}

/** Measures the forced focus ring of each control (runs in the page, `this` being the controls). */
function measureRings(this: Element[]): string[] {
  type Rgba = [number, number, number, number]
  const parse = (colour: string): Rgba | undefined => {
    const m = /rgba?\(([^)]+)\)/.exec(colour)
    if (!m?.[1]) return undefined
    const [r = 0, g = 0, b = 0, a = 1] = m[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number)
    return [r, g, b, a]
  }
  const over = (top: Rgba, bottom: Rgba): Rgba => {
    const a = top[3]
    return [
      top[0] * a + bottom[0] * (1 - a),
      top[1] * a + bottom[1] * (1 - a),
      top[2] * a + bottom[2] * (1 - a),
      1,
    ]
  }
  const luminance = ([r, g, b]: Rgba) => {
    const channel = (c: number) => {
      const s = c / 255
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
  }
  const contrast = (x: Rgba, y: Rgba) => {
    const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number]
    return (hi + 0.05) / (lo + 0.05)
  }
  const backgroundBehind = (start: Element | null): Rgba => {
    const layers: Rgba[] = []
    for (let node = start; node; node = node.parentElement) {
      const colour = parse(getComputedStyle(node).backgroundColor)
      if (!colour || colour[3] === 0) continue
      layers.push(colour)
      if (colour[3] === 1) break
    }
    return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1])
  }
  /** The colours of the box-shadows that draw a ring: no offset, no blur, a spread, not inset. */
  const ringShadows = (boxShadow: string): Rgba[] =>
    boxShadow === 'none'
      ? []
      : boxShadow
          .split(/,(?![^(]*\))/)
          .filter((shadow) => !/inset/.test(shadow))
          .flatMap((shadow) => {
            const lengths = shadow
              .replace(/rgba?\([^)]*\)/, '')
              .trim()
              .split(/\s+/)
              .map(Number.parseFloat)
            const [x = 0, y = 0, blur = 0, spread = 0] = lengths
            const colour = parse(shadow)
            return x === 0 && y === 0 && blur === 0 && spread > 0 && colour ? [colour] : []
          })
  const describe = (element: Element) => {
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ')
    const where = element.closest('[id]')?.id
    return `<${element.localName}> "${name.slice(0, 40)}"${where ? ` in #${where}` : ''}`
  }
  const failures: string[] = []
  for (const element of this) {
    const style = getComputedStyle(element)
    const outlineShown = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1
    const inside = outlineShown && Number.parseFloat(style.outlineOffset) < 0
    const background = backgroundBehind(inside ? element : element.parentElement)
    const ring = [
      ...(outlineShown ? [parse(style.outlineColor)] : []),
      ...ringShadows(style.boxShadow),
    ].filter((colour): colour is Rgba => colour !== undefined)
    const ratios = ring.map((colour) => contrast(over(colour, background), background))
    const best = Math.max(0, ...ratios)
    if (best < 3)
      failures.push(
        `${describe(element)}: focus ring ${ring.length ? ratios.map((r) => r.toFixed(2)).join('/') : 'none'}:1 on rgb(${background.slice(0, 3).map(Math.round).join(', ')})`,
      )
  }
  return failures
}
