import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import type { Country } from './site'

/** A phone number as read: E.164 for storing and matching, the international notation for showing. */
export interface PhoneReading {
  /** `+32470123456` */
  number: string
  /** `+32 470 12 34 56` */
  international: string
}

/** What may stand in a phone number as people write it: digits, one leading +, spaces and separators. */
const WRITTEN = /^\+?[\d\s().\-/]+$/

/**
 * Reads a phone number the way its writer meant it, with the numbering plans of libphonenumber-js (its full
 * metadata, so a number is checked against its country's patterns, not only its length): `0470 12 34 56`
 * on the Belgian site is `+32470123456`, `06 12 34 56 78` on the Dutch one `+31612345678`; `0032…`,
 * `+32 (0)470…` and `+32 0470…` alike. A national number typed after the pre-filled "+" (`+0470…`) is that
 * national number: no country code starts with 0. Null when the text is no valid number (letters, an
 * extension, too short or too long, no such range): it is refused, never rewritten into another number.
 * The same function reads a number in the browser (loaded with the phone field), in the server before it
 * stores one, and in the brand systems' lookup, so all three agree.
 */
export function readPhoneNumber(text: string, country: Country): PhoneReading | null {
  const written = text.trim().replace(/^\+(?=\s*0)/, '')
  if (!WRITTEN.test(written)) return null
  const parsed = parsePhoneNumberFromString(written, { defaultCountry: country, extract: false })
  if (!parsed?.isValid()) return null
  return { number: parsed.number, international: parsed.formatInternational() }
}
