import { render as abortWith } from 'vike/abort'
import { renderPage } from 'vike/server'
import type { PageContextServices } from '#shared/page-services.ts'
import type { Country } from '#shared/site.ts'
import { BRANDS } from '../brands'
import { isDatabaseUnavailable } from '../db/unavailable'
import type { Logger } from '../logger'

/** Issue 31 (moved from pages.ts): a page rendered by Vike with the services its data reads. */

/**
 * What the pages' data may call (the page context's services): the server's services, seen through the
 * interfaces of shared/page-services.ts that global.d.ts gives pages, so each service must implement its own.
 */
export interface PageServices extends PageContextServices {
  /** The countries the desk shows (STAFF_COUNTRIES). */
  staffCountries: readonly Country[]
  logger: Logger
}

/** Renders a page: null when Vike has none for the URL; a 503 when its data found the database away. */
export function pageRenderer(settings: RenderSettings, services: PageServices) {
  return async (
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
