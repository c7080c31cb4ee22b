import type { Country } from '../site'

/** Spec §3 'Privacy request'. */
export const FLOW_TYPES = [
  'RIGHT_OF_ACCESS',
  'RIGHT_TO_BE_FORGOTTEN',
  'OBJECTION',
  'RECTIFICATION',
  'REMOVAL_FROM_PUBLICATION',
] as const
export type FlowType = (typeof FLOW_TYPES)[number]

/** Spec §3: notifications are self-service only, so the server never records them. */
export const COMMUNICATION_TYPES = ['PHONE', 'EMAIL', 'POSTAL', 'NOTIFICATIONS'] as const
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number]
export type SuppressionChannel = Exclude<CommunicationType, 'NOTIFICATIONS'>
/** The channels an objection stops, as the brand systems receive them (issue 17). */
export const SUPPRESSION_CHANNELS = [
  'PHONE',
  'EMAIL',
  'POSTAL',
] as const satisfies readonly SuppressionChannel[]

export const SALUTATIONS = ['MALE', 'FEMALE', 'NONE'] as const
export type Salutation = (typeof SALUTATIONS)[number]

/** Spec §5 and §9: maximum lengths. */
export const MAX_LENGTH = {
  firstName: 30,
  lastName: 30,
  postalCode: 10,
  city: 50,
  street: 50,
  houseNumber: 10,
  houseNumberExtension: 10,
  /** A phone number as typed, separators included (`+32 (0)470 12 34 56`); stored as E.164. */
  phone: 30,
  search: 100,
  email: 254,
  userMessage: 5000,
  article: 500,
  publicationLink: 2000,
  brandName: 100,
  touchpoint: 2000,
} as const

export interface Address {
  postalCode?: string
  city?: string
  street?: string
  houseNumber?: string
  houseNumberExtension?: string
  country?: Country
}

/** Who objected to post at an address (issue 27): the name the postal channel requires. */
export interface PostalName {
  salutation?: Salutation
  firstName?: string
  lastName?: string
}

/** The name of a postal suppression, from a request's user info; null when it names nobody. */
export function postalNameOf(info: UserInfo | null | undefined): PostalName | null {
  if (!info?.firstName && !info?.lastName) return null
  return {
    ...(info.salutation ? { salutation: info.salutation } : {}),
    ...(info.firstName ? { firstName: info.firstName } : {}),
    ...(info.lastName ? { lastName: info.lastName } : {}),
  }
}

export interface UserInfo {
  salutation?: Salutation
  firstName?: string
  lastName?: string
  address?: Address
}

/** Spec §7: the body of POST /api/privacy-rights/request. */
export interface PrivacyRequestBody {
  flowType: FlowType
  country: Country
  language: 'nl' | 'fr'
  email?: string
  phoneNumber?: string
  userMessage?: string
  /** The chosen brands' nro keys, flattened. */
  brands?: string[]
  brandName?: string
  article?: string
  publicationLink?: string
  publicationDate?: string
  userInfo?: UserInfo
  /** The page the request was sent from. */
  touchpoint?: string
  /**
   * Beyond the spec's body: the channels ticked in the objection flow. When absent they follow from the
   * contact data sent (phone number → PHONE, e-mail → EMAIL, address → POSTAL).
   */
  communicationTypes?: CommunicationType[]
}

/** Spec §5: dd-mm-yyyy. */
export const DATE_PATTERN = /^(0[1-9]|[12]\d|3[01])-(0[1-9]|1[0-2])-\d{4}$/
/** A standard address pattern: one @, a dot in the domain, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

/** Spec §5 'Required text': non-empty after trimming and not a placeholder value. */
export function isFilled(value: string | undefined | null): value is string {
  const trimmed = value?.trim() ?? ''
  return trimmed !== '' && trimmed !== 'empty_val' && trimmed !== 'placeholder'
}

/** Spec §4: a lone "+" phone is sent as not set. Spaces typed in a number are no part of it. */
export function phoneOrNothing(value: string | undefined): string | undefined {
  const phone = value?.replace(/\s+/g, '')
  return phone && phone !== '+' ? phone : undefined
}

/** The channels of an objection: those ticked, or else those whose contact data was sent. */
export function objectionChannels(body: PrivacyRequestBody): SuppressionChannel[] {
  const ticked = body.communicationTypes
  if (ticked) return ticked.filter((type): type is SuppressionChannel => type !== 'NOTIFICATIONS')
  const channels: SuppressionChannel[] = []
  if (phoneOrNothing(body.phoneNumber)) channels.push('PHONE')
  if (isFilled(body.email)) channels.push('EMAIL')
  if (body.userInfo?.address && isFilled(body.userInfo.address.street)) channels.push('POSTAL')
  return channels
}
