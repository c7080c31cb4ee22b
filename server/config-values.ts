import { isIP } from 'node:net'
import type { Country } from '#shared/site.ts'
import type { MailSenders } from './config-types'
import { withoutPassword } from './logger'

export { withoutPassword }

/**
 * Issue 31 (moved from config.ts): how each kind of environment variable is read, and refused when it is
 * wrong.
 */

export class ConfigError extends Error {}

export type Env = Readonly<Record<string, string | undefined>>

/**
 * `file:PATH` is a SQLite file, `postgres://…` or `postgresql://…` a PostgreSQL server. Anything else (a typo
 * such as `postgress://`, another database's scheme) is refused: it must never start the site on a new,
 * empty SQLite file named after the URL.
 */
export function databaseUrl(raw: string | undefined): string {
  if (raw === undefined) return 'file:data/privacy.sqlite'
  if (/^file:.+/.test(raw) || /^postgres(ql)?:\/\/[^/]/.test(raw)) return raw
  throw new ConfigError(
    `DATABASE_URL must be file:PATH (SQLite) or postgres://… (PostgreSQL), got "${withoutPassword(raw)}"`,
  )
}

export function signingKey(env: Env): string | null {
  const key = value(env, 'WEBHOOK_SIGNING_KEY') ?? null
  if (key !== null && key.length < 32)
    throw new ConfigError('WEBHOOK_SIGNING_KEY must be at least 32 characters')
  return key
}

/**
 * A 256-bit key as 64 hex digits or as base64 / base64url (`openssl rand -base64 32`). Anything else set stops
 * the start: a short or mistyped key would silently make every stored file unreadable, or weakly sealed.
 */
export function fileKey(env: Env): Buffer | null {
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
export function countryList(env: Env, name: string): Country[] {
  const countries = list(env, name).map((item) => item.toUpperCase())
  if (countries.length === 0) return ['NL', 'BE']
  const wrong = countries.find((country) => country !== 'NL' && country !== 'BE')
  if (wrong) throw new ConfigError(`${name} must list NL and/or BE, got "${wrong}"`)
  return [...new Set(countries)] as Country[]
}

export function list(env: Env, name: string): string[] {
  return (value(env, name) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

/** Addresses and subnets: `127.0.0.1`, `::1`, `172.16.0.0/12`. */
export function ipList(env: Env, name: string, fallback: string[]): string[] {
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

export function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim()
  return raw ? raw : undefined
}

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name)
  if (raw === undefined) return fallback
  const parsed = Number(raw)
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`)
  }
  return parsed
}

export function url(env: Env, name: string, fallback: string): string {
  const raw = value(env, name) ?? fallback
  try {
    return new URL(raw).origin
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`)
  }
}

export function baseUrl(env: Env, name: string, fallback: string): string {
  const raw = value(env, name) ?? fallback
  try {
    const parsed = new URL(raw)
    if (!/^https?:$/.test(parsed.protocol)) throw new Error('scheme')
    return raw.replace(/\/$/, '')
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`)
  }
}

export function smtp(raw: string | undefined): string | null {
  if (raw === undefined) return null
  if (!/^smtps?:\/\/[^/]+/.test(raw))
    throw new ConfigError(`SMTP_URL must be smtp://… or smtps://…, got "${raw}"`)
  return raw
}

/**
 * Issue 27: mails to Belgian requesters come from a .be address. MAIL_FROM_NL and MAIL_FROM_BE name each
 * country's sender; MAIL_FROM, as before, is the sender of mails of no country and the one a country without
 * its own takes. Nothing set: `no-reply@` of each country's domain.
 */
export function mailSenders(env: Env): MailSenders {
  const fallback = value(env, 'MAIL_FROM')
  return {
    default: mailbox(env, 'MAIL_FROM', 'DPG Media Privacy <no-reply@dpgmedia.nl>'),
    NL: mailbox(env, 'MAIL_FROM_NL', fallback ?? 'DPG Media Privacy <no-reply@dpgmedia.nl>'),
    BE: mailbox(env, 'MAIL_FROM_BE', fallback ?? 'DPG Media Privacy <no-reply@dpgmedia.be>'),
  }
}

export function mailbox(env: Env, name: string, fallback: string): string {
  const raw = value(env, name) ?? fallback
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>$/.test(raw)) {
    throw new ConfigError(`${name} must be an e-mail address, got "${raw}"`)
  }
  return raw
}

export function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = value(env, name) ?? fallback
  if (!(values as readonly string[]).includes(raw))
    throw new ConfigError(`${name} must be one of ${values.join(', ')}`)
  return raw as T
}

/**
 * `true` would trust every X-Forwarded-For entry, so any client could choose its own address and rotate
 * past the per-IP rate limit: only a hop count or the proxies' addresses are accepted.
 */
export function trustProxy(raw: string | undefined): false | number | string {
  if (raw === undefined || raw === 'false') return false
  if (raw === 'true')
    throw new ConfigError(
      'TRUST_PROXY=true would let any client choose its address; give the number of proxy hops (e.g. 1) or the proxy addresses',
    )
  if (/^\d+$/.test(raw)) return Number(raw)
  return raw
}
