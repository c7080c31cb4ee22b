import { lookup } from 'node:dns/promises'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { BlockList, isIP } from 'node:net'

/**
 * Issue 27: a webhook URL may not name this network. An operator registering, or a brand system asking for,
 * `https://169.254.169.254/…` (cloud metadata), `https://10.0.0.1/` or `https://127.1:5432/` would make the
 * worker reach into our own network. So every URL is checked on the addresses its host resolves to, at
 * registration and again at each delivery, and a delivery connects to the very address that was checked:
 * DNS cannot answer a public address to the check and an internal one to the connection.
 */
export interface WebhookAddressPolicy {
  /** Every address a host name resolves to (DNS). Tests inject a stub. */
  resolve(hostname: string): Promise<string[]>
  /**
   * Receivers on this machine over http (`http://127.0.0.1:PORT`): only the test setup turns this on
   * (test/support/app.ts), for the real receivers the tests run on loopback. The server and the operator
   * commands use `systemAddressPolicy`, which never does.
   */
  allowLoopbackReceivers?: boolean
  /**
   * Networks of the group's own where a brand system's receiver may live (WEBHOOK_PRIVATE_NETWORKS, e.g. a
   * CRM inside the group's network, or the load test's receiver on loopback): an https receiver there is
   * allowed although its address is internal. Still https only, its certificate checked as everywhere.
   */
  privateNetworks?: readonly string[]
}

export const systemAddressPolicy: WebhookAddressPolicy = {
  async resolve(hostname) {
    return (await lookup(hostname, { all: true, verbatim: true })).map((answer) => answer.address)
  },
}

/** The system's DNS, with the operator's private networks (WEBHOOK_PRIVATE_NETWORKS) allowed. */
export function systemAddressPolicyWith(privateNetworks: readonly string[]): WebhookAddressPolicy {
  return { ...systemAddressPolicy, privateNetworks }
}

/** A BlockList of `address` or `address/prefix` entries (already validated by the configuration). */
function networkList(entries: readonly string[]): BlockList {
  const networks = new BlockList()
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/')
    const kind = family(address)
    if (prefix === undefined) networks.addAddress(address, kind)
    else networks.addSubnet(address, Number(prefix), kind)
  }
  return networks
}

/** Addresses no webhook may reach: this host, private networks, link-local (cloud metadata), and the like. */
const INTERNAL = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6')
const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4')
/** An address this network owns (IPv4-mapped IPv6 addresses are judged as their IPv4 address). */
export const isInternalAddress = (address: string) => INTERNAL.check(address, family(address))

/** Where a delivery goes: the URL, and the one address checked that it connects to. */
export interface WebhookTarget {
  url: URL
  address: string
}

export type WebhookUrlCheck =
  | { ok: true; target: WebhookTarget | null }
  | { ok: false; rule: 'https' | 'address' }

/**
 * https (no user name or password in it), to a host whose every address is public. http only to a loopback
 * receiver where the policy allows those (tests). `target` is null when the name does not resolve now: a
 * registration takes it, as the address is checked again before every delivery, which then fails and retries.
 */
export async function checkWebhookUrl(value: string, policy: WebhookAddressPolicy): Promise<WebhookUrlCheck> {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return { ok: false, rule: 'https' }
  }
  if (url.username || url.password) return { ok: false, rule: 'https' }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, rule: 'https' }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  try {
    addresses = isIP(host) ? [host] : await policy.resolve(host)
  } catch {
    return url.protocol === 'https:' ? { ok: true, target: null } : { ok: false, rule: 'https' }
  }
  if (addresses.length === 0) return { ok: true, target: null }
  const loopbackReceiver =
    policy.allowLoopbackReceivers === true &&
    url.protocol === 'http:' &&
    addresses.every((address) => LOOPBACK.check(address, family(address)))
  if (url.protocol === 'http:' && !loopbackReceiver) return { ok: false, rule: 'https' }
  const allowed = networkList(policy.privateNetworks ?? [])
  const refused = (address: string) => isInternalAddress(address) && !allowed.check(address, family(address))
  if (!loopbackReceiver && addresses.some(refused)) return { ok: false, rule: 'address' }
  return { ok: true, target: { url, address: addresses[0] ?? host } }
}

/**
 * POSTs `body` to the target, connecting to its checked address only (the TLS certificate is still checked
 * against the URL's host name). No redirect is followed. Answers the status.
 */
export function postToTarget(
  target: WebhookTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<number> {
  const { url, address } = target
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: timeoutMs,
        // The address checked, never a second answer of DNS.
        lookup: (_hostname, options, callback) => {
          const kind = isIP(address) === 6 ? 6 : 4
          if ((options as { all?: boolean }).all)
            (callback as (error: null, list: { address: string; family: number }[]) => void)(null, [
              { address, family: kind },
            ])
          else (callback as (error: null, address: string, family: number) => void)(null, address, kind)
        },
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', reject)
      },
    )
    outgoing.on('timeout', () =>
      outgoing.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })),
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}
