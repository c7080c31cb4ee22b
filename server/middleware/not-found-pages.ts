import type { Request } from 'express'
import { PAGE_ROOTS } from '#shared/page-roots.ts'
import { followRedirects } from '#shared/redirects.ts'
import { redirectRules } from '#shared/routing.ts'
import type { Site } from '#shared/site.ts'
import { compressBody } from '../compressed'
import type { Logger } from '../logger'
import type { CachedResponse } from '../response-cache'
import { keptFor, type RenderedPage } from './page-delivery'

/**
 * Issue 30 (docs/decisions/011-uncached-renders.md): a path nobody has asked for yet that reaches no page (a
 * made-up `/nl/…`) cost a whole render through Vike for a page whose bytes differ from any other such path's
 * only where the path itself is written: the canonical and alternate links. Such a page is rendered once per
 * host and language for a stand-in path, and each made-up path is written into its bytes in its place.
 */

type Render = (
  url: string,
  headers: Request['headers'],
  site: Site,
  nonce: undefined,
) => Promise<RenderedPage | null>

/**
 * A path the not-found page may take as it is: a language prefix and segments of lower-case letters, digits
 * and hyphens, which HTML writes unescaped. Anything else is routed by Vike as before.
 */
const PLAIN_PATH = /^\/(nl|fr|en)((?:\/[a-z0-9][a-z0-9-]*)+)$/
/** Two stand-in paths: the page for the first, with the second written in, must be the second's page. */
const STAND_INS = ['/zz-not-found-stand-in-a', '/zz-not-found-stand-in-b'] as const

interface Template {
  status: number
  headers: [string, string][]
  /** The page's bytes around each place the stand-in path was written. */
  parts: string[]
  /** How long a copy may be kept (a not-found page's time). */
  maxAgeMs: number
}

export function notFoundPages(render: Render, settings: RenderSettings, logger: Logger) {
  // Per host and language; null: the page did not pass the check, so Vike renders every such path.
  const templates = new Map<string, Promise<Template | null>>()

  const build = async (key: string, site: Site, lang: string, headers: Request['headers']) => {
    const [first, second] = [
      await render(`/${lang}${STAND_INS[0]}`, headers, site, undefined),
      await render(`/${lang}${STAND_INS[1]}`, headers, site, undefined),
    ]
    if (!first || !second || first.status !== 404 || second.status !== 404) {
      // Not the not-found page (the database away, say): asked again next time.
      templates.delete(key)
      return null
    }
    const parts = first.body.split(STAND_INS[0])
    const maxAgeMs = keptFor(first, `/${lang}${STAND_INS[0]}`)
    const same =
      parts.length > 1 &&
      parts.join(STAND_INS[1]) === second.body &&
      JSON.stringify(first.headers) === JSON.stringify(second.headers) &&
      maxAgeMs !== null
    if (!same)
      logger.warn({ host: site.host, lang }, 'the not-found page depends on its path: rendered per path')
    return same && maxAgeMs !== null
      ? { status: first.status, headers: first.headers, parts, maxAgeMs }
      : null
  }

  return {
    /**
     * The not-found page for a path that reaches no page, as the kept copy a render of it would give (same
     * bytes and headers), with how long it may be kept; null when Vike must route the path.
     */
    async page(req: Request, url: string): Promise<{ kept: CachedResponse; maxAgeMs: number } | null> {
      const site = req.site
      const match = PLAIN_PATH.exec(url)
      const [, lang = '', path = ''] = match ?? []
      if (!site || !match || PAGE_ROOTS.has(path.split('/')[1] ?? '')) return null
      // A legacy document path (or any other redirect the pages' router would follow) is not a made-up one.
      if (followRedirects(url, redirectRules(site, settings)).kind !== 'none') return null
      const key = `${site.host}|${lang}`
      let template = templates.get(key)
      if (!template) {
        // A render that fails is not kept either: this path goes to Vike, and the next one tries again.
        template = build(key, site, lang, req.headers).catch(() => {
          templates.delete(key)
          return null
        })
        templates.set(key, template)
      }
      const page = await template
      if (!page) return null
      const body = await compressBody(page.parts.join(path))
      return { kept: { status: page.status, headers: page.headers, body }, maxAgeMs: page.maxAgeMs }
    },
  }
}
