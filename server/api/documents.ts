import { Router } from 'express'
import { type Locale, localeQuerySchema } from '#shared/locale.ts'
import type { DocumentStore } from '../documents/store'
import { HttpError } from '../http-error'
import { ajv } from '../validation'

const validateLocaleQuery = ajv.compile(localeQuerySchema)

/**
 * Spec §7: `GET /api/plainhtml/{documentKey}?locale={locale}` answers the document's sanitized HTML.
 * An unknown key, or a locale that is not language_country, is a 404 (the page then goes to /not-found).
 */
export function documentsRouter(documents: DocumentStore): Router {
  const router = Router()

  router.get('/plainhtml/:documentKey', (req, res) => {
    const locale = localeParam(req.query)
    const document = locale ? documents.get(req.params.documentKey, locale) : null
    if (!document) throw new HttpError(404, 'NOT_FOUND', 'No such document')
    res
      .set('Cache-Control', 'public, max-age=300')
      .set('ETag', document.etag)
      .set('Content-Language', document.locale.replace('_', '-'))
      .type('html')
      .send(document.html)
  })

  // The document list (spec §3 'Document entry') of a locale: key, display-title key and title.
  router.get('/documents', (req, res) => {
    const locale = localeParam(req.query)
    if (!locale) throw new HttpError(404, 'NOT_FOUND', 'No such locale')
    res.set('Cache-Control', 'public, max-age=300').json({ documents: documents.list(locale) })
  })

  return router
}

/** The query's locale, or null when it has none, several, or one that is not language_country. */
function localeParam(query: unknown): Locale | null {
  return validateLocaleQuery(query) ? query.locale : null
}
