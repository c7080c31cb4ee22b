import type { PhraseKey } from '../i18n/translate'
import type { PhoneReading } from '../phone-number'
import type { Country } from '../site'
import { DATE_PATTERN, EMAIL_PATTERN, isFilled, phoneOrNothing } from './request'

/** Spec §5: the rules, each with its message key. */
export type Rule =
  | 'required'
  | 'required_option'
  | 'email'
  | 'phone'
  | 'date'
  | 'address'
  | 'email_unreachable'

export const MESSAGE_KEYS: Record<Rule, PhraseKey> = {
  required: 'validation.required',
  required_option: 'validation.required_option',
  email: 'validation.email',
  phone: 'validation.phone',
  date: 'validation.date',
  address: 'validation.address',
  // Spec §8: the server found that the address's domain cannot receive mail (INVALID_EMAIL).
  email_unreachable: 'contact.email_validation_failure',
}

/** Required text: non-empty after trimming, and not a placeholder value. */
export function checkRequired(value: string | undefined): Rule | null {
  return isFilled(value) ? null : 'required'
}

/** An e-mail address: required where the form needs one, and of the standard shape. */
export function checkEmail(value: string | undefined, required: boolean): Rule | null {
  if (!isFilled(value)) return required ? 'required' : null
  return EMAIL_PATTERN.test(value.trim()) ? null : 'email'
}

/**
 * Reads a phone number as its writer meant it (`readPhoneNumber` of shared/phone-number.ts), or null. Passed
 * in rather than imported: the numbering plans are large, so a page loads them only with its phone field.
 */
export type PhoneReader = (text: string, country: Country) => PhoneReading | null

/** A phone number when the phone channel is ticked: not just "+", and a number of a numbering plan. */
export function checkPhone(value: string | undefined, country: Country, read: PhoneReader): Rule | null {
  const phone = phoneOrNothing(value)
  if (!phone) return 'required'
  return read(value ?? '', country) ? null : 'phone'
}

/**
 * The publication date: optional in the format check; when given, dd-mm-yyyy and a day that exists
 * (spec §5 'a valid date': never 30-02-2024 or 29-02-2025).
 */
export function checkDate(value: string | undefined): Rule | null {
  if (!isFilled(value)) return null
  const text = value.trim()
  if (!DATE_PATTERN.test(text)) return 'date'
  const [day, month, year] = text.split('-').map(Number) as [number, number, number]
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return date.getUTCDate() === day && date.getUTCMonth() === month - 1 ? null : 'date'
}

/**
 * Spec §5: the publication date auto-formats to `dd - mm - yyyy` as it is typed; digits, space, dash, slash
 * and dot are accepted. A day or month written with one digit and closed by a separator is that day or
 * month (issue 27): `1/2/2025`, typed key by key or pasted, is `01 - 02 - 2025`, never `12 - 20 - 25`. A
 * year-first date (`2025-02-01`, as autofill writes it) is turned round. Digits without separators fill
 * day, month and year in turn. The stored value is `dd-mm-yyyy`; what is no date is refused by checkDate.
 */
export function formatDateInput(raw: string): string {
  if (/[^\d\s/.-]/.test(raw)) return formatDateInput(raw.replace(/[^\d\s/.-]/g, ''))
  const groups = raw.split(/[\s/.-]+/).filter(Boolean)
  const yearFirst = groups.length >= 3 && groups[0]?.length === 4
  const ordered = yearFirst ? [groups[2] ?? '', groups[1] ?? '', groups[0] ?? ''] : groups
  const parts: string[] = []
  for (const [index, group] of ordered.entries()) {
    // A group followed by a separator is closed: its writer meant it whole.
    const closed = yearFirst || index < ordered.length - 1 || /[\s/.-]$/.test(raw)
    let digits = group
    while (digits !== '' && parts.length < DATE_PARTS.length) {
      const size = DATE_PARTS[parts.length] ?? 0
      if (digits.length === 1 && size === 2 && closed) digits = `0${digits}`
      parts.push(digits.slice(0, size))
      digits = digits.slice(size)
    }
  }
  return parts.join(' - ')
}

/** Digits of day, month and year. */
const DATE_PARTS = [2, 2, 4] as const

/** `dd - mm - yyyy` as typed, to the `dd-mm-yyyy` the API takes. */
export function dateForApi(typed: string): string {
  return typed.replace(/\s/g, '').replace(/[/.]/g, '-')
}
