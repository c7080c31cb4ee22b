import type { RequestHandler } from 'express'
import { renderPage } from 'vike/server'
import type { Country } from '#shared/site.ts'
import { BRANDS } from '../brands'
import type { DocumentStore } from '../documents/store'
import type { ComplaintDesk } from '../services/complaint-desk'
import type { DeskService } from '../services/desk'
import type { PoliticalAdsService } from '../services/political-ads'
import type { PrivacyRequestService } from '../services/privacy-requests'
import type { SearchService } from '../services/search'
import type { StaffService } from '../services/staff'

/** Stands for the response's CSP nonce in a rendered page kept for reuse; never a real nonce. */
const NONCE_SLOT = 'nonce-slot-7f3c9a1e'
const CACHE_LIMIT = 500
/**
 * Pages whose content is read from the database, not loaded at start-up: the transparency centre's list and
 * notices change by import (another process), withdrawal and the retention job (issue 18), so a kept
 * rendering would show a corrected, withdrawn or removed notice as it was. They are always rendered.
 */
const LIVE_PAGES = /^\/(?:nl|fr|en)\/political-ads(?:\/|$)/

interface RenderedPage {
  status: number
  headers: [string, string][]
  body: string
}

/**
 * Hands a page request to Vike with the resolved site and the response's CSP nonce. Vike's own CSP
 * header is skipped: helmet's policy is the one that counts (DESIGN.md §5).
 *
 * A page without a query string depends only on the host and the path: content and phrases are loaded
 * once at start-up and per-visitor state lives in the browser. Such pages are rendered once with a nonce
 * slot and served again with each response's own nonce; pages with a query (a verification token, a
 * search) and the transparency centre's (LIVE_PAGES) are always rendered. Browsers and proxies still get `no-store`: the HTML carries a nonce.
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
    /** The countries the desk shows (STAFF_COUNTRIES). */
    staffCountries: readonly Country[]
  },
  options: { reuse: boolean } = { reuse: true },
): RequestHandler {
  const rendered = new Map<string, RenderedPage>()

  const render = async (
    urlOriginal: string,
    headers: Record<string, string | string[] | undefined>,
    site: unknown,
    nonce: string,
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
      ...staffContext,
      cspNonce: nonce,
    })
    const { httpResponse } = pageContext
    if (!httpResponse) return null
    return {
      status: httpResponse.statusCode,
      headers: [...httpResponse.headers].filter(([name]) => name.toLowerCase() !== 'content-security-policy'),
      body: await httpResponse.getBody(),
    }
  }

  return async (req, res, next) => {
    const nonce = res.locals.cspNonce as string
    // The staff area depends on who is signed in: never reused. The staff gate may ask for another page.
    const staffPage = res.locals.staff !== undefined
    const url = (res.locals.pageUrl as string | undefined) ?? req.originalUrl
    const reusable =
      options.reuse &&
      req.method === 'GET' &&
      !url.includes('?') &&
      req.site !== undefined &&
      !staffPage &&
      !LIVE_PAGES.test(url)
    const key = `${req.site?.host}|${url}`
    let page: RenderedPage | null | undefined = reusable ? rendered.get(key) : undefined
    if (!page) {
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
        : {}
      page = await render(url, req.headers, req.site, reusable ? NONCE_SLOT : nonce, staffContext)
      if (!page) {
        next()
        return
      }
      if (reusable && (page.status === 200 || page.status === 404)) {
        if (rendered.size >= CACHE_LIMIT) rendered.clear()
        rendered.set(key, page)
      }
    }
    res.status((res.locals.pageStatus as number | undefined) ?? page.status)
    for (const [name, value] of page.headers) res.setHeader(name, value)
    res.setHeader('Cache-Control', 'no-store')
    res.send(reusable ? page.body.replaceAll(NONCE_SLOT, nonce) : page.body)
  }
}
