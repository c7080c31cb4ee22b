import type { PhoneReader } from '#shared/privacy-rights/validation.ts'

let loading: Promise<PhoneReader> | undefined

/**
 * The numbering plans (libphonenumber-js with its full metadata, about 50 kB gzipped) load when a phone field
 * is first reached, or a number is to be checked, not with the page: most requests and messages have no phone
 * number, and a form page's script stays within its budget (issue 19).
 */
export function loadPhoneReader(): Promise<PhoneReader> {
  loading ??= import('#shared/phone-number.ts').then((module) => module.readPhoneNumber)
  return loading
}

/** The reader a body's check needs: loaded only when the body has a phone number (else none is read). */
export function phoneReaderFor(phone: string | undefined): Promise<PhoneReader> {
  return phone ? loadPhoneReader() : Promise.resolve(() => null)
}
