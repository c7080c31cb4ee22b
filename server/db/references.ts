import { randomInt } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Country } from '#shared/site.ts'
import type { Database } from './schema'

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

type Referenced = 'privacy_requests' | 'contact_messages' | 'political_ad_complaints'

/** A reference no row of `table` has yet (the unique index is the last guard). */
export async function freshReference(
  db: Kysely<Database> | Transaction<Database>,
  table: Referenced,
  country: Country,
  now: Date,
): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const reference = newReference(country, now)
    const taken = await db
      .selectFrom(table)
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirst()
    if (!taken) return reference
  }
  throw new Error(`No free reference in ${table} for ${country}`)
}
