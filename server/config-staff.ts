import type { Config, StaffConfig } from './config-types'
import { ConfigError, countryList, type Env, integer, list, oneOf, value } from './config-values'
import { deploymentOf, type HostTable, hasStaffHosts, readHostTable } from './sites'

/**
 * Issue 31 (moved from config.ts): the host table and the staff area's configuration.
 */

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
export function hostTableFrom(path: string): HostTable {
  try {
    return readHostTable(path)
  } catch (error) {
    throw new ConfigError((error as Error).message)
  }
}

/** The group's staff mail domains: the default allow-list when neither domains nor groups are configured. */
const STAFF_DOMAINS = ['dpgmedia.nl', 'dpgmedia.be', 'dpgmedia.com']

export function staffConfig(env: Env, production: boolean): StaffConfig {
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
