import compression from 'compression'
import express, { type RequestHandler } from 'express'
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
import { isPrecompressed } from './compressed'
import type { Config } from './config'
import type { DocumentStore } from './documents/store'
import type { Logger } from './logger'
import { type Metrics, metricsEndpoint } from './metrics'
import { apiNotFound, errorHandler } from './middleware/errors'
import { pages } from './middleware/pages'
import { rateLimit } from './middleware/rate-limit'
import { renderLimit } from './middleware/render-limit'
import { requestLog } from './middleware/request-log'
import { cspNonce, securityHeaders } from './middleware/security'
import { requireSite, siteResolution } from './middleware/site'
import { openApiRouter } from './openapi/router'
import type { RateLimitStore } from './rate-limit-store'
import type { ResponseCache } from './response-cache'
import type { AddressLookup } from './services/address-lookup'
import type { ApiClientService } from './services/api-clients'
import type { BrandTaskService } from './services/brand-tasks'
import type { ComplaintDesk } from './services/complaint-desk'
import type { ContactService } from './services/contact'
import type { DeskService } from './services/desk'
import type { FiguresService } from './services/figures'
import type { FileStore } from './services/file-store'
import type { NoticeArchive } from './services/notice-archive'
import type { PoliticalAdsService } from './services/political-ads'
import type { PreferenceService } from './services/preferences'
import type { PrivacyRequestService } from './services/privacy-requests'
import type { RepositoryExports } from './services/repository-export'
import type { RequesterAccess } from './services/requester-access'
import type { SearchService } from './services/search'
import type { StaffService } from './services/staff'
import type { UnsubscribeService } from './services/unsubscribe'
import type { OidcSignIn } from './staff/oidc'
import { staffArea } from './staff/router'
import type { StaffSessions } from './staff/sessions'

export interface Services {
  logger: Logger
  /** Serves the built assets (production) or Vite's dev middleware (development). */
  assets: RequestHandler
  /** The legal documents, loaded once at start-up. */
  documents: DocumentStore
  privacyRequests: PrivacyRequestService
  addressLookup: AddressLookup
  contact: ContactService
  search: SearchService
  politicalAds: PoliticalAdsService
  /** The brands' systems (issue 17): clients, the suppression feed, lookups and confirmations. */
  apiClients: ApiClientService
  /** Issue 25: the brand systems' tasks (access, erasure, rectification), their answers and files. */
  tasks: BrandTaskService
  /** Issue 25: the requester's status page behind a mailed code, and the access package. */
  requesterAccess: RequesterAccess
  /** Issue 25: the access answers' files, encrypted in the database (the desk opens them). */
  files: FileStore
  /** Issue 28: the reader's preference centre. */
  preferences: PreferenceService
  /** Issue 28: one-click unsubscribe links of the brands' mailings, and their keys. */
  unsubscribe: UnsubscribeService
  /** Complaints about political ads on the desk (issue 18). */
  complaintDesk: ComplaintDesk
  /** The privacy desk (issue 16): the queue, a request's page and actions, the deadline job. */
  desk: DeskService
  /** Issue 29: how the privacy rights are answered, in figures (public per quarter, the desk per month). */
  figures: FiguresService
  /** Issue 29: the political-ads archive (a file a day, written once) and the EU repository's exports. */
  noticeArchive: NoticeArchive
  repositoryExports: RepositoryExports
  /** The internal staff area: sessions, the identity provider (null: none configured) and the audit trail. */
  staff: {
    service: StaffService
    sessions: StaffSessions
    oidc: OidcSignIn | null
    /** HMAC key of the sign-in transaction cookie. */
    key: Buffer
  }
  /** Rendered pages and search answers, compressed once (issue 19), bounded by PAGE_CACHE_MB. */
  responseCache: ResponseCache
  /** Per-IP POST counters: in memory, or in Redis when REDIS_URL is set. */
  rateLimitStore: RateLimitStore
  /** Prometheus metrics of this instance: HTTP responses, and the outbox and due requests at each scrape. */
  metrics: Metrics
  /** True when the instance can take traffic. */
  ready: () => Promise<boolean>
  /** True once shutdown has begun: readiness fails on purpose, which is no error. */
  draining?: () => boolean
  development?: boolean
}

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
  // Like the probes, on any Host: Prometheus scrapes the instance's own address.
  app.get('/metrics', metricsEndpoint(services.metrics, config.metricsAllowedIps))

  if (development) app.use(services.assets)
  app.use(requireSite)

  const limit = (name: string) => rateLimit(services.rateLimitStore, config.rateLimitPerMinute, name)
  // Issue 30: answers not kept yet (a new search, a not-found path) cost a render: bounded per client.
  const renders = renderLimit(services.rateLimitStore, config.pageRendersPerMinute)
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
  app.use(verificationRouter(services.privacyRequests))
  app.use(documentFeedRouter(services.documents))

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
  return app
}
