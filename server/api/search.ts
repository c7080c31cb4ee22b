import { Router } from 'express'
import { type Locale, parseLocale } from '#shared/locale.ts'
import { SEARCH_MAX } from '#shared/search.ts'
import { ValidationFailed } from '../services/errors'
import type { SearchService } from '../services/search'

/** GET /api/search?q=&locale=: the results of a search, with their snippets. */
export function searchRouter(search: SearchService): Router {
  const router = Router()
  router.get('/search', (req, res) => {
    const { q, locale } = req.query
    const errors = [
      ...(typeof locale === 'string' && parseLocale(locale) ? [] : [{ field: 'locale', rule: 'locale' }]),
      ...(q === undefined || (typeof q === 'string' && q.length <= SEARCH_MAX)
        ? []
        : [{ field: 'q', rule: 'maxLength' }]),
    ]
    if (errors.length > 0) throw new ValidationFailed(errors)
    res
      .set('Cache-Control', 'public, max-age=60')
      .json(search.search(typeof q === 'string' ? q : '', locale as Locale))
  })
  return router
}
