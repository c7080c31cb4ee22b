import { type Kysely, type Selectable, sql, type Transaction } from 'kysely'
import type { PostalName, SuppressionChannel, UserInfo } from '#shared/privacy-rights/request.ts'
import type { Country } from '#shared/site.ts'
import type { ApiClientTable, Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

export interface ApiClient {
  id: string
  name: string
  country: Country
  /** The brand keys it may see; null: every brand of its country. */
  brands: string[] | null
  createdAt: string
  revokedAt: string | null
  /** Whether it may receive contact data (e-mail, phone, address), or only ids and references. */
  contactData: boolean
  /** Issue 25: whether it takes access, erasure and rectification tasks. */
  tasks: boolean
  /** Issue 25: whom to mail when one of its tasks is overdue; null: nobody. */
  contactEmail: string | null
}

export function toClient(row: Selectable<ApiClientTable>): ApiClient {
  return {
    id: row.id,
    name: row.name,
    country: row.country as Country,
    brands: row.brands ? (JSON.parse(row.brands) as string[]) : null,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    contactData: Number(row.contact_data) === 1,
    tasks: Number(row.tasks) === 1,
    contactEmail: row.contact_email,
  }
}

export async function insertClient(db: Executor, client: Omit<ApiClient, 'revokedAt'>, secretHash: string) {
  const contact = client.contactData ? 1 : 0
  await db
    .insertInto('api_clients')
    .values({
      id: client.id,
      name: client.name,
      country: client.country,
      brands: client.brands ? JSON.stringify(client.brands) : null,
      secret_hash: secretHash,
      created_at: client.createdAt,
      revoked_at: null,
      contact_data: contact,
      tasks: client.tasks ? 1 : 0,
      contact_email: client.contactEmail,
    })
    .execute()
}

/** Turns tasks on or off for a live client, and sets its contact address when one is given. */
export async function setClientTasks(
  db: Executor,
  name: string,
  change: { tasks?: boolean; contactEmail?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('api_clients')
    .set({
      ...(change.tasks === undefined ? {} : { tasks: change.tasks ? 1 : 0 }),
      ...(change.contactEmail === undefined ? {} : { contact_email: change.contactEmail }),
    })
    .where('name', '=', name)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function listClients(db: Executor): Promise<ApiClient[]> {
  return (await db.selectFrom('api_clients').selectAll().orderBy('name').execute()).map(toClient)
}

export async function findClientByName(db: Executor, name: string): Promise<ApiClient | null> {
  const row = await db.selectFrom('api_clients').selectAll().where('name', '=', name).executeTakeFirst()
  return row ? toClient(row) : null
}

/** The live client whose current secret, or a previous secret still within its 24 hours, has this hash. */
export async function findClientBySecret(db: Executor, hash: string, now: string): Promise<ApiClient | null> {
  const row = await db
    .selectFrom('api_clients')
    .selectAll()
    .where('revoked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('secret_hash', '=', hash),
        eb(
          'id',
          'in',
          eb
            .selectFrom('api_client_previous_secrets')
            .select('client_id')
            .where('secret_hash', '=', hash)
            .where('valid_until', '>', now),
        ),
      ]),
    )
    .executeTakeFirst()
  return row ? toClient(row) : null
}

export async function revokeClient(db: Executor, name: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('api_clients')
    .set({ revoked_at: now })
    .where('name', '=', name)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * The new secret's hash replaces the current one, which stays valid until `graceUntil`, as do earlier ones
 * until their own time; those whose time is up are deleted. False: no live client of that name.
 */
export async function rotateSecret(
  db: Kysely<Database>,
  name: string,
  hash: string,
  graceUntil: string,
  now: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const client = await trx
      .selectFrom('api_clients')
      .select(['id', 'secret_hash'])
      .where('name', '=', name)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (!client) return false
    // Only if no rotation changed the secret since it was read (the update waits for one in progress).
    const result = await trx
      .updateTable('api_clients')
      .set({ secret_hash: hash })
      .where('id', '=', client.id)
      .where('secret_hash', '=', client.secret_hash)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1)
      throw new Error(`"${name}" was rotated at the same time; try again`)
    await trx
      .insertInto('api_client_previous_secrets')
      .values({ secret_hash: client.secret_hash, client_id: client.id, valid_until: graceUntil })
      .execute()
    await deleteExpiredSecrets(trx, now, client.id)
    return true
  })
}

/** Previous secrets whose 24 hours are over (of one client, or all): nothing reads them any more. */
export async function deleteExpiredSecrets(db: Executor, now: string, clientId?: string) {
  let query = db.deleteFrom('api_client_previous_secrets').where('valid_until', '<=', now)
  if (clientId) query = query.where('client_id', '=', clientId)
  return Number((await query.executeTakeFirst()).numDeletedRows)
}

/** Counts a call (and the items it answered) for the client, endpoint and day. */
export async function recordCall(
  db: Executor,
  clientId: string,
  endpoint: string,
  day: string,
  items: number,
) {
  await db
    .insertInto('api_calls')
    .values({ client_id: clientId, endpoint, day, calls: 1, items })
    .onConflict((oc) =>
      oc.columns(['client_id', 'endpoint', 'day']).doUpdateSet({
        calls: sql`api_calls.calls + 1`,
        items: sql`api_calls.items + ${items}`,
      }),
    )
    .execute()
}

export async function callsOf(db: Executor, clientId: string) {
  return db
    .selectFrom('api_calls')
    .select(['endpoint', 'day', 'calls', 'items'])
    .where('client_id', '=', clientId)
    .orderBy('day', 'desc')
    .orderBy('endpoint')
    .execute()
}

export interface FeedItem {
  id: string
  seq: number
  reference: string | null
  country: Country
  brandKey: string
  channel: SuppressionChannel
  email: string | null
  phoneNumber: string | null
  postalAddress: UserInfo['address'] | null
  postalName?: PostalName | null
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
      country: row.country as Country,
      brandKey: row.brand_key,
      channel: row.channel as SuppressionChannel,
      email: row.email,
      phoneNumber: row.phone_number,
      postalAddress: row.postal_address ? (JSON.parse(row.postal_address) as UserInfo['address']) : null,
      postalName: row.postal_name ? (JSON.parse(row.postal_name) as PostalName) : null,
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
