import { join } from 'node:path'
import type { Assets } from './assets'
import type { Config } from './config'
import { assertContent } from './content'
import { migrateDatabase, openDatabase } from './db/database'
import { readPreparedDocuments } from './documents/prepared'
import { loadDocuments } from './documents/store'
import type { Logger } from './logger'
import { createTransport, type MailTransport } from './mail/transport'
import { memoryRateLimitStore, type RateLimitStore } from './rate-limit-store'
import { connectRateLimitStore, STARTUP_WAIT_MS as REDIS_STARTUP_WAIT_MS } from './redis-rate-limit'
import { createEmailDomainCheck, type DnsResolver, systemResolver } from './services/email-domain'
import { recipientMailLimit } from './services/recipient-limit'
import type { WebhookAddressPolicy } from './services/webhook-urls'

/** What the composition root is given besides the config (issue 31: moved from compose.ts). */
export interface ComposeOptions {
  root: string
  logger: Logger
  assets: Assets
  development?: boolean
  resolver?: DnsResolver
  /** Whose addresses webhooks may reach (issue 27); tests inject theirs, with loopback receivers. */
  webhookAddresses?: WebhookAddressPolicy
  /** What "now" is for requests, the desk and its deadlines; tests inject their own. */
  clock?: () => Date
}

/**
 * What every service stands on: the checked content, the migrated database, the documents, the mail
 * transport, the e-mail domain check, the rate-limit store (Redis, else memory) and the recipients' mail limit.
 */
export async function openBase(config: Config, options: ComposeOptions) {
  const { root, logger, clock } = options
  // The build checked content/ too, and stamped it: production trusts the stamp while every file is as the
  // build found it; an instance never serves content that breaks its schemas.
  const stamped = assertContent(root, { trustBuildStamp: !options.development })
  // Redis may come up after this instance, or never (the store falls back to memory): it connects while the
  // migrations are checked, and the start waits a moment for it only after them.
  const redis = config.redisUrl ? connectRateLimitStore(config.redisUrl, logger) : null
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
  // Content as the build stamped it: the documents as the build parsed them (issue 30).
  const documents = loadDocuments(
    join(root, 'content/documents'),
    stamped ? readPreparedDocuments(root) : null,
  )
  const transport: MailTransport = createTransport(config.smtpUrl, join(root, 'data/mail'), {
    maxConnections: config.smtpMaxConnections,
  })
  const emailDomainCheck =
    config.emailDomainCheck === 'off'
      ? async () => true
      : createEmailDomainCheck(options.resolver ?? systemResolver())
  await redis?.ready(REDIS_STARTUP_WAIT_MS)
  const rateLimitStore: RateLimitStore =
    redis?.store ?? memoryRateLimitStore({ now: clock ? () => clock().getTime() : undefined })
  const mailLimit = recipientMailLimit(rateLimitStore, config.recipientMailsPerDay)
  return { db, documents, transport, emailDomainCheck, redis, rateLimitStore, mailLimit }
}

export type Base = Awaited<ReturnType<typeof openBase>>
