import { Router } from 'express'
import { HttpError } from '../http-error'
import { siteOf } from '../middleware/site'
import { publicDocument } from './audience'
import { openApiDocument } from './document'
import { REFERENCE_STYLESHEET, referencePage } from './reference-page'
import { REFERENCE_CSS } from './reference-style'

/** The reference page's one file (issue 32): its stylesheet, a file so the CSP needs no inline style. */
const REFERENCE_FILES = new Map([[REFERENCE_STYLESHEET.split('/').pop(), REFERENCE_CSS]])

/**
 * Issue 17: `GET /api/openapi.json` (OpenAPI 3.1, the server URL from the host table) and its reference
 * page `GET /api/docs`, rendered on the server from the same document (issue 32, reference-page.ts).
 */
export function openApiRouter(): Router {
  const router = Router({ caseSensitive: true })
  // A public host describes the public and client API; the staff API is described on the staff hosts.
  const documentFor = (req: Parameters<typeof siteOf>[0]) => {
    const site = siteOf(req)
    const document = openApiDocument(site.origin)
    return site.toggles.INTERNAL_PRIVACY_RIGHTS ? document : publicDocument(document)
  }
  router.get('/openapi.json', (req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(documentFor(req))
  })
  router.get('/docs', (req, res) => {
    res
      .type('html')
      .set('Cache-Control', 'public, max-age=300')
      .send(referencePage(documentFor(req)))
  })
  router.get('/docs/assets/:file', (req, res, next) => {
    const css = REFERENCE_FILES.get(req.params.file)
    if (css === undefined) {
      next(new HttpError(404, 'NOT_FOUND', 'No such file'))
      return
    }
    res.type('text/css').set('Cache-Control', 'public, max-age=86400').send(css)
  })
  return router
}
