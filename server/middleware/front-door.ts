import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import fresh from 'fresh'
import type { Site } from '#shared/site.ts'
import { type Encoding, preferredEncoding } from '../compressed'
import { type Logger, logContext } from '../logger'
import type { Metrics } from '../metrics'
import type { CachedResponse, ResponseCache } from '../response-cache'
import { type HostTable, resolveSite } from '../sites'
import { type StaticAnswer, type StaticFiles, staticAnswer } from '../static-files'
import { requestIdOf } from './request-log'
import { productionSecurityHeaders } from './security'

/**
 * Where a GET may find an answer kept by its handler: the cache key its handler keeps it under, the
 * Cache-Control that handler sends with it, and the route label of its log line and metrics. Null: not this
 * route's (or not one it would keep).
 */
export type KeptRoute = (request: {
  url: string
  path: string
  query: string | undefined
  site: Site
}) => { key: string; cacheControl: string; route: string } | null

export interface FrontDoorOptions {
  files: StaticFiles
  /** The answers the page handler and the search API keep (server/response-cache.ts). */
  kept: ResponseCache
  /** How to find them, first match wins (server/app.ts: the search API, then the pages). */
  routes: readonly KeptRoute[]
  hostTable: HostTable
  /** Express's compiled `trust proxy` setting: whether the hop at `address` may name the host. */
  trusts: (address: string | undefined, hop: number) => boolean
  logger: Logger
  metrics: Metrics
}

/**
 * Issue 30 items 1 and 2: what is already in memory is answered here, before Express, as the chain in
 * server/app.ts would have answered it:
 * - a built file (`/favicon.svg`, `/assets/…`): server/static-files.ts's variant, 304 or 404;
 * - an answer a handler kept (`routes`: a page kept for this site and URL, a search's answer): the copy its
 *   handler would send, in the client's encoding, or 304. A page's copy exists only once a request for that
 *   site and URL went past every router to the page handler, and the routers before it choose by method,
 *   path and site alone (staff paths, status and unsubscribe pages never leave a copy), so the same request
 *   takes the same way here; a search's copy is found by the search API's own key of the parsed query.
 * Both get what the chain gives every answer: the request id, `X-Robots-Tag` on a staff host, the site's
 * security headers, one log line and the metrics (`assets`, `pages`; a 404 file: `unmatched`). The headers of
 * an answer are laid out once per answer and kind of site. Anything else goes to `app`.
 */
export function frontDoor(options: FrontDoorOptions, app: RequestListener): RequestListener {
  const { files, kept, routes, hostTable, trusts, logger, metrics } = options
  const security = productionSecurityHeaders()
  // Kind of site: bit 1 Fathom's script allowed, bit 2 a staff host (never indexed). Unknown hosts get 0.
  const siteHeaders: [string, string][][] = [0, 1, 2, 3].map((kind) => [
    ...(kind & 2 ? [['X-Robots-Tag', 'noindex, nofollow'] as [string, string]] : []),
    ...(kind & 1 ? security.withFathom : security.without),
  ])
  const fileAnswer = fileAnswers(siteHeaders)
  const keptAnswer = keptAnswers(siteHeaders)
  /** The kept answer for this request, with how it is sent, or null. */
  const keptFor = (url: string, path: string, query: number, site: Site) => {
    const request = { url, path, query: query === -1 ? undefined : url.slice(query + 1), site }
    for (const route of routes) {
      const found = route(request)
      if (!found) continue
      const answer = kept.get(found.key)
      return answer ? { answer, ...found } : null
    }
    return null
  }

  return (req, res) => {
    const method = req.method
    const url = req.url ?? ''
    if ((method !== 'GET' && method !== 'HEAD') || !url.startsWith('/')) {
      app(req, res)
      return
    }
    const query = url.indexOf('?')
    const path = query === -1 ? url : url.slice(0, query)
    const file = staticAnswer(files, method, path, req.headers)
    const hostname = hostnameOf(req, trusts)
    const site = resolveSite(hostTable, hostname)
    const page = file || !site ? null : keptFor(url, path, query, site)
    if (!file && !page) {
      app(req, res)
      return
    }
    const start = performance.now()
    const kind = (site?.toggles.LOAD_FATHOM ? 1 : 0) | (site?.environment === 'internal' ? 2 : 0)
    const requestId = requestIdOf(single(req.headers['x-request-id']))
    let status: number
    if (file) {
      status = fileAnswer(res, file, kind, requestId)
    } else {
      const { answer, cacheControl } = page as NonNullable<typeof page>
      status = keptAnswer(req, res, answer, kind, requestId, cacheControl)
    }
    res.on('finish', () => {
      const ms = performance.now() - start
      const route = page ? page.route : status < 400 ? 'assets' : 'unmatched'
      metrics.record(method, route, status, ms / 1000)
      if (!logger.isLevelEnabled('info')) return
      // As request-log.ts writes it: the path without the query, a one-click unsubscribe link without its token;
      // the route pattern, or the path for a page or a file.
      const logged = path.startsWith('/u/') ? '/u/{token}' : path
      const context = () => ({
        requestId,
        host: hostname ?? null,
        country: site?.country ?? null,
        route: page && page.route !== PAGE_LABEL ? page.route : logged,
      })
      logContext.run(context, () =>
        logger.info({ method, path: logged, status, ms: Math.round(ms * 10) / 10 }, 'request'),
      )
    })
  }
}

