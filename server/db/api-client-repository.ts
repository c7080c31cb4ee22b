import { type Kysely, sql, type Transaction } from 'kysely'
import { type ApiClient, toClient } from './api-client-row'
import type { Database } from './schema'

export { type ApiClient, toClient } from './api-client-row'
export {
  appliedOf,
  type FeedItem,
  feedPage,
  markApplied,
  sequenceOf,
  suppressedFor,
  unconfirmedBefore,
  visibleSuppression,
} from './suppression-feed-repository'

type Executor = Kysely<Database> | Transaction<Database>

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
