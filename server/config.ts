import { existsSync } from 'node:fs'
import { isIP } from 'node:net'
import { type LevelWithSilent, levels } from 'pino'
import type { Country } from '#shared/site.ts'
import { builtInHostTable, deploymentOf, type HostTable, hasStaffHosts, readHostTable } from './sites'

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

export class ConfigError extends Error {}

type Env = Readonly<Record<string, string | undefined>>

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

/**
 * Issue 26, for a server about to serve (operator commands need no sign-in): a deployed host table with staff
 * hosts needs the staff sign-in's provider in production, or its desks would be areas nobody can sign in to
 * (the development sign-in exists on local hosts only).
 */
export function requireStaffSignIn(config: Config): void {
  const { hostTable } = config
  if (!config.production || config.staff.oidc !== null || !hasStaffHosts(hostTable)) return
  if (deploymentOf(hostTable) === 'local') return
  throw new ConfigError(
    'the host table (SITE_HOSTS_FILE) has staff hosts (environment internal): set STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET, the OpenID Connect provider staff sign in with',
  )
}

/** The operator's host table; a fault in it is a configuration error naming the file. */
function hostTableFrom(path: string): HostTable {
  try {
    return readHostTable(path)
  } catch (error) {
    throw new ConfigError((error as Error).message)
  }
}

/** The group's staff mail domains: the default allow-list when neither domains nor groups are configured. */
const STAFF_DOMAINS = ['dpgmedia.nl', 'dpgmedia.be', 'dpgmedia.com']

function staffConfig(env: Env, production: boolean): StaffConfig {
  const issuer = value(env, 'STAFF_OIDC_ISSUER')
  const clientId = value(env, 'STAFF_OIDC_CLIENT_ID')
  const clientSecret = value(env, 'STAFF_OIDC_CLIENT_SECRET')
  let oidc: StaffConfig['oidc'] = null
  if (issuer) {
    if (!clientId || !clientSecret)
      throw new ConfigError('STAFF_OIDC_ISSUER needs STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET')
    let parsed: URL
    try {
      parsed = new URL(issuer)
    } catch {
      throw new ConfigError(`STAFF_OIDC_ISSUER must be an absolute URL, got "${issuer}"`)
    }
    const loopback = ['127.0.0.1', '[::1]', 'localhost'].includes(parsed.hostname)
    if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && loopback))
      throw new ConfigError('STAFF_OIDC_ISSUER must be https:// (http:// only on a loopback address)')
    oidc = { issuer, clientId, clientSecret, allowInsecure: parsed.protocol === 'http:' }
  } else if (clientId || clientSecret) {
    throw new ConfigError('STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET need STAFF_OIDC_ISSUER')
  }
  const domains = list(env, 'STAFF_ALLOWED_EMAIL_DOMAINS').map((d) => d.toLowerCase().replace(/^@/, ''))
  const groups = list(env, 'STAFF_ALLOWED_GROUPS')
  const sessionSecret = value(env, 'STAFF_SESSION_SECRET') ?? null
  if (sessionSecret !== null && sessionSecret.length < 32)
    throw new ConfigError('STAFF_SESSION_SECRET must be at least 32 characters')
  return {
    oidc,
    allowedEmailDomains: domains.length === 0 && groups.length === 0 ? STAFF_DOMAINS : domains,
    allowedGroups: groups,
    groupsClaim: value(env, 'STAFF_GROUPS_CLAIM') ?? 'groups',
    privacyTeamGroups: list(env, 'STAFF_PRIVACY_TEAM_GROUPS'),
    customerServiceGroups: list(env, 'STAFF_CUSTOMER_SERVICE_GROUPS'),
    countries: countryList(env, 'STAFF_COUNTRIES'),
    sessionSecret,
    sessionIdleMinutes: integer(env, 'STAFF_SESSION_IDLE_MINUTES', 30, 1, 24 * 60),
    sessionMaxHours: integer(env, 'STAFF_SESSION_MAX_HOURS', 10, 1, 7 * 24),
    developmentSignIn:
      !production || oneOf(env, 'STAFF_DEVELOPMENT_SIGN_IN', ['on', 'off'] as const, 'off') === 'on',
  }
}

/**
 * `file:PATH` is a SQLite file, `postgres://…` or `postgresql://…` a PostgreSQL server. Anything else (a typo
 * such as `postgress://`, another database's scheme) is refused: it must never start the site on a new,
 * empty SQLite file named after the URL.
 */
function databaseUrl(raw: string | undefined): string {
  if (raw === undefined) return 'file:data/privacy.sqlite'
  if (/^file:.+/.test(raw) || /^postgres(ql)?:\/\/[^/]/.test(raw)) return raw
  throw new ConfigError(
    `DATABASE_URL must be file:PATH (SQLite) or postgres://… (PostgreSQL), got "${withoutPassword(raw)}"`,
  )
}

/** A URL as it may be printed: the password of `scheme://user:password@host` is left out. */
export function withoutPassword(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, '$1:***@')
}

