import type { Request, RequestHandler, Response } from 'express'
import { compressBody, type Encoding, preferredEncoding } from '../compressed'
import { type CachedResponse, type ResponseCache, type Shelf, singleFlight } from '../response-cache'
import { notFoundPages } from './not-found-pages'
import { nothingFoundPages } from './nothing-found-pages'
import { keptFor, pageKey, type RenderedPage, send, sendRendered } from './page-delivery'
import { type PageServices, pageRenderer } from './page-render'
import type { RenderLimit } from './render-limit'
import { tooManyRenders } from './render-refused'
import { splicedPages } from './spliced-pages'

/** The page handler, and the page that says the service is briefly away (issue 26). */
export interface PagesHandler extends RequestHandler {
  /**
   * Answers 503 with Retry-After and the error page saying the service is briefly unavailable, in the
   * language of the request's URL: for a page request that found the database away outside Vike (the staff
   * gate's session, the confirm button's POST).
   */
  unavailable(req: Request, res: Response): Promise<void>
}

/**
 * Hands a page request to Vike with the resolved site. Vike's own CSP header is skipped: helmet's policy is
 * the one that counts (DESIGN.md §5, docs/decisions/006-page-delivery-and-csp.md).
 *
 * Issue 19: a public page depends only on the site and its URL (content and phrases are loaded at start-up;
 * per-visitor state lives in the browser), so it is rendered once, compressed once (br, gzip) and served
 * again with an ETag: a browser revalidates it (`Cache-Control: no-cache`) and gets `304` while it holds the
 * current copy. A page says in its `+config.ts` how long a copy may be served (`pageCache: { maxAgeSeconds }`
 * when it reads the database), whether its query string may select a copy (`perQuery`, for a search), or
 * that it is never kept (`false`, pages with a personal token). Staff pages are never kept, and every page
 * that is not kept, or has a query string, is `no-store`.
 */
export function pages(
  settings: RenderSettings,
  services: PageServices,
  /** Null renders every request (development: edits show at once). */
  cache: ResponseCache | null,
  /** Issue 30: the renders a client may cause (PAGE_RENDERS_PER_MINUTE); null: no limit. */
  limit: RenderLimit | null = null,
): PagesHandler {
  const render = pageRenderer(settings, services)
  const refuse = tooManyRenders(render)
  const spliced = splicedPages(render, services.logger)
  const notFound = notFoundPages(spliced, settings)
  const nothingFound = nothingFoundPages(spliced, services)

  // A burst of requests for a page not kept yet renders it once.
  const once = singleFlight<{ kept: CachedResponse } | { rendered: RenderedPage } | null>()

  const handler: RequestHandler = async (req, res, next) => {
    // The staff area depends on who is signed in: never kept. The staff gate may ask for another page.
    const staffPage = res.locals.staff !== undefined
    // What a router adds for this visitor alone (the status page's unlock, issue 25): never kept either.
    const visitorContext = res.locals.pageContext as Record<string, unknown> | undefined
    const url = (res.locals.pageUrl as string | undefined) ?? req.originalUrl
    if (cache === null || staffPage || visitorContext || req.site === undefined) {
      const staffContext = staffPage ? staffContextOf(res, services) : (visitorContext ?? {})
      const page = await render(
        url,
        req.headers,
        req.site,
        res.locals.cspNonce as string | undefined,
        staffContext,
      )
      if (page) sendRendered(res, page)
      else next()
      return
    }
    const key = pageKey(req.site.host, url)
    const hit = cache.get(key)
    if (hit) {
      send(req, res, hit, url)
      return
    }
    // Not kept: this answer costs a render, which counts against the client's limit (issue 30).
    const wait = await limit?.over(req)
    if (wait) {
      await refuse(req, res, wait)
      return
    }
    const outcome = await once(key, async () => {
      // A made-up path that reaches no page, or made-up words that find nothing: the page rendered once, the
      // path or words written in, kept as a render of it would be (the same URL asked again is a kept answer).
      const made = (await notFound.page(req, url)) ?? (await nothingFound.page(req, url))
      if (made) return keep(cache, key, made.kept, 'other', made.maxAgeMs)
      const rendered = await render(url, req.headers, req.site, undefined)
      if (!rendered) return null
      const maxAgeMs = keptFor(rendered, url)
      if (maxAgeMs === null) return { rendered }
      const shelf = rendered.status === 200 && !url.includes('?') ? 'pages' : 'other'
      // A page for a query string is seldom asked for again: compressed for this client's encoding first.
      const asked = url.includes('?') ? preferredEncoding(req.headers['accept-encoding']) : undefined
      return keep(cache, key, await keptCopy(rendered, asked), shelf, maxAgeMs)
    })
    if (!outcome) next()
    else if ('kept' in outcome) send(req, res, outcome.kept, url)
    else sendRendered(res, outcome.rendered)
  }
  const unavailable = async (req: Request, res: Response) => {
    const nonce = res.locals.cspNonce as string | undefined
    const page = await render(req.originalUrl, req.headers, req.site, nonce, { databaseUnavailable: true })
    if (!page) throw new Error('The error page did not render')
    res.locals.pageStatus = 503
    sendRendered(res, page)
  }
  return Object.assign(handler, { unavailable })
}

/** What a staff page's data reads of who is signed in (the staff gate set it). */
function staffContextOf(res: Response, services: PageServices) {
  return {
    staffMember: res.locals.staff
      ? { name: res.locals.staff.name, email: res.locals.staff.email, roles: res.locals.staff.roles }
      : null,
    staffIdentity: res.locals.staff ?? null,
    staffSignIn: res.locals.staffSignIn ?? null,
    staff: services.staff,
    deskActor: res.locals.staff?.roles.includes('privacy-team')
      ? { ...res.locals.staff, countries: services.staffCountries }
      : null,
  }
}

/** A rendered page as the cache keeps it: its body compressed, its tag to forget it by. */
async function keptCopy(rendered: RenderedPage, asked?: Encoding): Promise<CachedResponse> {
  return {
    status: rendered.status,
    headers: rendered.headers,
    body: await compressBody(rendered.body, asked),
    ...(rendered.pageCache && rendered.pageCache.tag !== undefined ? { tag: rendered.pageCache.tag } : {}),
  }
}

/** Keeps a copy for `maxAgeMs` (Infinity: until newer answers push it out). */
function keep(cache: ResponseCache, key: string, kept: CachedResponse, shelf: Shelf, maxAgeMs: number) {
  cache.set(key, kept, { shelf, maxAgeMs: maxAgeMs === Infinity ? undefined : maxAgeMs })
  return { kept }
}
