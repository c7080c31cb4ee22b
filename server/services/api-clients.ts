import { createHash, randomBytes } from 'node:crypto'
import { type BrandCatalog, brandsOfNroKeys } from '#shared/brands.ts'
import { normaliseAddress } from '#shared/mailbox.ts'
import { readPhoneNumber } from '#shared/phone-number.ts'
import type { SuppressionChannel } from '#shared/privacy-rights/request.ts'
import type { Country } from '#shared/site.ts'
import {
  type ApiClient,
  callsOf,
  type FeedItem,
  feedPage,
  findClientByName,
  findClientBySecret,
  insertClient,
  listClients,
  markApplied,
  recordCall,
  revokeClient,
  rotateSecret,
  sequenceOf,
  setClientTasks,
  suppressedFor,
  visibleSuppression,
} from '../db/api-client-repository'
import type { Db } from '../db/database'
import { cancelUnwantedDeliveries, endpointsOf } from '../db/webhook-repository'
import { NotFound, UnknownBrandKeys, ValidationFailed } from './errors'
import type { AppliedAnswer, FeedEntry, FeedPage, LookupAnswer } from './fulfilment-shapes'

/** After a rotation the old secret works this long, so a brand system can roll out the new one. */
const ROTATION_GRACE_MS = 24 * 60 * 60_000
const NAME = /^[\p{L}\p{N} ._-]{2,80}$/u
const CONTACT = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/

/** 256 random bits, recognisable in a leaked log: `pss_…`. Only its SHA-256 is stored. */
function newSecret(): string {
  return `pss_${randomBytes(32).toString('base64url')}`
}

export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url')
}

export interface ApiClientService {
  /**
   * A new client and its secret. Each brand key must be one of the country's; a key of a brand that has
   * several gives the client all of them (an objection to the brand stores every one), and `widened` says so.
   */
  add(input: {
    name: string
    country: Country
    brands?: string[]
    /** False: ids and references only, never e-mail addresses, phone numbers or addresses. */
    contactData?: boolean
    /** Issue 25: the client takes access, erasure and rectification tasks. */
    tasks?: boolean
    /** Issue 25: mailed once when one of its tasks is overdue. */
    contactEmail?: string
  }): Promise<{ client: ApiClient; secret: string; widened: { key: string; nroKeys: string[] }[] }>
  /** Issue 25: turns tasks on or off for a live client (and sets its contact address when given). */
  setTasks(name: string, change: { tasks?: boolean; contactEmail?: string }): Promise<void>
  list(): Promise<
    (ApiClient & {
      calls: Awaited<ReturnType<typeof callsOf>>
      endpoints: Awaited<ReturnType<typeof endpointsOf>>
    })[]
  >
  /** The secret stops at once, and its webhook deliveries still waiting are cancelled. */
  revoke(name: string): Promise<void>
  /** A new secret; the current one keeps working for 24 hours, and earlier ones until their own 24 hours end. */
  rotate(name: string): Promise<string>
  /** The live client of a bearer secret, or null (unknown, revoked, or a rotated-out secret past its grace). */
  authenticate(secret: string): Promise<ApiClient | null>
  feed(client: ApiClient, after: string | undefined, limit: number): Promise<FeedPage>
  /** The answer, and how many suppressions it summed up (for the call count). */
  lookup(
    client: ApiClient,
    contact: { email?: string; phoneNumber?: string },
  ): Promise<{ answer: LookupAnswer; matched: number }>
  applied(client: ApiClient, id: string): Promise<AppliedAnswer>
  /** Counts one call of the client to an endpoint today, and the items it answered; never what they were. */
  recordCall(client: ApiClient, endpoint: string, items: number): Promise<void>
}

