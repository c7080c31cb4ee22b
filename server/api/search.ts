import { Router } from 'express'
import { searchQuerySchema } from '#shared/search.ts'
import { compressBody, sendCompressed } from '../compressed'
import type { KeptRoute } from '../middleware/front-door'
import { rateLimited } from '../middleware/rate-limit'
import type { RenderLimit } from '../middleware/render-limit'
import { type CachedResponse, type ResponseCache, singleFlight } from '../response-cache'
import { ValidationFailed } from '../services/errors'
import type { SearchService } from '../services/search'
import { ajv, fieldErrors } from '../validation'

const validateSearchQuery = ajv.compile(searchQuerySchema)

/** Browsers and proxies may keep an answer this long, and so does the server (the indexes never change). */
const MAX_AGE_SECONDS = 60
const CACHE_CONTROL = `public, max-age=${MAX_AGE_SECONDS}`

const searchKey = (locale: string, query: string) => `/api/search|${locale}|${query}`

/**
 * Issue 30: where the front door finds a search's kept answer: the query string parsed as Express parses it
 * (`parseQuery`, the app's query parser), valid as this router requires, and its key. Null for anything the
 * router would refuse or that is not a search.
 */
export function keptSearch(parseQuery: (query: string) => unknown): KeptRoute {
  return ({ path, query }) => {
    if (path !== '/api/search') return null
    const params = parseQuery(query ?? '')
    if (!validateSearchQuery(params)) return null
    return {
      key: searchKey(params.locale, params.q ?? ''),
      cacheControl: CACHE_CONTROL,
      route: '/api/search',
    }
  }
}

/**
 * GET /api/search?q=&locale=: the results of a search, with their snippets. Issue 19: identical searches
 * (the as-you-type box asks the same prefixes again and again) are answered from memory, compressed once.
 */
export function searchRouter(
  search: SearchService,
  cache: ResponseCache,
  /** Issue 30: a search not kept yet counts against the client's renders (PAGE_RENDERS_PER_MINUTE). */
  limit: RenderLimit | null = null,
): Router {
  const router = Router()
  // A burst of the same new search computes it once.
  const once = singleFlight<CachedResponse>()
  router.get('/search', async (req, res) => {
    const params: unknown = req.query
    if (!validateSearchQuery(params)) throw new ValidationFailed(fieldErrors(validateSearchQuery))
    const { locale } = params
    const query = params.q ?? ''
    const key = searchKey(locale, query)
    let answer = cache.get(key)
    if (!answer) {
      const wait = await limit?.over(req)
      if (wait) {
        res.setHeader('Retry-After', String(wait))
        throw tooManySearches()
      }
    }
    answer ??= await once(key, async () => {
      const body = await compressBody(JSON.stringify(search.search(query, locale)))
      const made: CachedResponse = {
        status: 200,
        headers: [['Content-Type', 'application/json; charset=utf-8']],
        body,
      }
      // A query is anything a visitor types: on the shelf that cannot push out the pages.
      cache.set(key, made, { shelf: 'other', maxAgeMs: MAX_AGE_SECONDS * 1000 })
      return made
    })
    for (const [name, value] of answer.headers) res.setHeader(name, value)
    res.setHeader('Cache-Control', CACHE_CONTROL)
    sendCompressed(req, res, answer.body)
  })
  return router
}

/** Issue 30: past PAGE_RENDERS_PER_MINUTE; the API's rate-limit code (RATE_LIMITED), with Retry-After. */
export const tooManySearches = () =>
  rateLimited('Too many new searches from this address; try again in a few seconds')
