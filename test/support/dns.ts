import type { DnsResolver } from '#server/services/email-domain.ts'
import type { WebhookAddressPolicy } from '#server/services/webhook-urls.ts'

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

/**
 * The webhook URLs' DNS in tests (issue 27): names that resolve into this network, and loopback receivers
 * allowed over http for the real receivers the tests run on 127.0.0.1 (a test-only policy: the server uses
 * `systemAddressPolicy`). Any other name does not resolve, so no test ever connects off this machine.
 */
export const INTERNAL_WEBHOOK_HOSTS: Readonly<Record<string, string[]>> = {
  localhost: ['127.0.0.1'],
  'metadata.crm.example': ['169.254.169.254'],
  'intranet.crm.example': ['10.0.0.7'],
  'mixed.crm.example': ['198.51.99.10', '192.168.1.20'],
  'v6.crm.example': ['fd00:ec2::254'],
}

export const testWebhookAddresses: WebhookAddressPolicy = {
  async resolve(hostname) {
    const known = INTERNAL_WEBHOOK_HOSTS[hostname]
    if (known) return known
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
  },
  allowLoopbackReceivers: true,
}
