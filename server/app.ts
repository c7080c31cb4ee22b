import compression from 'compression'
import express from 'express'
import { apiRoutes, limitsOf, pageRoutes, probeRoutes } from './app-routes'
import type { Services } from './app-services'
import { isPrecompressed } from './compressed'
import type { Config } from './config'
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
  if (!development) app.use(services.assets)
  // On the fly only what was not compressed ahead: built assets (.br, .gz from the build) and kept pages are.
  app.use(compression({ filter: (req, res) => !isPrecompressed(res) && compression.filter(req, res) }))

  // The probes and the metrics answer on any Host (server/app-routes.ts).
  probeRoutes(app, config, services)

  if (development) app.use(services.assets)
  app.use(requireSite)

  const limits = limitsOf(config, services)
  apiRoutes(app, config, services, limits)
  pageRoutes(app, config, services, limits)
  return app
}