function signingKey(env: Env): string | null {
  const key = value(env, 'WEBHOOK_SIGNING_KEY') ?? null
  if (key !== null && key.length < 32)
    throw new ConfigError('WEBHOOK_SIGNING_KEY must be at least 32 characters')
  return key
}

/**
 * A 256-bit key as 64 hex digits or as base64 / base64url (`openssl rand -base64 32`). Anything else set stops
 * the start: a short or mistyped key would silently make every stored file unreadable, or weakly sealed.
 */
function fileKey(env: Env): Buffer | null {
  const raw = value(env, 'FILE_ENCRYPTION_KEY')
  if (raw === undefined) return null
  const key = /^[0-9a-fA-F]{64}$/.test(raw)
    ? Buffer.from(raw, 'hex')
    : /^[A-Za-z0-9+/_-]{43}={0,1}$/.test(raw)
      ? Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null
  if (key?.length !== 32)
    throw new ConfigError(
      'FILE_ENCRYPTION_KEY must be 32 bytes as 64 hex digits or base64 (openssl rand -base64 32)',
    )
  return key
}

/** `NL,BE` (the default), `NL` or `BE`. */
function countryList(env: Env, name: string): Country[] {
  const countries = list(env, name).map((item) => item.toUpperCase())
  if (countries.length === 0) return ['NL', 'BE']
  const wrong = countries.find((country) => country !== 'NL' && country !== 'BE')
  if (wrong) throw new ConfigError(`${name} must list NL and/or BE, got "${wrong}"`)
  return [...new Set(countries)] as Country[]
}

function list(env: Env, name: string): string[] {
  return (value(env, name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

/** Addresses and subnets: `127.0.0.1`, `::1`, `172.16.0.0/12`. */
function ipList(env: Env, name: string, fallback: string[]): string[] {
  const entries = list(env, name)
  const wrong = entries.find((entry) => {
    const [address = '', prefix] = entry.split('/')
    const family = isIP(address)
    if (family === 0) return true
    return prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
  })
  if (wrong !== undefined)
    throw new ConfigError(`${name} must be a comma list of IP addresses or subnets, got "${wrong}"`)
  return entries.length > 0 ? entries : fallback
}

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim()
  return raw ? raw : undefined
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name)
  if (raw === undefined) return fallback
  const parsed = Number(raw)
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`)
  }
  return parsed
}

function url(env: Env, name: string, fallback: string): string {
  const raw = value(env, name) ?? fallback
  try {
    return new URL(raw).origin
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`)
  }
}

function baseUrl(env: Env, name: string, fallback: string): string {
  const raw = value(env, name) ?? fallback
  try {
    const parsed = new URL(raw)
    if (!/^https?:$/.test(parsed.protocol)) throw new Error('scheme')
    return raw.replace(/\/$/, '')
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`)
  }
}

function smtp(raw: string | undefined): string | null {
  if (raw === undefined) return null
  if (!/^smtps?:\/\/[^/]+/.test(raw))
    throw new ConfigError(`SMTP_URL must be smtp://… or smtps://…, got "${raw}"`)
  return raw
}

/** Who a mail comes from: its country's sender, else MAIL_FROM (docs: README, Configuration). */
export interface MailSenders {
  default: string
  NL: string
  BE: string
}

/**
 * Issue 27: mails to Belgian requesters come from a .be address. MAIL_FROM_NL and MAIL_FROM_BE name each
 * country's sender; MAIL_FROM, as before, is the sender of mails of no country and the one a country without
 * its own takes. Nothing set: `no-reply@` of each country's domain.
 */
function mailSenders(env: Env): MailSenders {
  const fallback = value(env, 'MAIL_FROM')
  return {
    default: mailbox(env, 'MAIL_FROM', 'DPG Media Privacy <no-reply@dpgmedia.nl>'),
    NL: mailbox(env, 'MAIL_FROM_NL', fallback ?? 'DPG Media Privacy <no-reply@dpgmedia.nl>'),
    BE: mailbox(env, 'MAIL_FROM_BE', fallback ?? 'DPG Media Privacy <no-reply@dpgmedia.be>'),
  }
}

function mailbox(env: Env, name: string, fallback: string): string {
  const raw = value(env, name) ?? fallback
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>$/.test(raw)) {
    throw new ConfigError(`${name} must be an e-mail address, got "${raw}"`)
  }
  return raw
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = value(env, name) ?? fallback
  if (!(values as readonly string[]).includes(raw))
    throw new ConfigError(`${name} must be one of ${values.join(', ')}`)
  return raw as T
}

/**
 * `true` would trust every X-Forwarded-For entry, so any client could choose its own address and rotate
 * past the per-IP rate limit: only a hop count or the proxies' addresses are accepted.
 */
function trustProxy(raw: string | undefined): false | number | string {
  if (raw === undefined || raw === 'false') return false
  if (raw === 'true')
    throw new ConfigError(
      'TRUST_PROXY=true would let any client choose its address; give the number of proxy hops (e.g. 1) or the proxy addresses',
    )
  if (/^\d+$/.test(raw)) return Number(raw)
  return raw
}
