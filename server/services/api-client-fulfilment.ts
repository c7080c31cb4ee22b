import { normaliseAddress } from '#shared/mailbox.ts'
import { readPhoneNumber } from '#shared/phone-number.ts'
import type { SuppressionChannel } from '#shared/privacy-rights/request.ts'
import type { Country } from '#shared/site.ts'
import {
  type ApiClient,
  type FeedItem,
  feedPage,
  markApplied,
  sequenceOf,
  suppressedFor,
  visibleSuppression,
} from '../db/api-client-repository'
import type { Db } from '../db/database'
import { NotFound, ValidationFailed } from './errors'
import type { AppliedAnswer, FeedEntry, FeedPage, LookupAnswer } from './fulfilment-shapes'

/** What the fulfilment API's use cases need: the database and the clock. */
export interface FulfilmentDeps {
  db: Db
  clock: () => Date
}

/** A client's page of the suppressions feed, after a feed number or one of its own items' ids. */
export async function readFeed(
  deps: FulfilmentDeps,
  client: ApiClient,
  after: string | undefined,
  limit: number,
): Promise<FeedPage> {
  const { db } = deps
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
}

/** Whether a contact is suppressed for the client's brands, and how many suppressions that summed up. */
export async function lookupContact(
  deps: FulfilmentDeps,
  client: ApiClient,
  contact: { email?: string; phoneNumber?: string },
): Promise<{ answer: LookupAnswer; matched: number }> {
  // One mailbox however written, as the abuse limiter counts it: `name@…` finds `name+optout@…` and back.
  const key = contact.email
    ? { emailKey: normaliseAddress(contact.email) }
    : { phoneNumber: normalisePhone(contact.phoneNumber ?? '', client.country) }
  if ('phoneNumber' in key && !key.phoneNumber)
    throw new ValidationFailed([{ field: 'phoneNumber', rule: 'pattern' }])
  const rows = await suppressedFor(deps.db.db, client, key as { emailKey: string } | { phoneNumber: string })
  return { answer: lookupAnswer(rows), matched: rows.length }
}

/** The client says it applied a suppression it can see; 404 for any other id. */
export async function confirmApplied(
  deps: FulfilmentDeps,
  client: ApiClient,
  id: string,
): Promise<AppliedAnswer> {
  if (!(await visibleSuppression(deps.db.db, client, id))) throw new NotFound('Suppression')
  const appliedAt = await markApplied(deps.db.db, id, client.id, deps.clock().toISOString())
  return { id, appliedAt }
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
