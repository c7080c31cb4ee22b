import type { PhraseKey } from '../i18n/translate'
import { DATE_PATTERN, EMAIL_PATTERN, isFilled, MAX_LENGTH, PHONE_PATTERN, phoneOrNothing } from './request'

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

/** A phone number when the phone channel is ticked: not just "+", and of the pattern. */
export function checkPhone(value: string | undefined): Rule | null {
  const phone = phoneOrNothing(value)?.replace(/\s+/g, '')
  if (!phone) return 'required'
  return PHONE_PATTERN.test(phone) ? null : 'phone'
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
 * Spec §5 phone keypress filter: only digits and +, starting with +, the three characters after the + are
 * non-zero digits, at most 22 characters. Returns the value as it may be typed, or null to refuse the key.
 */
export function acceptPhoneInput(next: string): boolean {
  if (next.length > MAX_LENGTH.phone) return false
  if (next === '') return true
  if (!/^\+\d*$/.test(next)) return false
  return /^\+[1-9]{0,3}$/.test(next.slice(0, 4))
}

/**
 * Spec §5: the publication date auto-formats to `dd - mm - yyyy` as it is typed; digits, space, dash and
 * slash are accepted. The stored value is `dd-mm-yyyy`.
 */
export function formatDateInput(raw: string): string {
  if (/[^\d\s/-]/.test(raw)) return raw.replace(/[^\d\s/-]/g, '')
  const digits = raw.replace(/\D/g, '').slice(0, 8)
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean)
  return parts.join(' - ')
}

/** `dd - mm - yyyy` as typed, to the `dd-mm-yyyy` the API takes. */
export function dateForApi(typed: string): string {
  return typed.replace(/\s/g, '').replace(/\//g, '-')
}
