import type { DnsResolver } from '#server/services/email-domain.ts'

function dnsError(code: string): Error {
  return Object.assign(new Error(`queryMx ${code}`), { code })
}

/**
 * A local stand-in for DNS (the internet is not reachable in tests). Domains under `.invalid` do not
 * exist, `nullmx.test` publishes a Null MX, `a-only.test` has only an A record, `timeout.test` times out;
 * any other domain has an MX.
 */
export const testResolver: DnsResolver = {
  async resolveMx(domain) {
    if (domain.endsWith('.invalid')) throw dnsError('ENOTFOUND')
    if (domain === 'nullmx.test') return [{ exchange: '', priority: 0 }]
    if (domain === 'a-only.test') throw dnsError('ENODATA')
    if (domain === 'timeout.test') throw dnsError('ETIMEOUT')
    return [{ exchange: `mx.${domain}`, priority: 10 }]
  },
  async resolve4(domain) {
    if (domain === 'a-only.test') return ['192.0.2.1']
    throw dnsError('ENODATA')
  },
  async resolve6() {
    throw dnsError('ENODATA')
  },
}
