import { join } from 'node:path'
import type { Services } from './app'
import { BRANDS } from './brands'
import { type Base, type ComposeOptions, openBase } from './compose-base'
import { deskServices, publicServices, transparencyServices } from './compose-services'
import { startWorkers, type Webhooks, type WorkerOptions, type WorkerParts } from './compose-workers'
import type { Config } from './config'
import type { Db } from './db/database'
import type { OutboxWorker } from './mail/outbox-worker'
import { createMetrics } from './metrics'
import { createResponseCache } from './response-cache'
import { createApiClientService } from './services/api-clients'
import { createBrandTaskService } from './services/brand-tasks'
import { createComplaintDesk } from './services/complaint-desk'
import { createFiguresService } from './services/figures'
import { createPreferenceService } from './services/preferences'
import { createStaffService } from './services/staff'
import { createUnsubscribeService } from './services/unsubscribe'
import { systemAddressPolicyWith } from './services/webhook-urls'
import { webhookAdmin, webhookKey } from './services/webhooks'
import { transparencyOrigin } from './sites'
import { createOidcSignIn } from './staff/oidc'

export interface Composition {
  services: Services
  db: Db
  /** Starts the background work of an instance: the mail poller and the retention job. */
  startWorkers(options?: WorkerOptions): OutboxWorker
  /** Webhooks (issue 17): the operators' commands, and the poller once startWorkers ran. */
  webhooks: Webhooks
  /** Shutdown has begun: readiness fails at once so the load balancer stops sending, requests still work. */
  drain(): void
  close(): Promise<void>
}

/**
 * The composition root: builds every backing service from the config (DESIGN.md decision 5). Tests pass
 * their own DNS resolver; nothing else is replaced. Issue 31: the base (compose-base.ts), the services by
 * part of the site (compose-services.ts) and the workers (compose-workers.ts) are built in modules of their own.
 */
export async function compose(config: Config, options: ComposeOptions): Promise<Composition> {
  const { logger, clock } = options
  const base = await openBase(config, options)
  const { db } = base
  const site = await publicServices(config, options, base)
  const desk = deskServices(config, options, base)
  const transparency = transparencyServices(config, options, base)
  const metrics = createMetrics({ db })
  const { signingKey, addresses, webhooks } = webhookParts(config, options, base)
  let shuttingDown = false
  const stops: WorkerParts['stops'] = []
  // Pages and search answers, compressed once (issue 19). The transparency centre's kept pages go as soon as
  // this instance changes a notice (a complaint's outcome, the retention job); another process's change shows
  // within their 5 s.
  const responseCache = createResponseCache({
    maxBytes: config.pageCacheBytes,
    clock: clock ? () => clock().getTime() : undefined,
  })
  const noticesChanged = () => {
    responseCache.forget('notices')
    site.politicalAds.noticesChanged()
  }
  const services: Services = {
    logger,
    assets: options.assets,
    documents: base.documents,
    ...site,
    desk: desk.desk,
    figures: createFiguresService({ db, clock: options.clock }),
    ...transparency,
    apiClients: createApiClientService({ db, brands: BRANDS, clock: options.clock }),
    tasks: createBrandTaskService({ db, brands: BRANDS, files: desk.files, clock: options.clock }),
    requesterAccess: desk.requesterAccess,
    files: desk.files,
    complaintDesk: createComplaintDesk({
      db,
      mailbox: config.politicalAdsMailbox,
      noticeOrigin: (country) => transparencyOrigin(config.hostTable, country),
      noticesChanged,
      clock: options.clock,
    }),
    staff: staffParts(config, options, base, desk),
    rateLimitStore: base.rateLimitStore,
    responseCache,
    metrics,
    ...readerServices(config, options, base, { signingKey, count: metrics.countStops }),
    development: options.development ?? false,
    draining: () => shuttingDown,
    ready: () => (shuttingDown ? Promise.resolve(false) : databaseAnswers(db)),
  }
  const parts = {
    config,
    logger,
    base,
    desk,
    transparency,
    signingKey,
    addresses,
    webhooks,
    noticesChanged,
    stops,
  }
  return {
    services,
    db,
    webhooks,
    startWorkers: (workerOptions) => startWorkers(parts, workerOptions),
    drain() {
      shuttingDown = true
    },
    async close() {
      shuttingDown = true
      await closeAll(stops, base)
    },
  }
}

/** Issue 17: the webhooks' signing key, whose addresses they may reach, the operators' commands. */
function webhookParts(config: Config, options: ComposeOptions, base: Base) {
  const signingKey = webhookKey(config, join(options.root, 'data/webhook-signing.key'))
  const addresses = options.webhookAddresses ?? systemAddressPolicyWith(config.webhookPrivateNetworks)
  const webhooks: Webhooks = {
    admin: webhookAdmin(base.db, signingKey, addresses, options.clock),
    worker: null,
  }
  return { signingKey, addresses, webhooks }
}

/** Stops the workers, then closes the mail transport, Redis and the database. */
async function closeAll(stops: WorkerParts['stops'], base: Base) {
  for (const stop of stops) await stop()
  base.transport.close()
  if (base.redis) await base.redis.close()
  await base.db.close()
}

/** The staff area's: the service behind the desks' sign-in and audit, the sessions, the identity provider. */
function staffParts(
  config: Config,
  options: ComposeOptions,
  base: Base,
  desk: ReturnType<typeof deskServices>,
) {
  return {
    service: createStaffService({
      db: base.db,
      brands: BRANDS,
      emailDomainCheck: base.emailDomainCheck,
      privacyMailbox: config.privacyMailbox,
      clock: options.clock,
    }),
    sessions: desk.staffSessions,
    oidc: config.staff.oidc ? createOidcSignIn(config.staff.oidc) : null,
    key: desk.staffKey,
  }
}

/** Issue 28: the reader's preference centre, and the brands' one-click unsubscribe keys (derived, never stored). */
function readerServices(
  config: Config,
  options: ComposeOptions,
  base: Base,
  extra: { signingKey: Buffer; count: ReturnType<typeof createMetrics>['countStops'] },
) {
  const { db } = base
  return {
    preferences: createPreferenceService({
      db,
      brands: BRANDS,
      emailDomainCheck: base.emailDomainCheck,
      mailLimit: base.mailLimit,
      privacyMailbox: config.privacyMailbox,
      count: extra.count,
      clock: options.clock,
    }),
    unsubscribe: createUnsubscribeService({
      db,
      brands: BRANDS,
      signingKey: extra.signingKey,
      privacyMailbox: config.privacyMailbox,
      count: extra.count,
      clock: options.clock,
    }),
  }
}

/** Ready while the database answers: a hung database must not hang the probe, so not within this long. */
function databaseAnswers(db: Db): Promise<boolean> {
  return withinTime(
    db.db
      .selectFrom('mail_outbox')
      .select('id')
      .limit(1)
      .execute()
      .then(() => true),
    READY_PROBE_MS,
  ).catch(() => false)
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
