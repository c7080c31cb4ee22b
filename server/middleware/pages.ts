import type { RequestHandler } from 'express'
import { renderPage } from 'vike/server'
import type { DocumentStore } from '../documents/store'
import type { PrivacyRequestService } from '../services/privacy-requests'
import type { SearchService } from '../services/search'

/**
 * Hands a page request to Vike with the resolved site and the response's CSP nonce. Vike's own CSP
 * header is skipped: helmet's policy is the one that counts (DESIGN.md §5).
 */
export function pages(
  settings: RenderSettings,
  services: { documents: DocumentStore; privacyRequests: PrivacyRequestService; searchIndex: SearchService },
): RequestHandler {
  return async (req, res, next) => {
    const pageContext = await renderPage({
      urlOriginal: req.originalUrl,
      headersOriginal: req.headers,
      site: req.site,
      settings,
      ...services,
      cspNonce: res.locals.cspNonce as string,
    })
    const { httpResponse } = pageContext
    if (!httpResponse) {
      next()
      return
    }
    res.status(httpResponse.statusCode)
    for (const [name, value] of httpResponse.headers) {
      if (name.toLowerCase() !== 'content-security-policy') res.setHeader(name, value)
    }
    // The HTML carries this response's nonce, so it must never be served from a cache.
    res.setHeader('Cache-Control', 'no-store')
    httpResponse.pipe(res)
  }
}
