import type { Request, Response } from 'express'
import { sendCompressed } from '../compressed'
import type { CachedResponse } from '../response-cache'
import { RETRY_AFTER_SECONDS } from './errors'
import { type KeptRoute, PAGE_LABEL } from './front-door'

/** Issue 31 (moved from pages.ts): a rendered page sent, kept or not, and how long a kept one may serve. */

/** Not-found pages may come from the database (a notice not imported yet): kept this long at most. */
const NOT_FOUND_MAX_AGE_MS = 10_000
/** A page kept per query string (a search) is one of many a visitor can make up: kept a minute at most. */
const QUERY_MAX_AGE_MS = 60_000

/** A page that is not kept: staff pages, pages with a personal token, redirects, errors. */
export function sendRendered(res: Response, page: RenderedPage) {
  const status = (res.locals.pageStatus as number | undefined) ?? page.status
  res.status(status)
  for (const [name, value] of page.headers) res.setHeader(name, value)
  res.setHeader('Cache-Control', 'no-store')
  // The database is away (issue 26): as the API, the page says when to try again.
  if (status === 503) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS))
  res.send(page.body)
}

export interface RenderedPage {
  status: number
  headers: [string, string][]
  body: string
  pageCache: Vike.PageCacheSetting | undefined
}

/** How long a rendered page may be served again (Infinity: while the process runs); null: not at all. */
export function keptFor(page: RenderedPage, url: string): number | null {
  const setting = page.pageCache
  if (setting === false || (page.status !== 200 && page.status !== 404)) return null
  if (url.includes('?') && !setting?.perQuery) return null
  return Math.min(
    setting?.maxAgeSeconds === undefined ? Infinity : setting.maxAgeSeconds * 1000,
    page.status === 404 ? NOT_FOUND_MAX_AGE_MS : Infinity,
    url.includes('?') ? QUERY_MAX_AGE_MS : Infinity,
  )
}

export function send(req: Request, res: Response, page: CachedResponse, url: string) {
  res.status(page.status)
  for (const [name, value] of page.headers) res.setHeader(name, value)
  res.setHeader('Cache-Control', pageCacheControl(url))
  sendCompressed(req, res, page.body)
}

/** A kept page's key: its site and URL, query string and all. */
export const pageKey = (host: string, url: string) => `${host}|${url}`

/** A query string may hold what a visitor typed: such a copy stays out of browser and proxy caches. */
const pageCacheControl = (url: string) => (url.includes('?') ? 'no-store' : 'no-cache')

/** Issue 30: where the front door finds a kept page, and how `send` sends it. */
export const keptPage: KeptRoute = ({ url, site }) => ({
  key: pageKey(site.host, url),
  cacheControl: pageCacheControl(url),
  route: PAGE_LABEL,
})
