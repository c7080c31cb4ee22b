import { existsSync } from 'node:fs'
import { type LevelWithSilent, levels } from 'pino'
import type { Country } from '../shared/site'
import { builtInHostTable, type HostTable, readHostTable } from './sites'

/** Every environment variable the server reads, typed and frozen (DESIGN.md §3). */
export interface Config {
  readonly port: number
  /** Worker processes sharing the port in production (node:cluster); 1 runs the server in this process. */
  readonly webConcurrency: number
  readonly production: boolean
  readonly hostTable: HostTable
  /** Express `trust proxy` setting: hop count, `true`, or a list of addresses. */
  readonly trustProxy: boolean | number | string
  readonly fathomSiteId: string | null
  readonly logLevel: LevelWithSilent
  /** External corporate site for the advertiser and B2B privacy documents (legacy redirects). */
  readonly corporateSiteUrl: string
  /** `postgres://…`, `file:PATH`, or the default SQLite file under data/. */
  readonly databaseUrl: string
  /** SMTP server URL; null writes mails as .eml files under data/mail/. */
  readonly smtpUrl: string | null
  readonly mailFrom: string
  readonly privacyMailbox: Readonly<Record<Country, string>>
  readonly customerServiceMailbox: Readonly<Record<Country, string>>
  readonly verificationTtlHours: number
  readonly unverifiedRetentionDays: number
  readonly redisUrl: string | null
  readonly rateLimitPerMinute: number
  readonly emailDomainCheck: 'dns' | 'off'
  /** Base URLs of the address registers: PDOK Locatieserver (NL), Flemish address register (BE). */
  readonly addressLookupUrl: Readonly<Record<Country, string>>
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
  return Object.freeze({
    port,
    webConcurrency: integer(env, 'WEB_CONCURRENCY', 1, 1, 64),
    production: env.NODE_ENV === 'production',
    hostTable: hostsFile ? readHostTable(hostsFile) : builtInHostTable(port),
    trustProxy: trustProxy(value(env, 'TRUST_PROXY')),
    fathomSiteId: value(env, 'FATHOM_SITE_ID') ?? null,
    logLevel: logLevel as LevelWithSilent,
    corporateSiteUrl: url(env, 'CORPORATE_SITE_URL', 'https://www.dpgmediagroup.com'),
    databaseUrl: value(env, 'DATABASE_URL') ?? 'file:data/privacy.sqlite',
    smtpUrl: smtp(value(env, 'SMTP_URL')),
    mailFrom: mailbox(env, 'MAIL_FROM', 'DPG Media Privacy <no-reply@dpgmedia.nl>'),
    privacyMailbox: {
      NL: mailbox(env, 'PRIVACY_MAILBOX_NL', 'privacy@dpgmedia.nl'),
      BE: mailbox(env, 'PRIVACY_MAILBOX_BE', 'privacy@dpgmedia.be'),
    },
    customerServiceMailbox: {
      NL: mailbox(env, 'CUSTOMER_SERVICE_MAILBOX_NL', 'klantenservice@dpgmedia.nl'),
      BE: mailbox(env, 'CUSTOMER_SERVICE_MAILBOX_BE', 'klantendienst@dpgmedia.be'),
    },
    verificationTtlHours: integer(env, 'VERIFICATION_TTL_HOURS', 72, 1, 24 * 30),
    unverifiedRetentionDays: integer(env, 'UNVERIFIED_RETENTION_DAYS', 30, 1, 365),
    redisUrl: value(env, 'REDIS_URL') ?? null,
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 20, 1, 1_000_000),
    emailDomainCheck: oneOf(env, 'EMAIL_DOMAIN_CHECK', ['dns', 'off'] as const, 'dns'),
    addressLookupUrl: {
      NL: baseUrl(env, 'ADDRESS_LOOKUP_NL_URL', 'https://api.pdok.nl/bzk/locatieserver/search/v3_1'),
      BE: baseUrl(env, 'ADDRESS_LOOKUP_BE_URL', 'https://api.basisregisters.vlaanderen.be'),
    },
  })
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

function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === 'false') return false
  if (raw === 'true') return true
  if (/^\d+$/.test(raw)) return Number(raw)
  return raw
}
