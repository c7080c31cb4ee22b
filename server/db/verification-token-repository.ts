import type { Kysely, Transaction } from 'kysely'
import type { Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

/** The INSERT of a verification token (only its hash), not yet run. */
export function tokenInsert(db: Executor, token: { hash: string; requestId: string; expiresAt: string }) {
  return db.insertInto('verification_tokens').values({
    token_hash: token.hash,
    request_id: token.requestId,
    expires_at: token.expiresAt,
    consumed_at: null,
  })
}

export async function findToken(db: Executor, hash: string) {
  const row = await db
    .selectFrom('verification_tokens')
    .selectAll()
    .where('token_hash', '=', hash)
    .executeTakeFirst()
  return row ? { requestId: row.request_id, expiresAt: row.expires_at, consumedAt: row.consumed_at } : null
}

/** Consumes a token once: true for the one caller that consumed it, false when it already was. */
export async function consumeToken(db: Executor, hash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('verification_tokens')
    .set({ consumed_at: now })
    .where('token_hash', '=', hash)
    .where('consumed_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The latest expiry of a request's verification tokens (a reminder adds one with the same expiry). */
export async function tokenExpiry(db: Executor, requestId: string): Promise<string | null> {
  const row = await db
    .selectFrom('verification_tokens')
    .select((eb) => eb.fn.max('expires_at').as('expires_at'))
    .where('request_id', '=', requestId)
    .executeTakeFirst()
  return (row?.expires_at as string | null | undefined) ?? null
}
