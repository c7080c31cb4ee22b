import { createHash } from 'node:crypto'

/**
 * Issue 30: a form's POST carries an `Idempotency-Key` (the IETF httpapi draft's header), the same for the
 * same submission however often it is sent: a second click, the browser's retry, or nginx passing the POST to
 * the next replica because the one that had it died before answering. The row's id is derived from the key,
 * so the database's primary key makes the second write fail whatever instance does it, and the answer is the
 * first one's. No table of its own, no window in which two writes both pass.
 */

/** The id a keyed row gets: a UUID (version 8, RFC 9562) from the SHA-256 of its kind, country and key. */
export function keyedId(kind: string, country: string, key: string): string {
  const hash = createHash('sha256').update(`${kind}\n${country}\n${key}`).digest()
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x80
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80
  const hex = hash.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The row's primary key refused it: PostgreSQL names the constraint `…_pkey`, SQLite the id column. */
export function isIdTaken(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown }
  if (code === '23505') return typeof constraint === 'string' && constraint.endsWith('_pkey')
  return (
    (code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE') &&
    typeof message === 'string' &&
    /\.id$/.test(message)
  )
}

/**
 * Writes once per key: `write` stores the row; when its id is already taken (the same key came before),
 * `replay` answers what the first write answered. Without a key, just `write`.
 */
export async function writeOnce<T>(
  key: string | undefined,
  write: () => Promise<T>,
  replay: () => Promise<T>,
): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (key === undefined || !isIdTaken(error)) throw error
    return replay()
  }
}
