import { existsSync } from 'node:fs'
import { type LevelWithSilent, levels } from 'pino'
import { builtInHostTable, type HostTable, readHostTable } from './sites'

/** Every environment variable the server reads, typed and frozen (DESIGN.md §3). */
export interface Config {
  readonly port: number
  readonly production: boolean
  readonly hostTable: HostTable
  /** Express `trust proxy` setting: hop count, `true`, or a list of addresses. */
  readonly trustProxy: boolean | number | string
  readonly fathomSiteId: string | null
  readonly logLevel: LevelWithSilent
  /** External corporate site for the advertiser and B2B privacy documents (legacy redirects). */
  readonly corporateSiteUrl: string
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
    production: env.NODE_ENV === 'production',
    hostTable: hostsFile ? readHostTable(hostsFile) : builtInHostTable(port),
    trustProxy: trustProxy(value(env, 'TRUST_PROXY')),
    fathomSiteId: value(env, 'FATHOM_SITE_ID') ?? null,
    logLevel: logLevel as LevelWithSilent,
    corporateSiteUrl: url(env, 'CORPORATE_SITE_URL', 'https://www.dpgmediagroup.com'),
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

function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === 'false') return false
  if (raw === 'true') return true
  if (/^\d+$/.test(raw)) return Number(raw)
  return raw
}
