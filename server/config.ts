import { existsSync } from 'node:fs'
import { type LevelWithSilent, levels } from 'pino'
import { hostTableFrom, staffConfig } from './config-staff'
import type { Config } from './config-types'
import {
  baseUrl,
  ConfigError,
  databaseUrl,
  type Env,
  fileKey,
  integer,
  ipList,
  mailbox,
  mailSenders,
  oneOf,
  signingKey,
  smtp,
  trustProxy,
  url,
  value,
} from './config-values'
import { builtInHostTable } from './sites'

export { requireStaffSignIn } from './config-staff'
export type { Config, MailSenders, RetentionConfig, StaffConfig } from './config-types'
export { ConfigError, withoutPassword } from './config-values'

/**
 * Every environment variable the server reads, typed and frozen (DESIGN.md §3; issue 31: the shape in
 * config-types.ts, the readers in config-values.ts, the staff area's in config-staff.ts).
 */
export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535)
  const hostsFile = value(env, 'SITE_HOSTS_FILE')
  if (hostsFile && !existsSync(hostsFile)) throw new ConfigError(`SITE_HOSTS_FILE: no file at ${hostsFile}`)
  const logLevel = value(env, 'LOG_LEVEL') ?? 'info'
  if (!(logLevel in levels.values) && logLevel !== 'silent') {
    throw new ConfigError(`LOG_LEVEL must be one of ${Object.keys(levels.values).join(', ')}, silent`)
  }
  const production = env.NODE_ENV === 'production'
  return Object.freeze({
    port,
    webConcurrency: integer(env, 'WEB_CONCURRENCY', 1, 1, 64),
    shutdownDrainSeconds: integer(env, 'SHUTDOWN_DRAIN_SECONDS', 5, 0, 300),
    production,
    hostTable: hostsFile ? hostTableFrom(hostsFile) : builtInHostTable(port),
    trustProxy: trustProxy(value(env, 'TRUST_PROXY')),
    fathomSiteId: value(env, 'FATHOM_SITE_ID') ?? null,
    logLevel: logLevel as LevelWithSilent,
    corporateSiteUrl: url(env, 'CORPORATE_SITE_URL', 'https://www.dpgmediagroup.com'),
    databaseUrl: databaseUrl(value(env, 'DATABASE_URL')),
    smtpUrl: smtp(value(env, 'SMTP_URL')),
    smtpMaxConnections: integer(env, 'SMTP_MAX_CONNECTIONS', 5, 1, 100),
    mailFrom: mailSenders(env),
    privacyMailbox: {
      NL: mailbox(env, 'PRIVACY_MAILBOX_NL', 'privacy@dpgmedia.nl'),
      BE: mailbox(env, 'PRIVACY_MAILBOX_BE', 'privacy@dpgmedia.be'),
    },
    customerServiceMailbox: {
      NL: mailbox(env, 'CUSTOMER_SERVICE_MAILBOX_NL', 'klantenservice@dpgmedia.nl'),
      BE: mailbox(env, 'CUSTOMER_SERVICE_MAILBOX_BE', 'klantendienst@dpgmedia.be'),
    },
    politicalAdsMailbox: {
      NL: mailbox(env, 'POLITICAL_ADS_MAILBOX_NL', mailbox(env, 'PRIVACY_MAILBOX_NL', 'privacy@dpgmedia.nl')),
      BE: mailbox(env, 'POLITICAL_ADS_MAILBOX_BE', mailbox(env, 'PRIVACY_MAILBOX_BE', 'privacy@dpgmedia.be')),
    },
    verificationTtlHours: integer(env, 'VERIFICATION_TTL_HOURS', 72, 1, 24 * 30),
    mailFailAfterHours: integer(env, 'MAIL_FAIL_AFTER_HOURS', 72, 1, 24 * 30),
    metricsAllowedIps: ipList(env, 'METRICS_ALLOWED_IPS', ['127.0.0.1', '::1']),
    webhookPrivateNetworks: ipList(env, 'WEBHOOK_PRIVATE_NETWORKS', []),
    unverifiedRetentionDays: integer(env, 'UNVERIFIED_RETENTION_DAYS', 30, 1, 365),
    retention: {
      contactMessageDays: integer(env, 'CONTACT_RETENTION_DAYS', 180, 1, 3650),
      complaintDays: integer(env, 'COMPLAINT_RETENTION_DAYS', 180, 1, 3650),
      mailRecordDays: integer(env, 'MAIL_RECORD_RETENTION_DAYS', 180, 1, 3650),
      politicalAdYears: integer(env, 'POLITICAL_AD_RETENTION_YEARS', 7, 1, 50),
      closedRequestMonths: integer(env, 'CLOSED_REQUEST_RETENTION_MONTHS', 24, 1, 240),
    },
    noticeArchive: {
      hour: integer(env, 'POLITICAL_AD_ARCHIVE_HOUR', 2, 0, 23),
      contacts: oneOf(env, 'POLITICAL_AD_ARCHIVE_CONTACTS', ['keep', 'omit'] as const, 'omit'),
    },
    databaseTimeouts: {
      connectMs: integer(env, 'DATABASE_CONNECT_TIMEOUT_SECONDS', 5, 1, 120) * 1000,
      statementMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_SECONDS', 10, 1, 600) * 1000,
    },
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 200),
    recipientMailsPerDay: integer(env, 'RECIPIENT_MAILS_PER_DAY', 3, 1, 1_000_000),
    redisUrl: value(env, 'REDIS_URL') ?? null,
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 20, 1, 1_000_000),
    pageRendersPerMinute: integer(env, 'PAGE_RENDERS_PER_MINUTE', 120, 0, 1_000_000),
    pageCacheBytes: integer(env, 'PAGE_CACHE_MB', 32, 1, 4096) * 1024 * 1024,
    apiClientRequestsPerMinute: integer(env, 'API_CLIENT_REQUESTS_PER_MINUTE', 600, 1, 1_000_000),
    apiClientAuthFailuresPerMinute: integer(env, 'API_CLIENT_AUTH_FAILURES_PER_MINUTE', 20, 1, 1_000_000),
    webhookSigningKey: signingKey(env),
    fileEncryptionKey: fileKey(env),
    accessPackageDays: integer(env, 'ACCESS_PACKAGE_DAYS', 14, 1, 90),
    emailDomainCheck: oneOf(env, 'EMAIL_DOMAIN_CHECK', ['dns', 'off'] as const, 'dns'),
    addressLookupUrl: {
      NL: baseUrl(env, 'ADDRESS_LOOKUP_NL_URL', 'https://api.pdok.nl/bzk/locatieserver/search/v3_1'),
      BE: baseUrl(env, 'ADDRESS_LOOKUP_BE_URL', 'https://api.basisregisters.vlaanderen.be'),
    },
    staff: staffConfig(env, production),
  })
}
