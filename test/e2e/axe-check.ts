import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

/**
 * axe-core on the page as it is now, run in the page itself (axe's own `axe.run`). The engine is put into a
 * document once, through the DevTools protocol (which the page's CSP does not govern), and runs again on each
 * later state of the same document: Deque's Playwright wrapper evaluated its 650 kB source twice for every
 * analysis (once to look, once per frame), 180 ms an analysis on a 320 px page against 110 ms once per
 * document (measured on this suite's pages, quiet 2-core machine). Our pages have no frames; a page with one
 * fails here rather than be checked without it.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules axe tags so. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const

/** One line per violation: the rule and the elements it found (their CSS selectors). */
export async function axeViolations(page: Page): Promise<string[]> {
  const frames = page.frames().length
  if (frames > 1) throw new Error(`${page.url()} has ${frames - 1} frames: axe-check.ts checks pages without`)
  const loaded = await page.evaluate(
    () => typeof (globalThis as { axe?: { run?: unknown } }).axe?.run === 'function',
  )
  if (!loaded) {
    const cdp = await page.context().newCDPSession(page)
    try {
      const { exceptionDetails } = await cdp.send('Runtime.evaluate', { expression: AXE_SOURCE })
      if (exceptionDetails) throw new Error(`axe-core did not load: ${exceptionDetails.text}`)
    } finally {
      await cdp.detach()
    }
  }
  return page.evaluate(
    async (tags) => {
      type Violation = { id: string; nodes: { target: unknown[] }[] }
      const axe = (
        globalThis as unknown as {
          axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> }
        }
      ).axe
      const { violations } = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      })
      return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    },
    [...AXE_TAGS],
  )
}
