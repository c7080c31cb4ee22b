import type { Request, RequestHandler, Response } from 'express'
import { renderPage } from 'vike/server'
import type { Country } from '#shared/site.ts'
import { BRANDS } from '../brands'
import { compressBody, sendCompressed } from '../compressed'
import type { DocumentStore } from '../documents/store'
import { type CachedResponse, type ResponseCache, singleFlight } from '../response-cache'
import type { ComplaintDesk } from '../services/complaint-desk'
import type { DeskService } from '../services/desk'
import type { FiguresService } from '../services/figures'
import type { PoliticalAdsService } from '../services/political-ads'
import type { PrivacyRequestService } from '../services/privacy-requests'
import type { RequesterAccess } from '../services/requester-access'
import type { SearchService } from '../services/search'
import type { StaffService } from '../services/staff'

/** Not-found pages may come from the database (a notice not imported yet): kept this long at most. */
const NOT_FOUND_MAX_AGE_MS = 10_000
/** A page kept per query string (a search) is one of many a visitor can make up: kept a minute at most. */
const QUERY_MAX_AGE_MS = 60_000

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
  services: {
    documents: DocumentStore
    privacyRequests: PrivacyRequestService
    searchIndex: SearchService
    politicalAds: PoliticalAdsService
    staff: StaffService
    desk: DeskService
    complaintDesk: ComplaintDesk
    /** Issue 25: the requester's status page (its code, its package). */
    requesterAccess: RequesterAccess
    /** Issue 29: the figures page (public) and the desk's figures. */
    figures: FiguresService
    /** The countries the desk shows (STAFF_COUNTRIES). */
    staffCountries: readonly Country[]
  },
  /** Null renders every request (development: edits show at once). */
  cache: ResponseCache | null,
): RequestHandler {
  const render = async (
    urlOriginal: string,
    headers: Record<string, string | string[] | undefined>,
    site: unknown,
    nonce: string | undefined,
    staffContext: Record<string, unknown> = {},
  ) => {
    const pageContext = await renderPage({
      urlOriginal,
      headersOriginal: headers,
      site,
      settings,
      brands: BRANDS,
      documents: services.documents,
      privacyRequests: services.privacyRequests,
      searchIndex: services.searchIndex,
      politicalAds: services.politicalAds,
      desk: services.desk,
      complaintDesk: services.complaintDesk,
      requesterAccess: services.requesterAccess,
      figures: services.figures,
      ...staffContext,
      // Development only: Vite's scripts are inline there (production pages have none, see the record).
      ...(nonce ? { cspNonce: nonce } : {}),
    })
    const { httpResponse } = pageContext
    if (!httpResponse) return null
    return {
      status: httpResponse.statusCode,
      headers: [...httpResponse.headers].filter(([name]) => name.toLowerCase() !== 'content-security-policy'),
      body: await httpResponse.getBody(),
      pageCache: pageContext.config?.pageCache,
    }
  }

  // A burst of requests for a page not kept yet renders it once.
  const once = singleFlight<{ kept: CachedResponse } | { rendered: RenderedPage } | null>()

  return async (req, res, next) => {
    // The staff area depends on who is signed in: never kept. The staff gate may ask for another page.
    const staffPage = res.locals.staff !== undefined
    // What a router adds for this visitor alone (the status page's unlock, issue 25): never kept either.
    const visitorContext = res.locals.pageContext as Record<string, unknown> | undefined
    const url = (res.locals.pageUrl as string | undefined) ?? req.originalUrl
    if (cache === null || staffPage || visitorContext || req.site === undefined) {
      const staffContext = staffPage
        ? {
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
        : (visitorContext ?? {})
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
    const key = `${req.site.host}|${url}`
    const hit = cache.get(key)
    if (hit) {
      send(req, res, hit, url)
      return
    }
    const outcome = await once(key, async () => {
      const rendered = await render(url, req.headers, req.site, undefined)
      if (!rendered) return null
      const maxAgeMs = keptFor(rendered, url)
      if (maxAgeMs === null) return { rendered }
      const kept: CachedResponse = {
        status: rendered.status,
        headers: rendered.headers,
        body: await compressBody(rendered.body),
        ...(rendered.pageCache && rendered.pageCache.tag !== undefined
          ? { tag: rendered.pageCache.tag }
          : {}),
      }
      const shelf = rendered.status === 200 && !url.includes('?') ? 'pages' : 'other'
      cache.set(key, kept, { shelf, maxAgeMs: maxAgeMs === Infinity ? undefined : maxAgeMs })
      return { kept }
    })
    if (!outcome) next()
    else if ('kept' in outcome) send(req, res, outcome.kept, url)
    else sendRendered(res, outcome.rendered)
  }
}

/** A page that is not kept: staff pages, pages with a personal token, redirects, errors. */
function sendRendered(res: Response, page: RenderedPage) {
  res.status((res.locals.pageStatus as number | undefined) ?? page.status)
  for (const [name, value] of page.headers) res.setHeader(name, value)
  res.setHeader('Cache-Control', 'no-store')
  res.send(page.body)
}

interface RenderedPage {
  status: number
  headers: [string, string][]
  body: string
  pageCache: Vike.PageCacheSetting | undefined
}

/** How long a rendered page may be served again (Infinity: while the process runs); null: not at all. */
function keptFor(page: RenderedPage, url: string): number | null {
  const setting = page.pageCache
  if (setting === false || (page.status !== 200 && page.status !== 404)) return null
  if (url.includes('?') && !setting?.perQuery) return null
  return Math.min(
    setting?.maxAgeSeconds === undefined ? Infinity : setting.maxAgeSeconds * 1000,
    page.status === 404 ? NOT_FOUND_MAX_AGE_MS : Infinity,
    url.includes('?') ? QUERY_MAX_AGE_MS : Infinity,
  )
}

function send(req: Request, res: Response, page: CachedResponse, url: string) {
  res.status(page.status)
  for (const [name, value] of page.headers) res.setHeader(name, value)
  // A query string may hold what a visitor typed: such a copy stays out of browser and proxy caches.
  res.setHeader('Cache-Control', url.includes('?') ? 'no-store' : 'no-cache')
  sendCompressed(req, res, page.body)
}
