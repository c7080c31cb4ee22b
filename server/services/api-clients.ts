import { createHash, randomBytes } from 'node:crypto'
import { type BrandCatalog, brandsOfNroKeys } from '#shared/brands.ts'
import type { Country } from '#shared/site.ts'
import {
  type ApiClient,
  callsOf,
  findClientByName,
  findClientBySecret,
  insertClient,
  listClients,
  recordCall,
  revokeClient,
  rotateSecret,
  setClientTasks,
} from '../db/api-client-repository'
import type { Db } from '../db/database'
import { cancelUnwantedDeliveries, endpointsOf } from '../db/webhook-repository'
import { confirmApplied, lookupContact, readFeed } from './api-client-fulfilment'
import { NotFound, UnknownBrandKeys, ValidationFailed } from './errors'
import type { AppliedAnswer, FeedPage, LookupAnswer } from './fulfilment-shapes'

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

/** What an operator gives for a new client (`api-clients add`). */
export interface NewClient {
  name: string
  country: Country
  brands?: string[]
  /** False: ids and references only, never e-mail addresses, phone numbers or addresses. */
  contactData?: boolean
  /** Issue 25: the client takes access, erasure and rectification tasks. */
  tasks?: boolean
  /** Issue 25: mailed once when one of its tasks is overdue. */
  contactEmail?: string
}

export interface AddedClient {
  client: ApiClient
  secret: string
  widened: { key: string; nroKeys: string[] }[]
}

export interface ApiClientService {
  /**
   * A new client and its secret. Each brand key must be one of the country's; a key of a brand that has
   * several gives the client all of them (an objection to the brand stores every one), and `widened` says so.
   */
  add(input: NewClient): Promise<AddedClient>
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

export interface ApiClientDeps {
  db: Db
  /** The brand lists the clients' brand keys come from. */
  brands: BrandCatalog
  clock: () => Date
}

/**
 * Issue 17: the brand systems' clients as the operator's command manages them, and their calls to the
 * fulfilment API, bound to one set of dependencies.
 */
export function createApiClientService(
  options: Omit<ApiClientDeps, 'clock'> & { clock?: () => Date },
): ApiClientService {
  const deps: ApiClientDeps = { ...options, clock: options.clock ?? (() => new Date()) }
  const { db, clock } = deps
  return {
    add: (input) => addClient(deps, input),
    setTasks: (name, change) => setTasks(deps, name, change),
    list: () => listWithUse(deps),
    revoke: (name) => revoke(deps, name),
    rotate: (name) => rotate(deps, name),
    async authenticate(secret) {
      if (!/^pss_[\w-]{43}$/.test(secret)) return null
      return findClientBySecret(db.db, secretHash(secret), clock().toISOString())
    },
    feed: (client, after, limit) => readFeed(deps, client, after, limit),
    lookup: (client, contact) => lookupContact(deps, client, contact),
    applied: (client, id) => confirmApplied(deps, client, id),
    async recordCall(client, endpoint, items) {
      await recordCall(db.db, client.id, endpoint, clock().toISOString().slice(0, 10), items)
    },
  }
}

export async function addClient(deps: ApiClientDeps, input: NewClient): Promise<AddedClient> {
  const { name, country, brands, contactData = true, tasks = false, contactEmail } = input
  if (!NAME.test(name)) throw new ValidationFailed([{ field: 'name', rule: 'pattern' }])
  checkContact(contactEmail)
  const list = deps.brands[country].brands
  const named = brandsOfNroKeys(list, brands ?? [])
  const known = list.flatMap((brand) => brand.nroKeys)
  if (named.unknown.length > 0) throw new UnknownBrandKeys(named.unknown, known)
  if (await findClientByName(deps.db.db, name))
    throw new ValidationFailed([{ field: 'name', rule: 'unique' }])
  const secret = newSecret()
  const client = {
    id: crypto.randomUUID(),
    name,
    country,
    brands: named.brands.length > 0 ? [...new Set(named.brands.flatMap(({ brand }) => brand.nroKeys))] : null,
    createdAt: deps.clock().toISOString(),
    contactData,
    tasks,
    contactEmail: contactEmail ?? null,
  }
  await insertClient(deps.db.db, client, secretHash(secret))
  // Each brand once, where the keys given were not all of its keys.
  const given = new Set(brands)
  const widened = [...new Map(named.brands.map(({ key, brand }) => [brand.id, { key, brand }])).values()]
    .filter(({ brand }) => brand.nroKeys.some((key) => !given.has(key)))
    .map(({ key, brand }) => ({ key, nroKeys: brand.nroKeys }))
  return { client: { ...client, revokedAt: null }, secret, widened }
}

function checkContact(contactEmail: string | undefined): void {
  if (contactEmail !== undefined && !CONTACT.test(contactEmail))
    throw new ValidationFailed([{ field: 'contact', rule: 'email' }])
}

async function setTasks(
  deps: ApiClientDeps,
  name: string,
  change: { tasks?: boolean; contactEmail?: string },
): Promise<void> {
  checkContact(change.contactEmail)
  if (!(await setClientTasks(deps.db.db, name, change))) throw new NotFound(`Live client "${name}"`)
}

async function listWithUse(deps: ApiClientDeps) {
  const clients = await listClients(deps.db.db)
  return Promise.all(
    clients.map(async (client) => ({
      ...client,
      calls: await callsOf(deps.db.db, client.id),
      endpoints: await endpointsOf(deps.db.db, client.id),
    })),
  )
}

async function revoke(deps: ApiClientDeps, name: string): Promise<void> {
  const now = deps.clock().toISOString()
  await deps.db.db.transaction().execute(async (trx) => {
    if (!(await revokeClient(trx, name, now))) throw new NotFound(`Live client "${name}"`)
    // Its waiting webhook deliveries (which may hold contact data) are never sent.
    await cancelUnwantedDeliveries(trx, now)
  })
}

async function rotate(deps: ApiClientDeps, name: string): Promise<string> {
  const secret = newSecret()
  const now = deps.clock()
  const graceUntil = new Date(now.getTime() + ROTATION_GRACE_MS).toISOString()
  if (!(await rotateSecret(deps.db.db, name, secretHash(secret), graceUntil, now.toISOString())))
    throw new NotFound(`Live client "${name}"`)
  return secret
}
