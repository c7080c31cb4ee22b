import { Resolver } from 'node:dns/promises'
import { LRUCache } from 'lru-cache'

/** The DNS look-ups the check needs; tests inject a local stub (nothing in the suite needs the internet). */
export interface DnsResolver {
  resolveMx(domain: string): Promise<{ exchange: string; priority: number }[]>
  resolve4(domain: string): Promise<string[]>
  resolve6(domain: string): Promise<string[]>
}

export type EmailDomainCheck = (email: string) => Promise<boolean>

const NO_RECORDS = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN'])

/**
 * Can the domain of an address receive mail? MX first; a Null MX (RFC 7505: one MX of ".") cannot.
 * Without MX, an A or AAAA record is the implicit MX. A domain that does not exist cannot. A DNS failure
 * or time-out accepts the address: we never refuse a visitor because our resolver had a bad moment.
 */
export function createEmailDomainCheck(
  resolver: DnsResolver,
  options: { cacheMs?: number } = {},
): EmailDomainCheck {
  // Bounded in entries and age (issue 19): a flood of made-up domains pushes out only the oldest answers.
  const cache = new LRUCache<string, { ok: boolean }>({ max: 10_000, ttl: options.cacheMs ?? 10 * 60_000 })
  return async (email) => {
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase()
    const cached = cache.get(domain)
    if (cached) return cached.ok
    const ok = await check(resolver, domain)
    cache.set(domain, { ok })
    return ok
  }
}

async function check(resolver: DnsResolver, domain: string): Promise<boolean> {
  try {
    const records = await resolver.resolveMx(domain)
    if (records.length === 0) return hasAddress(resolver, domain)
    const nullMx = records.length === 1 && ['', '.'].includes(records[0]?.exchange ?? '')
    return !nullMx
  } catch (error) {
    if (!NO_RECORDS.has(code(error))) return true
    if (code(error) === 'ENOTFOUND' || code(error) === 'NXDOMAIN') return false
    return hasAddress(resolver, domain)
  }
}

async function hasAddress(resolver: DnsResolver, domain: string): Promise<boolean> {
  const results = await Promise.allSettled([resolver.resolve4(domain), resolver.resolve6(domain)])
  if (results.some((r) => r.status === 'fulfilled' && r.value.length > 0)) return true
  // Only a definite "no such records" on both refuses; anything else is a DNS failure and accepts.
  return !results.every((r) => r.status === 'rejected' && NO_RECORDS.has(code(r.reason)))
}

function code(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''
}

/** The system resolver with a time-out: 2.5 s per query, one try. */
export function systemResolver(): DnsResolver {
  return new Resolver({ timeout: 2500, tries: 1 })
}
