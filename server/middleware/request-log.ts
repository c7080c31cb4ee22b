import { randomUUID } from 'node:crypto'
import type { Request, RequestHandler } from 'express'
import { type LogContext, type Logger, logContext } from '../logger'

/** An incoming X-Request-Id is kept only when it is a plain token; anything else gets a fresh id. */
const SANE_REQUEST_ID = /^[\w.-]{1,100}$/

/**
 * First in the chain. Every request gets an id (a sane incoming `X-Request-Id`, else a new UUID), answered in
 * the `X-Request-Id` header; every log line written while the request is handled, here or in a service or
 * the error handler, carries it with the host, country and route (server/logger.ts).
 *
 * One log line per response: method, path (no query string: it may carry personal data), status and
 * duration. Bodies, headers and client addresses are never logged.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint()
    // Read now: routers rewrite req.url while they handle the request.
    const path = pathOf(req)
    const requestId = requestIdOf(req.get('X-Request-Id'))
    res.setHeader('X-Request-Id', requestId)
    // Read when a line is written: the site and the route are known only later in the chain.
    const context = (): LogContext => ({
      requestId,
      host: req.hostname ?? null,
      country: req.site?.country ?? null,
      route: logRoute(req, path),
    })
    res.on('finish', () => {
      // A 5xx is an error, unless the handler answered it on purpose (/readyz while draining).
      const level = res.statusCode >= 500 && res.locals.expectedFailure !== true ? 'error' : 'info'
      if (!logger.isLevelEnabled(level)) return
      const ms = Number(process.hrtime.bigint() - start) / 1e6
      // 'finish' comes from the socket, outside the request's own context: give it back.
      logContext.run(context, () =>
        logger[level](
          { method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
          'request',
        ),
      )
    })
    logContext.run(context, next)
  }
}

/** A request's id: the incoming `X-Request-Id` when it is a plain token, else a new UUID. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

/**
 * The path without the query string, as the client sent it; a one-click unsubscribe link (issue 28) without its
 * token, which names a reader's address.
 */
export function pathOf(req: Request): string {
  const path = req.originalUrl.split('?')[0] || '/'
  return path.startsWith('/u/') ? '/u/{token}' : path
}

/** The pages' catch-all in server/app.ts: every Vike page. */
const PAGES_ROUTE = '/{*splat}'

/** For logs: the matched route pattern, or the path when only the pages' catch-all (or nothing) matched. */
function logRoute(req: Request, path: string): string {
  const route = matchedRoute(req, path)
  return route === undefined || route === PAGES_ROUTE ? path : route
}

/**
 * For metrics, a label from a small, fixed set: the matched route pattern, `pages` for every page, `assets`
 * for files served without a route, `unmatched` for the rest (404, 421, …). Never a raw path, so a client
 * cannot make up new series.
 */
export function metricsRoute(req: Request, status: number): string {
  const route = matchedRoute(req, pathOf(req))
  if (route === PAGES_ROUTE) return 'pages'
  if (route !== undefined) return route
  return (req.method === 'GET' || req.method === 'HEAD') && status < 400 ? 'assets' : 'unmatched'
}

/**
 * The pattern of the route that matched, with the path its router is mounted at: `/api/campaign-items/:id`.
 * Inside the router `req.baseUrl` is that mount path; once an error has left the router for the error
 * handler, Express has reset `req.baseUrl` but kept `req.route`, so the mount path is taken back from the
 * front of the request path (one segment per segment of the pattern; patterns with a wildcard are mounted at
 * the root here).
 */
function matchedRoute(req: Request, path: string): string | undefined {
  const route: { path?: unknown } | undefined = req.route
  if (!route) return undefined
  const pattern = Array.isArray(route.path) ? route.path.join('|') : String(route.path)
  if (req.baseUrl) return req.baseUrl.toLowerCase() + pattern
  if (/[*{|]/.test(pattern)) return pattern
  const segments = path.replace(/(.)\/$/, '$1').split('/')
  const depth = pattern.split('/').length - 1
  return (
    segments
      .slice(0, Math.max(1, segments.length - depth))
      .join('/')
      .toLowerCase() + pattern
  )
}
