// https://vike.dev/onBeforeRoute
import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { followRedirects, REDIRECT_LOOP } from '#shared/redirects.ts'
import { languageContext, redirectRules, routeLanguage } from '#shared/routing.ts'

/**
 * Runs once per request, before routing: resolves redirects (language prefix, legacy paths), then strips
 * the language prefix (spec §2) and puts the language and locale on the page context.
 */
export function onBeforeRoute(pageContext: PageContextServer) {
  const { urlOriginal, site } = pageContext
  // Issue 26: the server found the database away while handling this URL; the error page says so.
  if (pageContext.databaseUnavailable) throw render(503)
  // Issue 30: the client asked for more new pages than PAGE_RENDERS_PER_MINUTE; the error page says so.
  if (pageContext.tooManyRenders) throw render(429)
  // A wrong language prefix is a 404 as it stands: no redirect may lead it anywhere else first.
  if (routeLanguage(urlOriginal).kind !== 'not-found') {
    const outcome = followRedirects(urlOriginal, redirectRules(site, pageContext.settings))
    if (outcome.kind === 'loop') throw render(500, REDIRECT_LOOP)
    if (outcome.kind === 'redirect') throw redirect(outcome.to as `/${string}`, outcome.permanent ? 301 : 302)
  }
  return { pageContext: languageContext(urlOriginal, site) }
}
