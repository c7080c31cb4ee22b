import { Router } from 'express'
import { type Locale, parseLocale } from '#shared/locale.ts'
import type { DocumentStore } from '../documents/store'
import { HttpError } from '../http-error'

/**
 * Spec §7: `GET /api/plainhtml/{documentKey}?locale={locale}` answers the document's sanitized HTML.
 * An unknown key, or a locale that is not language_country, is a 404 (the page then goes to /not-found).
 */
export function documentsRouter(documents: DocumentStore): Router {
  const router = Router()

  router.get('/plainhtml/:documentKey', (req, res) => {
    const locale = localeParam(req.query.locale)
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
    const locale = localeParam(req.query.locale)
    if (!locale) throw new HttpError(404, 'NOT_FOUND', 'No such locale')
    res.set('Cache-Control', 'public, max-age=300').json({ documents: documents.list(locale) })
  })

  return router
}

function localeParam(value: unknown): Locale | null {
  return typeof value === 'string' && parseLocale(value) ? (value as Locale) : null
}
