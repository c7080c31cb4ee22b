import type { Locator } from '@playwright/test'

/** Colours as the browser computes them, read and compared in the test (WCAG's relative luminance). */

type Rgb = [number, number, number]

/** `rgb(r, g, b)` or `rgba(r, g, b, a)` (an opaque colour is expected: a computed fill, a background). */
export function parseColour(colour: string): Rgb {
  const [r = 0, g = 0, b = 0] = /rgba?\(([^)]+)\)/
    .exec(colour)?.[1]
    ?.split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number) ?? [Number.NaN]
  return [r, g, b]
}

function luminance([r, g, b]: Rgb) {
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** The contrast ratio of two computed colours, 1 to 21. */
export function contrast(x: string, y: string): number {
  const [hi, lo] = [luminance(parseColour(x)), luminance(parseColour(y))].sort((p, q) => q - p) as [
    number,
    number,
  ]
  return (hi + 0.05) / (lo + 0.05)
}

/** The first opaque background behind an element, as computed (white when none paints one). */
export function backgroundOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor
      if (/^rgb\(/.test(colour)) return colour
    }
    return 'rgb(255, 255, 255)'
  })
}
