import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import { type BrandCatalog, brandsOfNroKeys } from '#shared/brands.ts'
import { EMAIL_PATTERN } from '#shared/privacy-rights/request.ts'
import type { Country, Site } from '#shared/site.ts'
import { type ApiClient, findClientByName } from '../db/api-client-repository'
import type { Db } from '../db/database'
import { readerStops } from '../db/preference-repository'
import { liveKeyClient, rotateUnsubscribeKey } from '../db/unsubscribe-repository'
import { NotFound } from './errors'
import type { StopCounter } from './preferences'
import { recordReaderStops } from './reader-stops'

/** A key a rotation replaced works this long more: mails already sent keep their links working. */
export const UNSUBSCRIBE_KEY_GRACE_MS = 30 * 86_400_000

/** What a valid token says: which client made it, for which of its brand keys, for which address. */
export interface UnsubscribeToken {
  client: ApiClient
  brandKey: string
  email: string
  /** The brand's language, for the page a browser shows (its country's first language but for a French brand). */
  language: 'nl' | 'fr'
  brandName: string
}

/**
 * Issue 28 item 2: one-click unsubscribe (RFC 8058) for the brands' own mailings. A brand system makes each link
 * itself, without a call per mail: `/u/{keyId}.{payload}.{mac}`, the payload the base64url of
 * `v1\n{brandKey}\nEMAIL\n{address}` and the MAC an HMAC-SHA256 with its unsubscribe key over
 * `{keyId}.{payload}`. The keys are derived from the server's key and the key id, never stored.
 */
export function createUnsubscribeService(options: {
  db: Db
  brands: BrandCatalog
  /** The webhook signing key (WEBHOOK_SIGNING_KEY, the same on every instance): the unsubscribe keys come from it. */
  signingKey: Buffer
  privacyMailbox: Readonly<Record<Country, string>>
  count?: StopCounter
  clock?: () => Date
}) {
  const root = Buffer.from(hkdfSync('sha256', options.signingKey, '', 'privacy-site unsubscribe keys', 32))
  const deps: UnsubscribeDeps = {
    ...options,
    clock: options.clock ?? (() => new Date()),
    keyOf: (keyId) => createHmac('sha256', root).update(`unsubscribe:${keyId}`).digest(),
  }
  return {
    /**
     * A new key pair for a live client: `keyId` and `key` (256 bits, base64url). Its earlier keys keep working
     * for 30 days.
     */
    newKey: (clientName: string) => newUnsubscribeKey(deps, clientName),
    /** What a token says, when it is whole, signed by a live key of a live client, for one of its brands. */
    resolve: (token: string, site: Site) => resolveToken(deps, token, site),
    /**
     * The one click: the brand's e-mail stopped for the address at once (every key of the brand, as an
     * objection to it stores them all), in the client's feed; the same click again changes nothing.
     */
    unsubscribe: (found: UnsubscribeToken, site: Site) => unsubscribeOnce(deps, found, site),
  }
}

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>

interface UnsubscribeDeps {
  db: Db
  brands: BrandCatalog
  privacyMailbox: Readonly<Record<Country, string>>
  count?: StopCounter
  clock: () => Date
  /** A key id's unsubscribe key, derived from the server's key. */
  keyOf: (keyId: string) => Buffer
}

async function newUnsubscribeKey(
  deps: UnsubscribeDeps,
  clientName: string,
): Promise<{ keyId: string; key: string }> {
  const client = await findClientByName(deps.db.db, clientName)
  if (!client || client.revokedAt) throw new NotFound(`Live client "${clientName}"`)
  const now = deps.clock()
  const keyId = `uk_${randomBytes(12).toString('base64url')}`
  await rotateUnsubscribeKey(deps.db.db, {
    keyId,
    clientId: client.id,
    now: now.toISOString(),
    graceUntil: new Date(now.getTime() + UNSUBSCRIBE_KEY_GRACE_MS).toISOString(),
  })
  return { keyId, key: deps.keyOf(keyId).toString('base64url') }
}

async function resolveToken(
  deps: UnsubscribeDeps,
  token: string,
  site: Site,
): Promise<UnsubscribeToken | null> {
  const match = /^(uk_[\w-]{16})\.([\w-]{1,400})\.([\w-]{43})$/.exec(token)
  if (!match) return null
  const [, keyId = '', payload = '', mac = ''] = match
  const client = await liveKeyClient(deps.db.db, keyId, deps.clock().toISOString())
  if (!client || client.country !== site.country) return null
  const expected = createHmac('sha256', deps.keyOf(keyId)).update(`${keyId}.${payload}`).digest()
  const given = Buffer.from(mac, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  const [version, brandKey = '', channel, email = '', ...rest] = Buffer.from(payload, 'base64url')
    .toString('utf8')
    .split('\n')
  if (version !== 'v1' || channel !== 'EMAIL' || rest.length > 0) return null
  if (email !== email.toLowerCase() || !EMAIL_PATTERN.test(email)) return null
  const list = deps.brands[client.country].brands
  const brand = brandsOfNroKeys(list, [brandKey]).brands[0]?.brand
  if (!brand || (client.brands && !client.brands.includes(brandKey))) return null
  return {
    client,
    brandKey,
    email,
    language: brand.language ?? 'nl',
    brandName: brand.description,
  }
}

async function unsubscribeOnce(
  deps: UnsubscribeDeps,
  found: UnsubscribeToken,
  site: Site,
): Promise<{ created: number }> {
  const brand = brandsOfNroKeys(deps.brands[site.country].brands, [found.brandKey]).brands[0]?.brand
  const keys = brand?.nroKeys ?? [found.brandKey]
  const standing = await readerStops(deps.db.db, { email: found.email, country: site.country })
  const fresh = keys
    .filter((key) => !standing.some((stop) => stop.channel === 'EMAIL' && stop.brandKey === key))
    .map((brandKey) => ({ brandKey, channel: 'EMAIL' as const }))
  if (fresh.length === 0) return { created: 0 }
  await recordReaderStops(
    deps,
    {
      email: found.email,
      country: site.country,
      language: found.language,
      origin: site.origin,
      touchpoint: `${site.origin}/u (${found.client.name})`,
    },
    fresh,
    deps.clock(),
    { mail: false },
  )
  deps.count?.('one-click', site.country, 'EMAIL', fresh.length)
  return { created: fresh.length }
}