export function createApiClientService(deps: {
  db: Db
  /** The brand lists the clients' brand keys come from. */
  brands: BrandCatalog
  clock?: () => Date
}): ApiClientService {
  const { db } = deps
  const clock = deps.clock ?? (() => new Date())

  return {
    async add({ name, country, brands, contactData = true, tasks = false, contactEmail }) {
      if (!NAME.test(name)) throw new ValidationFailed([{ field: 'name', rule: 'pattern' }])
      if (contactEmail !== undefined && !CONTACT.test(contactEmail))
        throw new ValidationFailed([{ field: 'contact', rule: 'email' }])
      const list = deps.brands[country].brands
      const named = brandsOfNroKeys(list, brands ?? [])
      const known = list.flatMap((brand) => brand.nroKeys)
      if (named.unknown.length > 0) throw new UnknownBrandKeys(named.unknown, known)
      if (await findClientByName(db.db, name)) throw new ValidationFailed([{ field: 'name', rule: 'unique' }])
      const secret = newSecret()
      const client = {
        id: crypto.randomUUID(),
        name,
        country,
        brands:
          named.brands.length > 0 ? [...new Set(named.brands.flatMap(({ brand }) => brand.nroKeys))] : null,
        createdAt: clock().toISOString(),
        contactData,
        tasks,
        contactEmail: contactEmail ?? null,
      }
      await insertClient(db.db, client, secretHash(secret))
      // Each brand once, where the keys given were not all of its keys.
      const given = new Set(brands)
      const widened = [...new Map(named.brands.map(({ key, brand }) => [brand.id, { key, brand }])).values()]
        .filter(({ brand }) => brand.nroKeys.some((key) => !given.has(key)))
        .map(({ key, brand }) => ({ key, nroKeys: brand.nroKeys }))
      return { client: { ...client, revokedAt: null }, secret, widened }
    },

    async setTasks(name, change) {
      if (change.contactEmail !== undefined && !CONTACT.test(change.contactEmail))
        throw new ValidationFailed([{ field: 'contact', rule: 'email' }])
      if (!(await setClientTasks(db.db, name, change))) throw new NotFound(`Live client "${name}"`)
    },

    async list() {
      const clients = await listClients(db.db)
      return Promise.all(
        clients.map(async (client) => ({
          ...client,
          calls: await callsOf(db.db, client.id),
          endpoints: await endpointsOf(db.db, client.id),
        })),
      )
    },

    async revoke(name) {
      const now = clock().toISOString()
      await db.db.transaction().execute(async (trx) => {
        if (!(await revokeClient(trx, name, now))) throw new NotFound(`Live client "${name}"`)
        // Its waiting webhook deliveries (which may hold contact data) are never sent.
        await cancelUnwantedDeliveries(trx, now)
      })
    },

    async rotate(name) {
      const secret = newSecret()
      const now = clock()
      const graceUntil = new Date(now.getTime() + ROTATION_GRACE_MS).toISOString()
      if (!(await rotateSecret(db.db, name, secretHash(secret), graceUntil, now.toISOString())))
        throw new NotFound(`Live client "${name}"`)
      return secret
    },

    async authenticate(secret) {
      if (!/^pss_[\w-]{43}$/.test(secret)) return null
      return findClientBySecret(db.db, secretHash(secret), clock().toISOString())
    },

    async feed(client, after, limit) {
      // A `next` is a feed number; an id is resolved within the client's view only (unknown and foreign ids
      // answer alike).
      const from =
        after === undefined ? 0 : /^\d+$/.test(after) ? Number(after) : await sequenceOf(db.db, client, after)
      if (from === null) throw new ValidationFailed([{ field: 'after', rule: 'unknown' }])
      const rows = await feedPage(db.db, client, from, limit)
      const items = rows.map((row) => feedEntry(row, client.contactData))
      // A full page: `next` continues. A shorter one is the end for now (`next` null); later, continue from
      // the last item's id (or the last `next`).
      const last = rows.at(-1)
      return { items, next: last && rows.length === limit ? String(last.seq) : null }
    },

    async lookup(client, contact) {
      // One mailbox however written, as the abuse limiter counts it: `name@…` finds `name+optout@…` and back.
      const key = contact.email
        ? { emailKey: normaliseAddress(contact.email) }
        : { phoneNumber: normalisePhone(contact.phoneNumber ?? '', client.country) }
      if ('phoneNumber' in key && !key.phoneNumber)
        throw new ValidationFailed([{ field: 'phoneNumber', rule: 'pattern' }])
      const rows = await suppressedFor(db.db, client, key as { emailKey: string } | { phoneNumber: string })
      return { answer: lookupAnswer(rows), matched: rows.length }
    },

    async applied(client, id) {
      if (!(await visibleSuppression(db.db, client, id))) throw new NotFound('Suppression')
      const appliedAt = await markApplied(db.db, id, client.id, clock().toISOString())
      return { id, appliedAt }
    },

    async recordCall(client, endpoint, items) {
      await recordCall(db.db, client.id, endpoint, clock().toISOString().slice(0, 10), items)
    },
  }
}

/** What a lookup answers about a contact's suppressions: each channel and brand key once. */
export function lookupAnswer(rows: { channel: SuppressionChannel; brandKey: string }[]): LookupAnswer {
  return {
    suppressed: rows.length > 0,
    channels: [...new Set(rows.map((row) => row.channel))],
    brandKeys: [...new Set(rows.map((row) => row.brandKey))],
  }
}

/** A suppression as the feed and webhooks show it: contact data only for its channel, and only if allowed. */
export function feedEntry(row: Omit<FeedItem, 'seq'>, contactData: boolean): FeedEntry {
  return {
    id: row.id,
    reference: row.reference,
    country: row.country,
    brandKey: row.brandKey,
    channel: row.channel,
    ...(contactData && row.email ? { email: row.email } : {}),
    ...(contactData && row.phoneNumber ? { phoneNumber: row.phoneNumber } : {}),
    ...(contactData && row.postalAddress ? { postalAddress: row.postalAddress } : {}),
    ...(contactData && row.postalName ? { postalName: row.postalName } : {}),
    createdAt: row.createdAt,
  }
}

/**
 * A phone number as the suppressions store it (`+31612345678`), from any notation a call centre types:
 * spaces, dashes, dots, slashes and brackets; `0031…` or `+31…`; the national `06…` of the client's country;
 * the trunk 0 written after the country code (`+32 (0)470 12 34 56`). The same reader as the forms' (shared/
 * phone-number.ts), so a lookup finds what a form stored. Null when it cannot be a phone number.
 */
export function normalisePhone(input: string, country: Country): string | null {
  return readPhoneNumber(input, country)?.number ?? null
}
