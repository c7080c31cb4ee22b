import { hkdfSync } from 'node:crypto'
import { join } from 'node:path'
import type { RequestHandler } from 'express'
import type { Services } from './app'
import { BRANDS } from './brands'
import type { Config } from './config'
import { assertContent } from './content'
import { type Db, migrateDatabase, openDatabase } from './db/database'
import { loadDocuments } from './documents/store'
import { deriveKey } from './keys'
import type { Logger } from './logger'
import { type OutboxWorker, startOutboxWorker } from './mail/outbox-worker'
import { createTransport, type MailTransport } from './mail/transport'
import { createMetrics } from './metrics'
import { memoryRateLimitStore, type RateLimitStore } from './middleware/rate-limit'
import { connectRateLimitStore, STARTUP_WAIT_MS as REDIS_STARTUP_WAIT_MS } from './redis-rate-limit'
import { createResponseCache } from './response-cache'
import { createAddressLookup } from './services/address-lookup'
import { createApiClientService } from './services/api-clients'
import { createBrandTaskService } from './services/brand-tasks'
import { createComplaintDesk } from './services/complaint-desk'
import { createContactService } from './services/contact'
import { createDeskService, startDeadlineJob } from './services/desk'
import { createEmailDomainCheck, type DnsResolver, systemResolver } from './services/email-domain'
import { createFiguresService } from './services/figures'
import { createFileStore } from './services/file-store'
import { createNoticeArchive, startNoticeArchiveJob } from './services/notice-archive'
import { createPoliticalAdsService } from './services/political-ads'
import { createPreferenceService } from './services/preferences'
import { createPrivacyRequestService } from './services/privacy-requests'
import { recipientMailLimit } from './services/recipient-limit'
import { createRepositoryExports } from './services/repository-export'
import { createRequesterAccess } from './services/requester-access'
import { startRetentionJob } from './services/retention'
import { seedSampleCampaigns } from './services/sample-campaigns'
import { createSearchService } from './services/search'
import { createStaffService } from './services/staff'
import { createUnsubscribeService } from './services/unsubscribe'
import { systemAddressPolicyWith, type WebhookAddressPolicy } from './services/webhook-urls'
import { startWebhookWorker, webhookAdmin, webhookKey } from './services/webhooks'
import { loadsSamples, publicOrigin, staffOrigin, staffOriginFor, transparencyOrigin } from './sites'
import { createOidcSignIn } from './staff/oidc'
import { createStaffSessions } from './staff/sessions'

export interface Composition {
  services: Services
  db: Db
  /** Starts the background work of an instance: the mail poller and the retention job. */
  startWorkers(options?: {
    outboxIntervalMs?: number
    retryBaseMs?: number
    webhookIntervalMs?: number
    /** What "now" is for the mail poller; tests inject their own instead of sleeping. */
    clock?: () => Date
    /**
     * false: no hourly jobs (retention, desk deadlines); a test that moves its clock runs them itself, at the
     * moments it chooses.
     */
    hourlyJobs?: boolean
  }): OutboxWorker
  /** Webhooks (issue 17): the operators' commands, and the poller once startWorkers ran. */
  webhooks: { admin: ReturnType<typeof webhookAdmin>; worker: ReturnType<typeof startWebhookWorker> | null }
  /** Shutdown has begun: readiness fails at once so the load balancer stops sending, requests still work. */
  drain(): void
  close(): Promise<void>
}

/**
 * The composition root: builds every backing service from the config (DESIGN.md decision 5). Tests pass
 * their own DNS resolver; nothing else is replaced.
 */
