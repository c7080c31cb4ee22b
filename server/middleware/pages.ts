import type { Request, RequestHandler, Response } from 'express'
import { render as abortWith } from 'vike/abort'
import { renderPage } from 'vike/server'
import type { Country } from '#shared/site.ts'
import { BRANDS } from '../brands'
import { compressBody, sendCompressed } from '../compressed'
import { isDatabaseUnavailable } from '../db/unavailable'
import type { DocumentStore } from '../documents/store'
import type { Logger } from '../logger'
import { type CachedResponse, type ResponseCache, singleFlight } from '../response-cache'
import type { ComplaintDesk } from '../services/complaint-desk'
import type { DeskService } from '../services/desk'
import type { FiguresService } from '../services/figures'
import type { PoliticalAdsService } from '../services/political-ads'
import type { PreferenceService } from '../services/preferences'
import type { PrivacyRequestService } from '../services/privacy-requests'
import type { RequesterAccess } from '../services/requester-access'
import type { SearchService } from '../services/search'
import type { StaffService } from '../services/staff'
import { RETRY_AFTER_SECONDS } from './errors'

/** Not-found pages may come from the database (a notice not imported yet): kept this long at most. */
const NOT_FOUND_MAX_AGE_MS = 10_000
/** A page kept per query string (a search) is one of many a visitor can make up: kept a minute at most. */
const QUERY_MAX_AGE_MS = 60_000

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
    /** Issue 28: the reader's preference centre. */
    preferences: PreferenceService
    /** Issue 29: the figures page (public) and the desk's figures. */
    figures: FiguresService
    /** The countries the desk shows (STAFF_COUNTRIES). */
    staffCountries: readonly Country[]
    logger: Logger
  },
  /** Null renders every request (development: edits show at once). */
  cache: ResponseCache | null,
): PagesHandler {
  const render = async (
    urlOriginal: string,
    headers: Record<string, string | string[] | undefined>,
    site: unknown,
    nonce: string | undefined,
    context: Record<string, unknown> = {},
  ) => {
    // Issue 26: a page whose data finds the database away answers 503, as the API does: the 503 error page
    // (Vike's abort), or the page's own failure state where its data shows one (the transparency centre).
    let outage: unknown = null
    const guarded = <T extends object>(service: T) =>
      abortingOnOutage(service, (error) => {
        if (!isDatabaseUnavailable(error)) return error
        outage = error
        return abortWith(503)
      })
    const pageContext = await renderPage({
      urlOriginal,
      headersOriginal: headers,
      site,
      settings,
      brands: BRANDS,
      documents: services.documents,
      privacyRequests: guarded(services.privacyRequests),
      searchIndex: services.searchIndex,
      politicalAds: guarded(services.politicalAds),
      desk: guarded(services.desk),
      complaintDesk: guarded(services.complaintDesk),
      requesterAccess: guarded(services.requesterAccess),
      preferences: guarded(services.preferences),
      figures: guarded(services.figures),
      ...context,
      ...(context.staff ? { staff: guarded(services.staff) } : {}),
      // Development only: Vite's scripts are inline there (production pages have none, see the record).
      ...(nonce ? { cspNonce: nonce } : {}),
    })
    const { httpResponse } = pageContext
    if (!httpResponse) return null
    if (outage) services.logger.warn({ err: outage, path: urlOriginal.split('?')[0] }, 'database unavailable')
    return {
      status: outage ? 503 : httpResponse.statusCode,
      headers: [...httpResponse.headers].filter(([name]) => name.toLowerCase() !== 'content-security-policy'),
      body: await httpResponse.getBody(),
      pageCache: pageContext.config?.pageCache,
    }
  }

  // A burst of requests for a page not kept yet renders it once.
  const once = singleFlight<{ kept: CachedResponse } | { rendered: RenderedPage } | null>()

  const handler: RequestHandler = async (req, res, next) => {
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
  const unavailable = async (req: Request, res: Response) => {
    const page = await render(
      req.originalUrl,
      req.headers,
      req.site,
      res.locals.cspNonce as string | undefined,
      {
        databaseUnavailable: true,
      },
    )
    if (!page) throw new Error('The error page did not render')
    res.locals.pageStatus = 503
    sendRendered(res, page)
  }
  return Object.assign(handler, { unavailable })
}

/**
 * The service as pages call it, whose calls that find the database away throw what `outage` makes of the
 * error (Vike's abort to the 503 page) instead of failing the page with a 500; other errors pass unchanged.
 */
function abortingOnOutage<T extends object>(service: T, outage: (error: unknown) => unknown): T {
  return new Proxy(service, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        try {
          const result: unknown = value.apply(target, args)
          return result instanceof Promise
            ? result.catch((error: unknown) => {
                throw outage(error)
              })
            : result
        } catch (error) {
          throw outage(error)
        }
      }
    },
  })
}

/** A page that is not kept: staff pages, pages with a personal token, redirects, errors. */
function sendRendered(res: Response, page: RenderedPage) {
  const status = (res.locals.pageStatus as number | undefined) ?? page.status
  res.status(status)
  for (const [name, value] of page.headers) res.setHeader(name, value)
  res.setHeader('Cache-Control', 'no-store')
  // The database is away (issue 26): as the API, the page says when to try again.
  if (status === 503) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS))
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
