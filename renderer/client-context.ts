import type { PageContext } from 'vike/types'
import { jsonForScript } from '#shared/html.ts'

/**
 * What a React root in the browser is given of the page context: the site, the language, the phrases of
 * the page's namespaces, where it is, the staff member on staff pages, and the page's data. Nothing the
 * server holds besides (services, settings) ever leaves it.
 */
export type ClientPageContext = Pick<
  PageContext,
  'site' | 'lang' | 'locale' | 'phrases' | 'logicalPath' | 'search' | 'staffMember' | 'staffSignIn' | 'data'
>

/** An island's script (renderer/islands/): hydrates the island's root; `hydrated` runs once React has. */
export type IslandMount = (root: HTMLElement, context: ClientPageContext, hydrated: () => void) => void

/** The phrase namespace of the shell (renderer/+config.ts), rendered on the server only. */
const SHELL_PHRASES = 'layout.'

/** The id of the JSON element a form page's page context travels in. */
export const PAGE_CONTEXT_ID = 'page-context'

export function clientPageContext(pageContext: PageContext): ClientPageContext {
  const { site, lang, locale, phrases, logicalPath, search, staffMember, staffSignIn, config } = pageContext
  // A page's +clientData.ts says what of its data the browser needs; by default all of it.
  const data = config.clientData ? config.clientData(pageContext.data as never) : pageContext.data
  return {
    site,
    lang,
    locale,
    phrases: withoutShell(phrases),
    logicalPath,
    search,
    staffMember,
    staffSignIn,
    data,
  }
}

/** The page's phrases less the shell's, once per phrases object (one per locale and namespace set). */
const pagePhrases = new WeakMap<PageContext['phrases'], PageContext['phrases']>()
function withoutShell(phrases: PageContext['phrases']): PageContext['phrases'] {
  let kept = pagePhrases.get(phrases)
  if (!kept) {
    // The shell's phrases stay on the server: the shell is never hydrated.
    kept = Object.fromEntries(Object.entries(phrases).filter(([key]) => !key.startsWith(SHELL_PHRASES)))
    pagePhrases.set(phrases, kept)
  }
  return kept
}

/** A `<script type="application/json">` element holding `context` (not executed: CSP has no say in it). */
export function contextScript(context: unknown, id?: string): string {
  return `<script type="application/json"${id ? ` id="${id}"` : ''}>${jsonForScript(context)}</script>`
}

/** Reads the page context the server put beside the HTML; null when there is none. */
export function readContext(element: Element | null): ClientPageContext | null {
  const json = element?.textContent
  // Written by contextScript on the server, from clientPageContext.
  return json ? (JSON.parse(json) as ClientPageContext) : null
}
