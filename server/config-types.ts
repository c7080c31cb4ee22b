import type { LevelWithSilent } from 'pino'
import type { Country } from '#shared/site.ts'
import type { HostTable } from './sites'

/**
 * Issue 31 (moved from config.ts): the configuration's shape.
 */

/** Every environment variable the server reads, typed and frozen (DESIGN.md §3). */
export interface Config {
  readonly port: number
  /** Worker processes sharing the port in production (node:cluster); 1 runs the server in this process. */
  readonly webConcurrency: number
  /** Seconds between SIGTERM and closing the listener: /readyz answers 503 while requests are still served. */
  readonly shutdownDrainSeconds: number
  readonly production: boolean
  readonly hostTable: HostTable
  /** Express `trust proxy` setting: a hop count or a list of proxy addresses (never `true`). */
  readonly trustProxy: false | number | string
  readonly fathomSiteId: string | null
  readonly logLevel: LevelWithSilent
  /** External corporate site for the advertiser and B2B privacy documents (legacy redirects). */
  readonly corporateSiteUrl: string
  /** `postgres://…`, `file:PATH`, or the default SQLite file under data/. */
  readonly databaseUrl: string
  /** SMTP server URL; null writes mails as .eml files under data/mail/. */
  readonly smtpUrl: string | null
  /** SMTP connections each instance keeps open, and so mails it sends at once (SMTP_MAX_CONNECTIONS). */
  readonly smtpMaxConnections: number
  /** Sender of a mail that belongs to no country (MAIL_FROM), and of each country's (MAIL_FROM_NL, MAIL_FROM_BE). */
  readonly mailFrom: MailSenders
  readonly privacyMailbox: Readonly<Record<Country, string>>
  readonly customerServiceMailbox: Readonly<Record<Country, string>>
  /** Issue 18: where political-ad complaints go (POLITICAL_ADS_MAILBOX_NL/BE; default the privacy mailbox). */
  readonly politicalAdsMailbox: Readonly<Record<Country, string>>
  readonly verificationTtlHours: number
  /** A mail whose attempts keep failing is given up on (marked failed, erased) this long after it was queued. */
  readonly mailFailAfterHours: number
  /** Client addresses or subnets (the TCP peer, never X-Forwarded-For) that may read `/metrics`. */
  readonly metricsAllowedIps: readonly string[]
  /** Internal networks where an https webhook receiver may live (WEBHOOK_PRIVATE_NETWORKS; none by default). */
  readonly webhookPrivateNetworks: readonly string[]
  readonly unverifiedRetentionDays: number
  /** How long personal data is kept after receipt (the retention job deletes it, and its mails, then). */
  readonly retention: RetentionConfig
  /** PostgreSQL pool: how long to wait for a connection and for one statement before answering 503. */
  readonly databaseTimeouts: { readonly connectMs: number; readonly statementMs: number }
  /** PostgreSQL connections each instance (each worker process) may open (DATABASE_POOL_SIZE). */
  readonly databasePoolSize: number
  /** Mails of one kind group (verification; acknowledgements) to one recipient address per 24 hours. */
  readonly recipientMailsPerDay: number
  readonly redisUrl: string | null
  readonly rateLimitPerMinute: number
  /** Issue 30: renders (answers not kept yet) one client address may cause a minute; 0: no limit. */
  readonly pageRendersPerMinute: number
  /**
   * Issue 19: memory for rendered pages and search answers kept compressed (PAGE_CACHE_MB), in bytes; a
   * quarter of it holds answers to URLs with a query string and not-found pages.
   */
  readonly pageCacheBytes: number
  /** Issue 17: the key webhook signing secrets are derived from (WEBHOOK_SIGNING_KEY); null: a key file. */
  readonly webhookSigningKey: string | null
  /**
   * Issue 25: the 32-byte AES-256-GCM key of the access answers' files (FILE_ENCRYPTION_KEY, 64 hex digits or
   * base64); null: a key file under data/, made at first start.
   */
  readonly fileEncryptionKey: Buffer | null
  /** Issue 25: days an access package can be downloaded after the request was completed (ACCESS_PACKAGE_DAYS). */
  readonly accessPackageDays: number
  /** Issue 17: requests per minute one brand system may make (API_CLIENT_REQUESTS_PER_MINUTE). */
  readonly apiClientRequestsPerMinute: number
  /** Issue 17: calls without a valid secret one address may make a minute (API_CLIENT_AUTH_FAILURES_PER_MINUTE). */
  readonly apiClientAuthFailuresPerMinute: number
  readonly emailDomainCheck: 'dns' | 'off'
  /** Base URLs of the address registers: PDOK Locatieserver (NL), Flemish address register (BE). */
  readonly addressLookupUrl: Readonly<Record<Country, string>>
  /** Staff sign-in for the internal area (issue 8); `oidc` is null when no identity provider is set. */
  readonly staff: StaffConfig
  /**
   * Issue 29: the political-ads archive. `hour`: the hour (UTC) after which each day's file is written
   * (POLITICAL_AD_ARCHIVE_HOUR); `contacts`: whether its lines keep the sponsors', payers' and controlling
   * entities' e-mail and postal addresses (POLITICAL_AD_ARCHIVE_CONTACTS, docs/decisions/010).
   */
  readonly noticeArchive: { readonly hour: number; readonly contacts: 'keep' | 'omit' }
}

export interface RetentionConfig {
  readonly contactMessageDays: number
  /** Political-ad complaints: counted from their closing; an open one is never deleted (issue 18). */
  readonly complaintDays: number
  /** Records of mails (kind, recipient domain, subject, times, body hash), sent or not. */
  readonly mailRecordDays: number
  /**
   * Issue 18: political-ad notices and their earlier versions, counted from the end of publication
   * (POLITICAL_AD_RETENTION_YEARS; see docs/decisions/003-notice-history.md).
   */
  readonly politicalAdYears: number
  /**
   * Issue 25: closed privacy requests keep their personal data this many months after closing
   * (CLOSED_REQUEST_RETENTION_MONTHS), then only what accountability and the public figures need.
   */
  readonly closedRequestMonths: number
}

export interface StaffConfig {
  readonly oidc: {
    readonly issuer: string
    readonly clientId: string
    readonly clientSecret: string
    /** True only for an http:// issuer on a loopback address (tests and local identity providers). */
    readonly allowInsecure: boolean
  } | null
  /** Lower-case e-mail domains whose staff may sign in; empty when only groups decide. */
  readonly allowedEmailDomains: readonly string[]
  /** Values of the groups claim that may sign in; empty when only e-mail domains decide. */
  readonly allowedGroups: readonly string[]
  readonly groupsClaim: string
  /**
   * Issue 16, roles from the groups claim: members of these groups are `privacy-team` (the desk and the form);
   * of those `customer-service` (the form). With neither configured every allowed member is customer-service.
   */
  readonly privacyTeamGroups: readonly string[]
  readonly customerServiceGroups: readonly string[]
  /** The countries whose requests the desk shows (STAFF_COUNTRIES, default both). */
  readonly countries: readonly Country[]
  /** Secret that signs the session cookie; null derives one from the client secret or a local key file. */
  readonly sessionSecret: string | null
  readonly sessionIdleMinutes: number
  readonly sessionMaxHours: number
  /**
   * The password-less sign-in on local hosts: outside development only with STAFF_DEVELOPMENT_SIGN_IN=on
   * (the local and loopback conditions apply as well).
   */
  readonly developmentSignIn: boolean
}

/** Who a mail comes from: its country's sender, else MAIL_FROM (docs: README, Configuration). */
export interface MailSenders {
  default: string
  NL: string
  BE: string
}
