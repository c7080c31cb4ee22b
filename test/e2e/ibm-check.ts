import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

/**
 * Issue 32: IBM's accessibility checker as a second engine beside axe, offline. The rule engine of the npm
 * package `accessibility-checker-engine` (`ace.js`, the engine IBM's `accessibility-checker` and browser
 * extension run) is evaluated in the page through the DevTools protocol, which the page's CSP (no inline
 * script) does not govern, once per document: a page that has it already is checked again without it.
 *
 * Policy `IBM_Accessibility` (IBM Accessibility 7.3 in engine 4.0.x: WCAG 2.2 A and AA, plus IBM's own
 * requirements). A result of level `violation` fails; `potentialviolation`, `recommendation`,
 * `potentialrecommendation` and `manual` ask a person to judge (IBM's checker itself fails only on what its
 * `failLevels` name) and are left to the review of a page, not to this check.
 */
const ACE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('accessibility-checker-engine/ace.js'),
  'utf8',
)

/** The policy the engine checks against (`IBM_Accessibility`: the ruleset of IBM's checker by default). */
export const IBM_POLICY = 'IBM_Accessibility'

/**
 * Findings the engine reports wrongly, each as narrow as it can be: a rule on one element (an XPath ending),
 * with the reason. A rule is never silenced for every element.
 */
const FALSE_POSITIVES: readonly { ruleId: string; path: RegExp; snippet: RegExp; why: string }[] = [
  {
    // The preference centre (pages/privacy-rights/preferences/Centre.tsx): one form per brand, each with its
    // own fieldset of `channel` checkboxes. The rule scopes a name to an ancestor with an explicit
    // role="form" only, not to the <form> that owns the inputs, so it takes each brand's `channel` boxes for
    // one set split over several groups; they are separate sets, sent by separate forms.
    ruleId: 'input_checkboxes_grouped',
    path: /\/ul\[1\]\/li\[\d+\]\/form\[1\]\/fieldset\[1\]\/label\[\d+\]\/input\[1\]$/,
    snippet: /^<input value="[A-Z]+" name="channel" type="checkbox">$/,
    why: 'checkboxes of one name in separate forms',
  },
  {
    // A table's scroll region (server/documents/markdown.ts, DeskTable, FiguresTable): a named region with
    // tabindex="0", so a keyboard can scroll a table wider than the window (WCAG 2.1.1; axe's
    // scrollable-region-focusable; issue 32 asks for it, desk.spec checks it). The rule passes it while it
    // scrolls and fails it where the table fits; IBM's own WCAG 2.2 ruleset rates the rule a recommendation.
    ruleId: 'element_tabbable_role_valid',
    path: /\/(div|section)\[\d+\]$/,
    // Its attributes in either order: the server writes them one way, React after hydration another.
    snippet:
      /^<(div|section)(?=[^>]* tabindex="0")(?=[^>]* aria-labelledby="[^"]+")(?=[^>]* class="(table-scroll|desk-table__scroll)[ "])(?: (?:tabindex|aria-labelledby|role|class)="[^"]*")+>$/,
    why: 'a named scroll region of a table where the table fits',
  },
]

/** One line per violation on the page as it is now: rule id, element (XPath and snippet) and message. */
export async function ibmViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (globalThis as { ace?: unknown }).ace === 'object')
  if (!loaded) {
    const cdp = await page.context().newCDPSession(page)
    try {
      const { exceptionDetails } = await cdp.send('Runtime.evaluate', { expression: ACE_SOURCE })
      if (exceptionDetails) throw new Error(`ace.js did not load: ${exceptionDetails.text}`)
    } finally {
      await cdp.detach()
    }
  }
  const results = await page.evaluate(async (policy) => {
    type Result = {
      ruleId: string
      value: [string, string]
      message: string
      snippet: string
      path: { dom: string }
    }
    const engine = (globalThis as unknown as { ace: { Checker: new () => unknown } }).ace
    const checker = new engine.Checker() as {
      check: (doc: Document, policies: string[]) => Promise<{ results: Result[] }>
    }
    const report = await checker.check(document, [policy])
    return (
      report.results
        // The engine's pair [rule type, outcome]: level `violation` in IBM's reports is VIOLATION and FAIL.
        .filter(({ value: [type, outcome] }) => type === 'VIOLATION' && outcome === 'FAIL')
        .map(({ ruleId, message, snippet, path }) => ({ ruleId, message, snippet, dom: path.dom }))
    )
  }, IBM_POLICY)
  return results
    .filter(
      (r) =>
        !FALSE_POSITIVES.some(
          (fp) => fp.ruleId === r.ruleId && fp.path.test(r.dom) && fp.snippet.test(r.snippet),
        ),
    )
    .map((r) => `${r.ruleId}: ${r.dom} ${r.snippet.slice(0, 120)} — ${r.message}`)
}
