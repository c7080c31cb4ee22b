import type { Request } from 'express'
import { PAGE_ROOTS } from '#shared/page-roots.ts'
import { followRedirects } from '#shared/redirects.ts'
import { redirectRules } from '#shared/routing.ts'
import type { SplicedAnswer, splicedPages } from './spliced-pages'

/**
 * Issue 30 (docs/decisions/011-uncached-renders.md): a path nobody has asked for yet that reaches no page (a
 * made-up `/nl/…`) cost a whole render through Vike for a page whose bytes differ from any other such path's
 * only where the path itself is written: the canonical and alternate links. Such a page is rendered once per
 * host and language for a stand-in path, and each made-up path is written into its bytes in its place.
 */

/**
 * A path the not-found page may take as it is: a language prefix and segments of lower-case letters, digits
 * and hyphens, which HTML writes unescaped. Anything else is routed by Vike as before.
 */
const PLAIN_PATH = /^\/(nl|fr|en)((?:\/[a-z0-9][a-z0-9-]*)+)$/
/** Two stand-in paths: the page for the first, with the second written in, must be the second's page. */
const STAND_INS = ['/zz-not-found-stand-in-a', '/zz-not-found-stand-in-b'] as const

export function notFoundPages(spliced: ReturnType<typeof splicedPages>, settings: RenderSettings) {
  return {
    /**
     * The not-found page for a path that reaches no page, as the kept copy a render of it would give (same
     * bytes and headers), with how long it may be kept; null when Vike must route the path.
     */
    async page(req: Request, url: string): Promise<SplicedAnswer | null> {
      const site = req.site
      const match = PLAIN_PATH.exec(url)
      const [, lang = '', path = ''] = match ?? []
      if (!site || !match || PAGE_ROOTS.has(path.split('/')[1] ?? '')) return null
      // A legacy document path (or any other redirect the pages' router would follow) is not a made-up one.
      if (followRedirects(url, redirectRules(site, settings)).kind !== 'none') return null
      const standIn = (path: string) => ({ url: `/${lang}${path}`, forms: [path] })
      return spliced(
        req,
        `not-found|${site.host}|${lang}`,
        [standIn(STAND_INS[0]), standIn(STAND_INS[1])],
        [path],
        async () => true,
      )
    },
  }
}
