import type { RequestListener } from 'node:http'
import compression from 'compression'
import express from 'express'
import { apiRoutes, limitsOf, pageRoutes, probeRoutes } from './app-routes'
import type { Services } from './app-services'
import { isPrecompressed } from './compressed'
import type { Config } from './config'
import { frontDoor } from './middleware/front-door'
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
 * What the server runs (server/index.ts): the app, behind the front door that answers the built files
 * before Express in production (issue 30, server/middleware/front-door.ts).
 */
export function createListener(config: Config, services: Services): RequestListener {
  const app = createApp(config, services)
  const files = services.assets.files
  if (!files) return app
  const { hostTable } = config
  const { logger, metrics, responseCache: pages } = services
  return frontDoor({ files, pages, hostTable, trusts: app.get('trust proxy fn'), logger, metrics }, app)
}