/** A built file's answer (static-files.ts), its headers laid out once per variant and kind of site. */
function fileAnswers(siteHeaders: readonly (readonly [string, string])[][]) {
  const laidOut = new WeakMap<StaticAnswer['headers'], string[][]>()
  const headersOf = (answer: StaticAnswer, kind: number): string[] => {
    let byKind = laidOut.get(answer.headers)
    if (!byKind) {
      const own = Object.entries(answer.headers).map(([name, value]) => [name, String(value)] as const)
      byKind = siteHeaders.map((site) => flatten([...site, ...own]))
      laidOut.set(answer.headers, byKind)
    }
    return byKind[kind] as string[]
  }
  return (res: ServerResponse, file: StaticAnswer, kind: number, requestId: string): number => {
    res.writeHead(file.status, ['X-Request-Id', requestId, ...headersOf(file, kind)])
    res.end(file.body)
    return file.status
  }
}

/** The metrics' route label of every page (request-log.ts `metricsRoute`); a page's log line names its path. */
export const PAGE_LABEL = 'pages'

/**
 * A kept answer as compressed.ts `sendCompressed` writes it through Express after its handler (page-delivery.ts
 * `send`, the search API) set the answer's own headers and its `Cache-Control`: `Vary`, the variant's ETag and
 * encoding, then 304 when the client holds it (Express's `req.fresh`) or the body with its length. Answers
 * the status.
 */
function keptAnswers(siteHeaders: readonly (readonly [string, string])[][]) {
  interface Layout {
    headers: string[]
    lastModified: string | undefined
  }
  const laidOut = new WeakMap<CachedResponse, Map<string, Layout>>()
  const layoutOf = (page: CachedResponse, kind: number, encoding: Encoding, cacheControl: string): Layout => {
    const key = `${kind}|${encoding}|${cacheControl}`
    let byKey = laidOut.get(page)
    if (!byKey) {
      byKey = new Map()
      laidOut.set(page, byKey)
    }
    let layout = byKey.get(key)
    if (!layout) {
      const headers = new HeaderList([...(siteHeaders[kind] ?? []), ...page.headers])
      headers.set('Cache-Control', cacheControl)
      headers.vary('Accept-Encoding')
      headers.set('ETag', page.body.etags[encoding])
      if (encoding !== 'identity') headers.set('Content-Encoding', encoding)
      layout = { headers: headers.flat(), lastModified: headers.get('last-modified') }
      byKey.set(key, layout)
    }
    return layout
  }
  return (
    req: IncomingMessage,
    res: ServerResponse,
    page: CachedResponse,
    kind: number,
    requestId: string,
    cacheControl: string,
  ): number => {
    const encoding = preferredEncoding(req.headers['accept-encoding'])
    const layout = layoutOf(page, kind, encoding, cacheControl)
    const etag = page.body.etags[encoding]
    const cacheable = (page.status >= 200 && page.status < 300) || page.status === 304
    if (cacheable && fresh(req.headers, { etag, 'last-modified': layout.lastModified })) {
      res.writeHead(304, ['X-Request-Id', requestId, ...layout.headers])
      res.end()
      return 304
    }
    // The body is made in this encoding when a client first asks for it (compressed.ts), as through Express.
    const body = page.body.variants[encoding]
    res.writeHead(page.status, [
      'X-Request-Id',
      requestId,
      ...layout.headers,
      'Content-Length',
      String(body.length),
    ])
    res.end(req.method === 'HEAD' ? undefined : body)
    return page.status
  }
}

/** Headers as `res.setHeader` keeps them: one per name (any case), the latest value in the first one's place. */
class HeaderList {
  private readonly byName = new Map<string, [string, string]>()
  constructor(headers: readonly (readonly [string, string])[]) {
    for (const [name, value] of headers) this.set(name, value)
  }
  set(name: string, value: string) {
    this.byName.set(name.toLowerCase(), [name, value])
  }
  get(name: string): string | undefined {
    return this.byName.get(name)?.[1]
  }
  /** As Express's `res.vary`: the field added to Vary unless it (or `*`) is there already. */
  vary(field: string) {
    const current = this.get('vary')
    if (current === undefined) this.set('Vary', field)
    else if (
      !current.split(',').some((part) => ['*', field.toLowerCase()].includes(part.trim().toLowerCase()))
    )
      this.set('Vary', `${current}, ${field}`)
  }
  flat(): string[] {
    return flatten(this.byName.values())
  }
}

const flatten = (headers: Iterable<readonly [string, string]>): string[] => [...headers].flat()

/** The host name the request names, as Express reads it (`req.hostname`): a trusted proxy's X-Forwarded-Host first. */
export function hostnameOf(req: IncomingMessage, trusts: FrontDoorOptions['trusts']): string | undefined {
  const forwarded = single(req.headers['x-forwarded-host'])
  let host = req.headers.host
  if (forwarded && trusts(req.socket.remoteAddress, 0)) {
    const comma = forwarded.indexOf(',')
    host = comma === -1 ? forwarded : forwarded.slice(0, comma).trimEnd()
  }
  if (!host) return undefined
  const offset = host[0] === '[' ? host.indexOf(']') + 1 : 0
  const port = host.indexOf(':', offset)
  return port === -1 ? host : host.slice(0, port)
}

const single = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value
