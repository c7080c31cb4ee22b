import type { Assets } from './assets'
import type { DocumentStore } from './documents/store'
import type { Logger } from './logger'
import type { Metrics } from './metrics'
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
import type { StaffSessions } from './staff/sessions'

/** Issue 31 (moved from app.ts): every service the HTTP application is given. */
export interface Services {
  logger: Logger
  /** Serves the built assets (production) or Vite's dev middleware (development). */
  assets: Assets
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