export async function compose(
  config: Config,
  options: {
    root: string
    logger: Logger
    assets: RequestHandler
    development?: boolean
    resolver?: DnsResolver
    /** Whose addresses webhooks may reach (issue 27); tests inject theirs, with loopback receivers. */
    webhookAddresses?: WebhookAddressPolicy
    /** What "now" is for requests, the desk and its deadlines; tests inject their own. */
    clock?: () => Date
  },
): Promise<Composition> {
  const { root, logger, clock } = options
  // The build checked content/ too; an instance never serves content that breaks its schemas.
  assertContent(root)
  // Every migration this start applied is named in the log: an upgrade says what it changed.
  await migrateDatabase(config.databaseUrl, root, {
    connectTimeoutMs: config.databaseTimeouts.connectMs,
    onApplied: (migration) => logger.info({ migration }, 'migration applied'),
  })
  const db = openDatabase(config.databaseUrl, root, {
    poolSize: config.databasePoolSize,
    connectTimeoutMs: config.databaseTimeouts.connectMs,
    statementTimeoutMs: config.databaseTimeouts.statementMs,
    onIdleError: (error) => logger.warn({ err: error }, 'database connection lost'),
  })
  const documents = loadDocuments(join(root, 'content/documents'))
  const transport: MailTransport = createTransport(config.smtpUrl, join(root, 'data/mail'), {
    maxConnections: config.smtpMaxConnections,
  })
  const emailDomainCheck =
    config.emailDomainCheck === 'off'
      ? async () => true
      : createEmailDomainCheck(options.resolver ?? systemResolver())
  // Redis may come up after this instance, or never (the store falls back to memory): wait a moment only.
  const redis = config.redisUrl ? connectRateLimitStore(config.redisUrl, logger) : null
  await redis?.ready(REDIS_STARTUP_WAIT_MS)
  const rateLimitStore: RateLimitStore =
    redis?.store ?? memoryRateLimitStore({ now: clock ? () => clock().getTime() : undefined })

  const mailLimit = recipientMailLimit(rateLimitStore, config.recipientMailsPerDay)
  const privacyRequests = createPrivacyRequestService({
    db,
    brands: BRANDS,
    emailDomainCheck,
    mailLimit,
    clock: options.clock,
    settings: {
      verificationTtlHours: config.verificationTtlHours,
      privacyMailbox: config.privacyMailbox,
      deskOrigin: (country) => staffOrigin(config.hostTable, country),
    },
  })

  const addressLookup = createAddressLookup(config.addressLookupUrl)
  const search = createSearchService(documents)
  const politicalAds = createPoliticalAdsService({
    db,
    emailDomainCheck,
    mailLimit,
    complaintMailbox: config.politicalAdsMailbox,
    samples: loadsSamples(config.hostTable),
    deskOrigin: (site) => staffOriginFor(config.hostTable, site),
    clock: options.clock,
  })
  if (loadsSamples(config.hostTable)) await seedSampleCampaigns(db, join(root, 'content/campaigns'))
  const contact = createContactService({
    db,
    emailDomainCheck,
    mailLimit,
    mailbox: config.customerServiceMailbox,
  })
  const staffKey = staffSessionKey(config, join(root, 'data/staff-session.key'))
  const staffSessions = createStaffSessions(db, {
    key: staffKey,
    idleMinutes: config.staff.sessionIdleMinutes,
    maxHours: config.staff.sessionMaxHours,
  })

  // Issue 25: the access answers' files, sealed under FILE_ENCRYPTION_KEY (or a key file made at first start);
  // the status page's codes and unlock cookie under a key derived from it, the same on every instance.
  const fileKey =
    config.fileEncryptionKey ?? deriveKey(null, 'privacy-site files', join(root, 'data/file-encryption.key'))
  const files = createFileStore({ db, key: fileKey, clock: options.clock })
  const requesterAccess = createRequesterAccess({
    db,
    brands: BRANDS,
    files,
    mailLimit,
    privacyMailbox: config.privacyMailbox,
    key: Buffer.from(hkdfSync('sha256', fileKey, '', 'privacy-site status unlock', 32)),
    clock: options.clock,
  })

  const desk = createDeskService({
    db,
    mailLimit,
    brands: BRANDS,
    privacyMailbox: config.privacyMailbox,
    deskOrigin: (country) => staffOrigin(config.hostTable, country),
    publicOrigin: (country) => publicOrigin(config.hostTable, country),
    verificationTtlHours: config.verificationTtlHours,
    accessPackageDays: config.accessPackageDays,
    files,
    clock: options.clock,
  })

  // Issue 29: the archive's lines name each notice's permanent addresses on the transparency centre's site.
  const noticeArchive = createNoticeArchive({
    db,
    hour: config.noticeArchive.hour,
    contacts: config.noticeArchive.contacts,
    origin: (country) =>
      transparencyOrigin(config.hostTable, country) ?? publicOrigin(config.hostTable, country),
    clock: options.clock,
  })
  const repositoryExports = createRepositoryExports({
    db,
    mailbox: config.politicalAdsMailbox,
    hour: config.noticeArchive.hour,
    clock: options.clock,
  })

  const signingKey = webhookKey(config, join(root, 'data/webhook-signing.key'))
  const metrics = createMetrics({ db })
  const addresses = options.webhookAddresses ?? systemAddressPolicyWith(config.webhookPrivateNetworks)
  const webhooks: Composition['webhooks'] = {
    admin: webhookAdmin(db, signingKey, addresses, options.clock),
    worker: null,
  }

  let shuttingDown = false
  const stops: (() => Promise<void> | void)[] = []
  // Pages and search answers, compressed once (issue 19). The transparency centre's kept pages go as soon as
  // this instance changes a notice (a complaint's outcome, the retention job); another process's change shows
  // within their 5 s.
  const responseCache = createResponseCache({
    maxBytes: config.pageCacheBytes,
    clock: clock ? () => clock().getTime() : undefined,
  })
  const noticesChanged = () => {
    responseCache.forget('notices')
    politicalAds.noticesChanged()
  }
  const services: Services = {
    logger,
    assets: options.assets,
    documents,
    privacyRequests,
    addressLookup,
    contact,
    search,
    politicalAds,
    desk,
    figures: createFiguresService({ db, clock: options.clock }),
    noticeArchive,
    repositoryExports,
    apiClients: createApiClientService({ db, brands: BRANDS, clock: options.clock }),
    tasks: createBrandTaskService({ db, brands: BRANDS, files, clock: options.clock }),
    requesterAccess,
    files,
    complaintDesk: createComplaintDesk({
      db,
      mailbox: config.politicalAdsMailbox,
      noticeOrigin: (country) => transparencyOrigin(config.hostTable, country),
      noticesChanged,
      clock: options.clock,
    }),
    staff: {
      service: createStaffService({
        db,
        brands: BRANDS,
        emailDomainCheck,
        privacyMailbox: config.privacyMailbox,
        clock: options.clock,
      }),
      sessions: staffSessions,
      oidc: config.staff.oidc ? createOidcSignIn(config.staff.oidc) : null,
      key: staffKey,
    },
    rateLimitStore,
    responseCache,
    metrics,
    preferences: createPreferenceService({
      db,
      brands: BRANDS,
      emailDomainCheck,
      mailLimit,
      privacyMailbox: config.privacyMailbox,
      count: metrics.countStops,
      clock: options.clock,
    }),
    // Issue 28: the brands' one-click unsubscribe keys, derived from the webhook signing key (never stored).
    unsubscribe: createUnsubscribeService({
      db,
      brands: BRANDS,
      signingKey,
      privacyMailbox: config.privacyMailbox,
      count: metrics.countStops,
      clock: options.clock,
    }),
    development: options.development ?? false,
    draining: () => shuttingDown,
    ready: async () => {
      if (shuttingDown) return false
      // A hung database must not hang the probe: not ready when the database is slower than this.
      return withinTime(
        db.db
          .selectFrom('mail_outbox')
          .select('id')
          .limit(1)
          .execute()
          .then(() => true),
        READY_PROBE_MS,
      ).catch(() => false)
    },
  }

  return {
    services,
    db,
    webhooks,
    startWorkers(workerOptions = {}) {
      const worker = startOutboxWorker({
        db,
        transport,
        from: config.mailFrom,
        logger,
        intervalMs: workerOptions.outboxIntervalMs,
        concurrency: config.smtpMaxConnections,
        retryBaseMs: workerOptions.retryBaseMs,
        failAfterMs: config.mailFailAfterHours * 60 * 60_000,
        clock: workerOptions.clock,
      })
      const hourly = workerOptions.hourlyJobs !== false
      const none = { stop() {} }
      const retention = hourly
        ? startRetentionJob({
            db,
            unverifiedRetentionDays: config.unverifiedRetentionDays,
            retention: config.retention,
            logger,
            staffSessions,
            noticesChanged,
            clock: workerOptions.clock,
          })
        : none
      const deadlines = hourly ? startDeadlineJob(desk, logger) : none
      const archive = hourly
        ? startNoticeArchiveJob({ archive: noticeArchive, digest: () => repositoryExports.digest() }, logger)
        : none
      webhooks.worker = startWebhookWorker({
        db,
        key: signingKey,
        addresses,
        logger,
        clock: workerOptions.clock,
        intervalMs: workerOptions.webhookIntervalMs,
      })
      const webhookWorker = webhooks.worker
      stops.push(
        () => webhookWorker.stop(),
        () => worker.stop(),
        () => retention.stop(),
        () => deadlines.stop(),
        () => archive.stop(),
      )
      return worker
    },
    drain() {
      shuttingDown = true
    },
    async close() {
      shuttingDown = true
      for (const stop of stops) await stop()
      transport.close()
      if (redis) await redis.close()
      await db.close()
    },
  }
}

/** `/readyz` answers within 2 s in every case: the database gets this long. */
const READY_PROBE_MS = 1500

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/**
 * The key that signs staff cookies. Every instance must derive the same one: STAFF_SESSION_SECRET, else a
 * key derived from the OIDC client secret (which every instance has), else, with no identity provider
 * (local development sign-in), a random key kept in a file under data/.
 */
function staffSessionKey(config: Config, keyFile: string): Buffer {
  const { sessionSecret, oidc } = config.staff
  const secret = sessionSecret
    ? { value: sessionSecret }
    : oidc
      ? { value: oidc.clientSecret, salt: oidc.issuer }
      : null
  return deriveKey(secret, 'privacy-site staff session', keyFile)
}
