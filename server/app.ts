import type { RequestListener } from 'node:http'
import compression from 'compression'
import express, { type Express } from 'express'
import { keptSearch } from './api/search'
import { apiRoutes, limitsOf, pageRoutes, probeRoutes } from './app-routes'
import type { Services } from './app-services'
import { isPrecompressed } from './compressed'
import type { Config } from './config'
import { frontDoor } from './middleware/front-door'
import { keptPage } from './middleware/page-delivery'
import { requestLog } from './middleware/request-log'
import { cspNonce, securityHeaders } from './middleware/security'
import { requireSite, siteResolution } from './middleware/site'

export type { Services }

/** The whole HTTP application; it never listens (server/index.ts does). Middleware runs top to bottom. */
export function createApp(config: Config, services: Services) {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.trustProxy)

  // Request id and log context first: every later log line carries them.
  app.use(requestLog(services.logger))
  app.use(services.metrics.observe)
  app.use(siteResolution(config.hostTable))
  const development = services.development ?? false
  // Production pages carry no inline script, so their policy needs no nonce (docs/decisions/006).
  if (development) app.use(cspNonce)
  app.use(securityHeaders({ development }))
  // Issue 30: the built files come from memory, compressed ahead, with their headers ready: in production
  // they are answered before the compression middleware (which would only wrap the response to pass it by).
  if (!development) app.use(services.assets.handler)
  // On the fly only what was not compressed ahead: built assets (.br, .gz from the build) and kept pages are.
  app.use(compression({ filter: (req, res) => !isPrecompressed(res) && compression.filter(req, res) }))

  // The probes and the metrics answer on any Host (server/app-routes.ts).
  probeRoutes(app, config, services)

  if (development) app.use(services.assets.handler)
  app.use(requireSite)

  const limits = limitsOf(config, services)
  apiRoutes(app, config, services, limits)
  pageRoutes(app, config, services, limits)
  return app
}

/**
 * What the server runs (server/index.ts): the app, behind the front door that answers the built files and
 * the kept answers before Express in production (issue 30, server/middleware/front-door.ts).
 */
export function createListener(config: Config, services: Services): RequestListener {
  const app = createApp(config, services)
  return withFrontDoor(app, config, services) ?? app
}

/**
 * The front door before `app`, read with the app's own settings (trust proxy, query parser); `next` answers
 * what the door does not (the app; tests put a counter between). Null where there is no built client
 * (development: Vite serves the files and nothing is kept).
 */
export function withFrontDoor(
  app: Express,
  config: Config,
  services: Services,
  next: RequestListener = app,
  logger = services.logger,
): RequestListener | null {
  const files = services.assets.files
  if (!files) return null
  // The search API's answers first: its path is no page's.
  const routes = [keptSearch(app.get('query parser fn')), keptPage]
  const { hostTable } = config
  const { metrics, responseCache: kept } = services
  return frontDoor(
    { files, kept, routes, hostTable, trusts: app.get('trust proxy fn'), logger, metrics },
    next,
  )
}
