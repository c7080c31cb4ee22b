import { randomInt } from 'node:crypto'
import type { Country } from '#shared/site.ts'

/** No 0/O, 1/I/L or U/V look-alikes: a reference is read out on the phone and typed from a letter. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ'
const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: '2-digit',
  month: '2-digit',
  day: '2-digit',
})

/** `{country}-{yymmdd}-{5 characters}`, e.g. `NL-261123-K7Q2M`; the date is the day in the Low Countries. */
export function newReference(country: Country, now: Date): string {
  const day = DAY.format(now).replace(/-/g, '')
  const code = Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
  return `${country}-${day}-${code}`
}

export const REFERENCE_PATTERN = new RegExp(`^(NL|BE)-\\d{6}-[${ALPHABET}]{5}$`)

/** How many fresh references a write may try; the 5 characters allow 20 million a day per country. */
const ATTEMPTS = 10

/**
 * Runs `write` with a new reference, and again with another while the database refuses it as taken (the
 * unique index on `reference`): no lookup before the write, so no round trip for the rare collision's sake.
 * `write` must be all or nothing (a transaction, or one statement), so a refused attempt leaves nothing.
 */
export async function withFreshReference<T>(
  country: Country,
  now: Date,
  write: (reference: string) => Promise<T>,
  next: (country: Country, now: Date) => string = newReference,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(next(country, now))
    } catch (error) {
      if (attempt >= ATTEMPTS || !isReferenceTaken(error)) throw error
    }
  }
}

/**
 * The unique index on a `reference` column refused a row: PostgreSQL names the index (`…_reference`),
 * SQLite the column (`UNIQUE constraint failed: privacy_requests.reference`).
 */
function isReferenceTaken(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown }
  if (code === '23505') return typeof constraint === 'string' && constraint.endsWith('_reference')
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && /\.reference$/.test(message)
}
