import type { Country } from '../site'
import { isFilled, objectionChannels, type PrivacyRequestBody, phoneOrNothing } from './request'
import { checkDate, checkEmail, checkPhone, type PhoneReader, type Rule } from './validation'

export interface FieldError {
  /** The body's field: `email`, `phoneNumber`, `userInfo.address`, … */
  field: string
  rule: Rule | 'brand' | 'country' | 'site' | 'url'
}

/**
 * Spec §5's rules that a JSON Schema cannot hold, on the body of spec §7. The browser runs them before it
 * sends (to show the messages at once); the server runs them again before it stores anything. `readPhone`
 * is shared/phone-number.ts's reader (the browser loads it with the phone field).
 */
export function checkBody(
  body: PrivacyRequestBody,
  country: Country,
  knownBrandKeys: ReadonlySet<string>,
  readPhone: PhoneReader,
): FieldError[] {
  const errors: FieldError[] = []
  const add = (field: string, rule: FieldError['rule'] | null) => {
    if (rule) errors.push({ field, rule })
  }
  const emailRequired = body.flowType !== 'OBJECTION' || objectionChannels(body).includes('EMAIL')
  if (body.country !== country) add('country', 'site')
  if (emailRequired || body.email !== undefined) add('email', checkEmail(body.email, emailRequired))
  const phone = phoneOrNothing(body.phoneNumber)
  if (phone) add('phoneNumber', checkPhone(body.phoneNumber, country, readPhone))
  add('publicationDate', checkDate(body.publicationDate))
  if (isFilled(body.publicationLink) && !/^https?:\/\/\S+$/i.test(body.publicationLink.trim())) {
    add('publicationLink', 'url')
  }
  switch (body.flowType) {
    case 'OBJECTION': {
      const brands = body.brands ?? []
      if (brands.length === 0) add('brands', 'required_option')
      else if (brands.some((key) => !knownBrandKeys.has(key))) add('brands', 'brand')
      const channels = objectionChannels(body)
      if (channels.length === 0) add('communicationTypes', 'required_option')
      if (channels.includes('PHONE') && !phone) add('phoneNumber', 'required')
      if (channels.includes('POSTAL')) {
        if (!isFilled(body.userInfo?.firstName)) add('userInfo.firstName', 'required')
        if (!isFilled(body.userInfo?.lastName)) add('userInfo.lastName', 'required')
        const address = body.userInfo?.address
        const complete = [address?.street, address?.houseNumber, address?.postalCode, address?.city].every(
          (v) => isFilled(v),
        )
        if (!complete) add('userInfo.address', 'address')
      }
      break
    }
    case 'RECTIFICATION':
      if (!isFilled(body.userMessage)) add('userMessage', 'required')
      break
    case 'REMOVAL_FROM_PUBLICATION':
      if (country !== 'BE') add('flowType', 'country')
      if (!isFilled(body.article)) add('article', 'required')
      if (!isFilled(body.publicationDate)) add('publicationDate', 'required')
      if (!isFilled(body.userMessage)) add('userMessage', 'required')
      break
    default:
      break
  }
  return errors
}
