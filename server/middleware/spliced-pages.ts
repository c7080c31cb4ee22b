import type { Request } from 'express'
import type { Site } from '#shared/site.ts'
import { compressBody, preferredEncoding } from '../compressed'
import type { Logger } from '../logger'
import type { CachedResponse } from '../response-cache'
import { keptFor, type RenderedPage } from './page-delivery'

/**
 * Issue 30 (docs/decisions/011-uncached-renders.md): pages that differ from one another only where a
 * visitor's own words are written (a made-up path's not-found page, a search that found nothing) are
 * rendered once through Vike for a stand-in, and each visitor's words are written into its bytes in the
 * stand-in's place. A template is taken only when the page for a second stand-in, written the same way, is
 * byte for byte the page Vike renders for it; it is rendered again once a copy of it could no longer be kept.
 */

type Render = (
  url: string,
  headers: Request['headers'],
  site: Site,
  nonce: undefined,
) => Promise<RenderedPage | null>

/** A stand-in: the URL rendered for it, and each way the page writes it (as text, as in the URL). */
export interface StandIn {
  url: string
  forms: readonly string[]
}

interface Template {
  status: number
  headers: [string, string][]
  /** The page's bytes around each place a stand-in was written, and which of its forms each place held. */
  parts: string[]
  gaps: number[]
  maxAgeMs: number
  /** When it must be rendered again (ms since the epoch). */
  until: number
}

export interface SplicedAnswer {
  kept: CachedResponse
  maxAgeMs: number
}

export function splicedPages(render: Render, logger: Logger, now: () => number = Date.now) {
  // Per page kind, host and language; null: the page did not pass the check, so Vike renders each one.
  const templates = new Map<string, Promise<Template | null>>()

  const build = async (
    site: Site,
    headers: Request['headers'],
    [first, second]: readonly [StandIn, StandIn],
    stillFits: () => Promise<boolean>,
  ): Promise<Template | null> => {
    const pages = [
      await render(first.url, headers, site, undefined),
      await render(second.url, headers, site, undefined),
    ]
    const [a, b] = pages
    // Not the page for made-up words (the database away, say): asked again next time.
    if (!a || !b || a.status !== b.status || !(await stillFits())) return null
    const maxAgeMs = keptFor(a, first.url)
    const { parts, gaps } = cut(a.body, first.forms)
    const same =
      gaps.length > 0 &&
      join(parts, gaps, second.forms) === b.body &&
      JSON.stringify(a.headers) === JSON.stringify(b.headers) &&
      maxAgeMs !== null
    if (!same || maxAgeMs === null) {
      logger.warn(
        { host: site.host, url: first.url },
        'the page depends on more than the words written in: rendered each time',
      )
      return null
    }
    return { status: a.status, headers: a.headers, parts, gaps, maxAgeMs, until: now() + maxAgeMs }
  }

  /**
   * The page for `words` (each of the stand-ins' forms, in order), as the kept copy a render of it would give:
   * same bytes and headers, compressed in the encoding the request takes. Null when Vike must render it.
   * `stillFits` says again, after the stand-ins were rendered, that the page for them is the kind asked for.
   */
  return async function spliced(
    req: Request,
    key: string,
    standIns: readonly [StandIn, StandIn],
    words: readonly string[],
    stillFits: () => Promise<boolean>,
  ): Promise<SplicedAnswer | null> {
    const site = req.site
    if (!site) return null
    let template = templates.get(key)
    const current = template && (await template)
    if (!template || (current && current.until <= now())) {
      // A render that fails is not kept either: this request goes to Vike, and the next one tries again.
      template = build(site, req.headers, standIns, stillFits).then(
        (built) => {
          if (!built) templates.delete(key)
          return built
        },
        () => {
          templates.delete(key)
          return null
        },
      )
      templates.set(key, template)
    }
    const page = await template
    if (!page) return null
    const body = await compressBody(
      join(page.parts, page.gaps, words),
      preferredEncoding(req.headers['accept-encoding']),
    )
    return { kept: { status: page.status, headers: page.headers, body }, maxAgeMs: page.maxAgeMs }
  }
}

/** `body` cut at each place one of `forms` is written: the pieces between, and which form each place held. */
function cut(body: string, forms: readonly string[]): { parts: string[]; gaps: number[] } {
  const pattern = new RegExp(
    [...forms]
      .sort((x, y) => y.length - x.length)
      .map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|'),
    'g',
  )
  const parts: string[] = []
  const gaps: number[] = []
  let from = 0
  for (const match of body.matchAll(pattern)) {
    parts.push(body.slice(from, match.index))
    gaps.push(forms.indexOf(match[0]))
    from = match.index + match[0].length
  }
  parts.push(body.slice(from))
  return { parts, gaps }
}

function join(parts: readonly string[], gaps: readonly number[], words: readonly string[]): string {
  let body = parts[0] ?? ''
  for (let i = 0; i < gaps.length; i++) body += (words[gaps[i] ?? 0] ?? '') + (parts[i + 1] ?? '')
  return body
}
