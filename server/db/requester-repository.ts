import type { Kysely, Transaction } from 'kysely'
import { type PrivacyRequest, toRequest } from './privacy-request-repository'
import type { Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

/** What the requester's status page knows of a request beside the request itself (issue 25). */
export interface RequesterState {
  request: PrivacyRequest
  code: { hash: string; expiresAt: string; tries: number } | null
  packageExpiresAt: string | null
  anonymisedAt: string | null
}

/** The request of a status-page token: the receipt's link or the completion mail's (only their SHA-256). */
export async function findByPageToken(db: Executor, hash: string): Promise<RequesterState | null> {
  const row = await db
    .selectFrom('privacy_requests')
    .selectAll()
    .where((eb) => eb.or([eb('status_token_hash', '=', hash), eb('reply_token_hash', '=', hash)]))
    .executeTakeFirst()
  if (!row) return null
  return {
    request: toRequest(row),
    code:
      row.unlock_code_hash && row.unlock_code_expires_at
        ? {
            hash: row.unlock_code_hash,
            expiresAt: row.unlock_code_expires_at,
            tries: Number(row.unlock_code_tries),
          }
        : null,
    packageExpiresAt: row.package_expires_at,
    anonymisedAt: row.anonymised_at,
  }
}

/** A new code replaces any earlier one, with its tries back at zero. */
export async function setUnlockCode(db: Executor, requestId: string, hash: string, expiresAt: string) {
  await db
    .updateTable('privacy_requests')
    .set({ unlock_code_hash: hash, unlock_code_expires_at: expiresAt, unlock_code_tries: 0 })
    .where('id', '=', requestId)
    .execute()
}

/**
 * A wrong try at the code `hash`: counted only while that code stands and has tries left, so concurrent
 * guesses cannot get more than `maxTries` between them. False: no try was left.
 */
export async function countWrongTry(db: Executor, requestId: string, hash: string, maxTries: number) {
  const result = await db
    .updateTable('privacy_requests')
    .set((eb) => ({ unlock_code_tries: eb('unlock_code_tries', '+', 1) }))
    .where('id', '=', requestId)
    .where('unlock_code_hash', '=', hash)
    .where('unlock_code_tries', '<', maxTries)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The right code is used up: true for the one caller that used it. */
export async function useUnlockCode(db: Executor, requestId: string, hash: string, maxTries: number) {
  const result = await db
    .updateTable('privacy_requests')
    .set({ unlock_code_hash: null, unlock_code_expires_at: null, unlock_code_tries: 0 })
    .where('id', '=', requestId)
    .where('unlock_code_hash', '=', hash)
    .where('unlock_code_tries', '<', maxTries)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
