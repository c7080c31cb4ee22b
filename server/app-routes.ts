import type { Express } from 'express'
import { addressRouter } from './api/address'
import { contactRouter } from './api/contact'
import { deskRouter } from './api/desk'
import { documentFeedRouter } from './api/document-feed'
import { documentsRouter } from './api/documents'
import { figuresRouter } from './api/figures'
import { fulfilmentRouter } from './api/fulfilment'
import { noticeArchiveRouter } from './api/notice-archive'
import { politicalAdsRouter } from './api/political-ads'
import { preferencesRouter } from './api/preferences'
import { privacyRightsRouter } from './api/privacy-rights'
import { searchRouter } from './api/search'
import { staffRouter } from './api/staff'
import { statusRouter } from './api/status'
import { unsubscribeRouter } from './api/unsubscribe'
import { verificationRouter } from './api/verification'
import type { Services } from './app-services'
import type { Config } from './config'
import { metricsEndpoint } from './metrics'
import { apiNotFound, errorHandler } from './middleware/errors'
import { pages } from './middleware/pages'
import { rateLimit } from './middleware/rate-limit'
import { renderLimit } from './middleware/render-limit'
import { openApiRouter } from './openapi/router'
import { staffArea } from './staff/router'

/** Issue 31 (moved from app.ts): the routes of the application, in the order createApp mounts them. */

/** The probes and the metrics, on any Host: the orchestrator and Prometheus ask the instance's own address. */
export function probeRoutes(app: Express, config: Config, services: Services) {
  app.get('/livez', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' })
  })
  app.get('/readyz', async (_req, res) => {
    const ready = await services.ready()
    // A drain answers 503 by design (the load balancer must stop sending): logged as info, not as an error.
    if (!ready && services.draining?.()) res.locals.expectedFailure = true
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ok' : 'unavailable' })
  })
  app.get('/metrics', metricsEndpoint(services.metrics, config.metricsAllowedIps))
}

/** The per-client limits: POSTs per form endpoint, and (issue 30) answers not kept yet, which cost a render. */
export function limitsOf(config: Config, services: Services) {
  return {
    limit: (name: string) => rateLimit(services.rateLimitStore, config.rateLimitPerMinute, name),
    renders: renderLimit(services.rateLimitStore, config.pageRendersPerMinute),
  }
}

type Limits = ReturnType<typeof limitsOf>

/** The staff area, then everything under /api, ending with the API's own 404. */
export function apiRoutes(app: Express, config: Config, services: Services, { limit, renders }: Limits) {
  app.use(
    staffArea({
      sessions: services.staff.sessions,
      oidc: services.staff.oidc,
      policy: config.staff,
      developmentSignIn: config.staff.developmentSignIn,
      staff: services.staff.service,
      key: services.staff.key,
      logger: services.logger,
    }),
  )
  app.use('/api', documentsRouter(services.documents))
  app.use('/api', privacyRightsRouter(services.privacyRequests, limit('privacy-request')))
  app.use('/api', addressRouter(services.addressLookup))
  app.use('/api', contactRouter(services.contact, limit('contact')))
  app.use('/api', searchRouter(services.search, services.responseCache, renders))
  // Before the notices' own routes: `/campaign-items/archive` is no notice's id.
  app.use(
    '/api',
    noticeArchiveRouter({
      archive: services.noticeArchive,
      exports: services.repositoryExports,
      politicalAds: services.politicalAds,
      apiClients: services.apiClients,
    }),
  )
  app.use('/api', politicalAdsRouter(services.politicalAds, limit('complaint')))
  app.use('/api', staffRouter(services.staff.service, limit('staff')))
  app.use('/api', preferencesRouter(services.preferences, limit('preferences')))
  app.use('/api', deskRouter(services.desk, services.complaintDesk, config.staff.countries, limit('staff')))
  app.use('/api', figuresRouter(services.figures, config.staff.countries))
  app.use(
    '/api',
    fulfilmentRouter(
      services.apiClients,
      services.tasks,
      services.rateLimitStore,
      {
        perMinute: config.apiClientRequestsPerMinute,
        authFailuresPerMinute: config.apiClientAuthFailuresPerMinute,
      },
      services.logger,
    ),
  )
  app.use('/api', openApiRouter())
  app.use('/api', apiNotFound)
}

/** The verification links, the document feed, the status and unsubscribe pages, then every page; errors last. */
export function pageRoutes(app: Express, config: Config, services: Services, { limit, renders }: Limits) {
  app.use(verificationRouter(services.privacyRequests))
  app.use(documentFeedRouter(services.documents))
  const development = services.development ?? false
  const pageHandler = pages(
    {
      fathomSiteId: config.fathomSiteId,
      corporateSiteUrl: config.corporateSiteUrl,
      privacyMailbox: config.privacyMailbox,
    },
    {
      documents: services.documents,
      privacyRequests: services.privacyRequests,
      searchIndex: services.search,
      politicalAds: services.politicalAds,
      staff: services.staff.service,
      desk: services.desk,
      complaintDesk: services.complaintDesk,
      requesterAccess: services.requesterAccess,
      preferences: services.preferences,
      figures: services.figures,
      staffCountries: config.staff.countries,
      logger: services.logger,
    },
    // Development renders every request, so edits show at once.
    development ? null : services.responseCache,
    renders,
  )
  app.use(statusRouter(services.requesterAccess, pageHandler, limit('status'), services.logger))
  app.use(unsubscribeRouter(services.unsubscribe, pageHandler, services.logger))
  app.get('/{*splat}', pageHandler)
  // A page request that found the database away outside Vike gets the page saying so (issue 26).
  app.use(errorHandler(services.logger, { unavailablePage: pageHandler.unavailable }))
}
