import type { Kysely, Transaction } from 'kysely'
import type { SuppressionChannel } from '#shared/privacy-rights/request.ts'
import type { Country } from '#shared/site.ts'

import type { ApiClient } from './api-client-row'
import type { Database } from './schema'
import { type Suppression, toSuppression } from './suppression-row'

type Executor = Kysely<Database> | Transaction<Database>

/**
 * Issue 31 (moved from api-client-repository.ts): the suppressions as a brand system reads them: its feed,
 * its lookups, its confirmations, and what no system confirmed.
 */

export interface FeedItem extends Omit<Suppression, 'requestId'> {
  id: string
  seq: number
  reference: string | null
  createdAt: string
}

function visibleTo(client: ApiClient) {
  return (db: Executor) => {
    let query = db
      .selectFrom('marketing_suppressions as s')
      .leftJoin('privacy_requests as r', 'r.id', 's.request_id')
      .where('s.country', '=', client.country)
    if (client.brands)
      query = query.where('s.brand_key', 'in', client.brands.length > 0 ? client.brands : [''])
    return query
  }
}

/** The client's suppressions after `after` (a sequence number), oldest first. */
export async function feedPage(db: Executor, client: ApiClient, after: number, limit: number) {
  const rows = await visibleTo(client)(db)
    .select([
      's.id',
      's.seq',
      'r.reference',
      's.country',
      's.brand_key',
      's.channel',
      's.email',
      's.phone_number',
      's.postal_address',
      's.postal_name',
      's.created_at',
    ])
    .where('s.seq', '>', after)
    .orderBy('s.seq')
    .limit(limit)
    .execute()
  return rows.map(
    (row): FeedItem => ({
      id: row.id,
      seq: Number(row.seq),
      reference: row.reference ?? null,
      ...toSuppression(row),
      createdAt: row.created_at,
    }),
  )
}

/**
 * The suppressions of a mailbox (`emailKey`, as normaliseAddress writes it) or a phone number (E.164) within
 * the client's view: channel and brand.
 */
export async function suppressedFor(
  db: Executor,
  client: ApiClient,
  contact: { emailKey: string } | { phoneNumber: string },
): Promise<{ channel: SuppressionChannel; brandKey: string }[]> {
  const query = visibleTo(client)(db).select(['s.channel', 's.brand_key'])
  const rows = await ('emailKey' in contact
    ? query.where('s.email_key', '=', contact.emailKey)
    : query.where('s.phone_number', '=', contact.phoneNumber)
  )
    .orderBy('s.seq')
    .execute()
  return rows.map((row) => ({ channel: row.channel as SuppressionChannel, brandKey: row.brand_key }))
}

/** Whether the suppression exists and the client may see it. */
export async function visibleSuppression(db: Executor, client: ApiClient, id: string) {
  return (await visibleTo(client)(db).select('s.id').where('s.id', '=', id).executeTakeFirst()) !== undefined
}

/** Idempotent: the first confirmation's time stays. Answers when it was applied. */
export async function markApplied(db: Executor, suppressionId: string, clientId: string, now: string) {
  await db
    .insertInto('suppression_applied')
    .values({ suppression_id: suppressionId, client_id: clientId, applied_at: now })
    .onConflict((oc) => oc.columns(['suppression_id', 'client_id']).doNothing())
    .execute()
  const row = await db
    .selectFrom('suppression_applied')
    .select('applied_at')
    .where('suppression_id', '=', suppressionId)
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow()
  return row.applied_at
}

/** Per suppression of a request: who applied it, when (for the desk's request page). */
export async function appliedOf(db: Executor, requestId: string) {
  return db
    .selectFrom('marketing_suppressions as s')
    .leftJoin('suppression_applied as a', 'a.suppression_id', 's.id')
    .leftJoin('api_clients as c', 'c.id', 'a.client_id')
    .select(['s.id', 's.brand_key', 's.channel', 'a.applied_at', 'c.name as client'])
    .where('s.request_id', '=', requestId)
    .orderBy('s.seq')
    .execute()
}

/**
 * Suppressions of a country made before `before` that no client has confirmed: the brands may still be
 * calling or mailing these people (spec §9 promises 30 days). The oldest `limit`, and how many in all.
 */
export async function unconfirmedBefore(db: Executor, country: Country, before: string, limit: number) {
  const unconfirmed = db
    .selectFrom('marketing_suppressions as s')
    .where('s.country', '=', country)
    .where('s.created_at', '<', before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('suppression_applied as a')
            .select('a.client_id')
            .whereRef('a.suppression_id', '=', 's.id'),
        ),
      ),
    )
  const [rows, count] = await Promise.all([
    unconfirmed
      .leftJoin('privacy_requests as r', 'r.id', 's.request_id')
      .select(['r.reference', 's.brand_key', 's.channel', 's.created_at'])
      .orderBy('s.seq')
      .limit(limit)
      .execute(),
    unconfirmed.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/**
 * The feed number of a suppression the client may see, for a client that resumes from the id of the last one
 * it has; null for any other id, so that an id says nothing about suppressions outside its view.
 */
export async function sequenceOf(db: Executor, client: ApiClient, id: string): Promise<number | null> {
  const row = await visibleTo(client)(db).select('s.seq').where('s.id', '=', id).executeTakeFirst()
  return row?.seq === undefined || row.seq === null ? null : Number(row.seq)
}
