import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Router } from 'express'
import { escapeHtml } from '#shared/html.ts'
import { HttpError } from '../http-error'
import { siteOf } from '../middleware/site'
import { publicDocument } from './audience'
import { openApiDocument } from './document'

/**
 * The renderer's own files (issue 27): only what the page loads is served, never the rest of the package
 * (its stock index page, README, source maps, other builds).
 */
const SWAGGER_UI_FILES = new Map([
  ['swagger-ui.css', 'text/css'],
  ['swagger-ui-bundle.js', 'application/javascript'],
])

/** Swagger UI's files, from the maintained `swagger-ui-dist` package, served from our own origin. */
const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

/** Starts Swagger UI on our document: a file of our own, so the CSP needs no inline script. */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#api', deepLinking: true })
})
`

/**
 * Issue 17: `GET /api/openapi.json` (OpenAPI 3.1, the server URL from the host table) and its reference
 * page `GET /api/docs`.
 */
export function openApiRouter(): Router {
  const router = Router({ caseSensitive: true })
  router.get('/openapi.json', (req, res) => {
    const site = siteOf(req)
    const document = openApiDocument(site.origin)
    // A public host describes the public and client API; the staff API is described on the staff hosts.
    res
      .set('Cache-Control', 'public, max-age=300')
      .json(site.toggles.INTERNAL_PRIVACY_RIGHTS ? document : publicDocument(document))
  })
  router.get('/docs', (_req, res) => {
    const title = 'DPG Media privacy site API'
    res
      .type('html')
      .set('Cache-Control', 'public, max-age=300')
      .send(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<main id="api"><h1>${escapeHtml(title)}</h1><p><a href="/api/openapi.json">OpenAPI 3.1 document</a></p></main>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`)
  })
  router.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').set('Cache-Control', 'public, max-age=300').send(INIT_SCRIPT)
  })
  router.get('/docs/assets/:file', (req, res, next) => {
    const type = SWAGGER_UI_FILES.get(req.params.file)
    if (!type) {
      next(new HttpError(404, 'NOT_FOUND', 'No such file'))
      return
    }
    res.type(type).sendFile(join(SWAGGER_UI, req.params.file), { maxAge: '1d' })
  })
  return router
}
