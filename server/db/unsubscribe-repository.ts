import type { Kysely, Transaction } from 'kysely'
import { type ApiClient, toClient } from './api-client-repository'
import type { Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

/**
 * Issue 28: a client's new one-click unsubscribe key id; its current ones stay valid until `graceUntil`.
 * Read by `/u/{token}` (liveKeyClient).
 */
export async function rotateUnsubscribeKey(
  db: Kysely<Database>,
  key: { keyId: string; clientId: string; now: string; graceUntil: string },
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('unsubscribe_keys')
      .set({ valid_until: key.graceUntil })
      .where('client_id', '=', key.clientId)
      .where('valid_until', 'is', null)
      .execute()
    await trx
      .insertInto('unsubscribe_keys')
      .values({ key_id: key.keyId, client_id: key.clientId, created_at: key.now, valid_until: null })
      .execute()
  })
}

/** The live client of a key id that is current, or was replaced less than its grace ago. */
export async function liveKeyClient(db: Executor, keyId: string, now: string): Promise<ApiClient | null> {
  const row = await db
    .selectFrom('unsubscribe_keys as k')
    .innerJoin('api_clients as c', 'c.id', 'k.client_id')
    .selectAll('c')
    .where('k.key_id', '=', keyId)
    .where('c.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('k.valid_until', 'is', null), eb('k.valid_until', '>', now)]))
    .executeTakeFirst()
  return row ? toClient(row) : null
}

/** Key ids whose grace ended: nothing accepts them any more (the retention job). */
export async function deleteExpiredUnsubscribeKeys(db: Executor, now: string) {
  const result = await db.deleteFrom('unsubscribe_keys').where('valid_until', '<=', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}
