import { createHash, randomBytes } from 'node:crypto'
import type { StaffRole } from '#shared/privacy-rights/desk.ts'
import type { Db } from '../db/database'
import {
  deleteSession,
  deleteStaleSessions,
  findSession,
  insertSession,
  type StaffIdentity,
  type StaffSession,
  touchSession,
} from '../db/staff-repository'
import { signer } from './cookies'

/**
 * The staff session cookie: `__Host-` keeps it on this exact host, over HTTPS, for the whole site. It holds
 * a random id and its HMAC; the session itself (who, since when, last seen) lives in the database, so that
 * signing out ends it everywhere and every instance sees the same sessions.
 */
export const SESSION_COOKIE = '__Host-staff-session'

export interface SessionSettings {
  /** HMAC key for the cookie. */
  key: Buffer
  idleMinutes: number
  maxHours: number
}

export interface StaffSessions {
  /** Starts a session with the member's roles and answers the cookie value. */
  start(identity: StaffIdentity, roles: readonly StaffRole[]): Promise<string>
  /** The live session of a cookie value, or null: a bad signature, unknown, idle too long or too old. */
  resolve(cookie: string | undefined): Promise<StaffSession | null>
  end(cookie: string | undefined): Promise<void>
  /** Deletes sessions past their end; the retention job calls it. */
  sweep(): Promise<number>
}

/** Touching the session on every request would write on every page view: once a minute is enough. */
const TOUCH_AFTER_MS = 60_000

export function createStaffSessions(
  db: Db,
  settings: SessionSettings,
  clock = () => new Date(),
): StaffSessions {
  const idleMs = settings.idleMinutes * 60_000
  const cookies = signer(settings.key, 200)
  const hash = (id: string) => createHash('sha256').update(id).digest('base64url')
  /** The id of a correctly signed cookie value, or null. */
  const idOf = (cookie: string | undefined) => cookies.verify(cookie)

  return {
    async start(identity, roles) {
      const id = randomBytes(32).toString('base64url')
      const now = clock()
      await insertSession(db.db, hash(id), {
        ...identity,
        roles: [...roles],
        createdAt: now.toISOString(),
        lastSeenAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + settings.maxHours * 3600_000).toISOString(),
      })
      return cookies.sign(id)
    },

    async resolve(cookie) {
      const id = idOf(cookie)
      if (!id) return null
      const idHash = hash(id)
      const session = await findSession(db.db, idHash)
      if (!session) return null
      const now = clock()
      const idle = now.getTime() - Date.parse(session.lastSeenAt)
      if (now.getTime() >= Date.parse(session.expiresAt) || idle >= idleMs) {
        await deleteSession(db.db, idHash)
        return null
      }
      if (idle >= TOUCH_AFTER_MS) {
        session.lastSeenAt = now.toISOString()
        await touchSession(db.db, idHash, session.lastSeenAt)
      }
      return session
    },

    async end(cookie) {
      const id = idOf(cookie)
      if (id) await deleteSession(db.db, hash(id))
    },

    async sweep() {
      const now = clock()
      return deleteStaleSessions(db.db, now.toISOString(), new Date(now.getTime() - idleMs).toISOString())
    },
  }
}

export interface AccessPolicy {
  allowedEmailDomains: readonly string[]
  allowedGroups: readonly string[]
  groupsClaim: string
  privacyTeamGroups: readonly string[]
  customerServiceGroups: readonly string[]
}

/**
 * Issue 16: the roles of an allowed member, from the groups claim. Without role groups configured everyone is
 * customer-service only; a privacy-team group gives the desk (and the form); with customer-service groups
 * configured, the form needs one of them. No role at all: no sign-in.
 */
export function rolesOf(claims: Record<string, unknown>, policy: AccessPolicy): StaffRole[] {
  const groups = groupsOf(claims, policy)
  const roles: StaffRole[] = []
  if (policy.privacyTeamGroups.some((group) => groups.includes(group))) roles.push('privacy-team')
  if (
    policy.customerServiceGroups.length === 0
      ? roles.length === 0 || policy.privacyTeamGroups.length > 0
      : policy.customerServiceGroups.some((group) => groups.includes(group))
  )
    roles.push('customer-service')
  return roles
}

function groupsOf(claims: Record<string, unknown>, policy: AccessPolicy): string[] {
  const raw = claims[policy.groupsClaim]
  const groups = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : []
  return groups.filter((group): group is string => typeof group === 'string')
}

/**
 * Who may use the staff area: every configured condition must hold. With e-mail domains, the (verified)
 * address must end in one of them; with groups, the groups claim must hold one of them.
 */
export function isAllowed(claims: Record<string, unknown>, policy: AccessPolicy): boolean {
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : ''
  if (claims.email_verified === false) return false
  if (policy.allowedEmailDomains.length > 0) {
    const domain = email.includes('@') ? email.slice(email.lastIndexOf('@') + 1) : ''
    if (!policy.allowedEmailDomains.includes(domain)) return false
  }
  if (policy.allowedGroups.length > 0) {
    const groups = groupsOf(claims, policy)
    if (!groups.some((group) => policy.allowedGroups.includes(group))) return false
  }
  return true
}
