import type { JSONSchemaType } from 'ajv'
import { COUNTRIES, type Country } from '../site'
import { MAX_LENGTH, SUPPRESSION_CHANNELS, type SuppressionChannel, type UserInfo } from './request'

/**
 * Issue 28: the reader's own choices. A link mailed to an address opens the preference centre for 7 days;
 * there the reader sees, per brand and channel, whether marketing is allowed or stopped (and whether the brand
 * applied the stop), and stops what they choose. A stop stands: it is not undone here.
 */
export const PREFERENCE_LINK_DAYS = 7
/** Spec §9: brands stop within 30 days; until then a stop shows as "within its 30 days". */
export const APPLY_WITHIN_DAYS = 30

export interface PreferenceLinkBody {
  email: string
  country: Country
  language: 'nl' | 'fr'
}

export const preferenceLinkSchema: JSONSchemaType<PreferenceLinkBody> = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'country', 'language'],
  properties: {
    email: { type: 'string', minLength: 3, maxLength: MAX_LENGTH.email },
    country: { type: 'string', enum: COUNTRIES },
    language: { type: 'string', enum: ['nl', 'fr'] },
  },
}

export interface PreferenceStop {
  brandKey: string
  channel: SuppressionChannel
}

export interface PreferenceStopBody {
  token: string
  stops?: PreferenceStop[]
  /** Every brand of the country: e-mail, and phone and post when their data is given. */
  all?: boolean
  /** Needed to stop calls (PHONE): the number to stop, validated as in the forms. */
  phoneNumber?: string
  /** Needed to stop post (POSTAL): the name and address, validated as in the forms. */
  userInfo?: UserInfo
}

const text = (max: number) => ({ type: 'string', maxLength: max, nullable: true }) as const

export const preferenceStopSchema: JSONSchemaType<PreferenceStopBody> = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: {
    token: { type: 'string', pattern: '^[\\w-]{20,100}$' },
    stops: {
      type: 'array',
      nullable: true,
      maxItems: 500,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['brandKey', 'channel'],
        properties: {
          brandKey: { type: 'string', maxLength: 60 },
          channel: { type: 'string', enum: [...SUPPRESSION_CHANNELS] },
        },
      },
    },
    all: { type: 'boolean', nullable: true },
    phoneNumber: text(40),
    userInfo: {
      type: 'object',
      nullable: true,
      additionalProperties: false,
      required: [],
      properties: {
        salutation: { type: 'string', enum: ['MALE', 'FEMALE', 'NONE'], nullable: true },
        firstName: text(MAX_LENGTH.firstName),
        lastName: text(MAX_LENGTH.lastName),
        address: {
          type: 'object',
          nullable: true,
          additionalProperties: false,
          required: [],
          properties: {
            postalCode: text(MAX_LENGTH.postalCode),
            city: text(MAX_LENGTH.city),
            street: text(MAX_LENGTH.street),
            houseNumber: text(MAX_LENGTH.houseNumber),
            houseNumberExtension: text(MAX_LENGTH.houseNumberExtension),
            country: { type: 'string', enum: COUNTRIES, nullable: true },
          },
        },
      },
    },
  },
}

/** A channel of a brand, as the reader's preference centre shows it. */
export interface ChannelPreference {
  channel: SuppressionChannel
  state: 'allowed' | 'stopped'
  /** When the reader stopped it (the earliest stop of the brand's keys). */
  stoppedAt: string | null
  /** The stop's request, for the reader's records. */
  reference: string | null
  /** Every brand system concerned confirmed it applied the stop (issue 17's `applied`). */
  applied: boolean
  appliedAt: string | null
  /** Not applied yet: the brand has until then (30 days after the stop). */
  applyBy: string | null
}

export interface BrandPreference {
  id: string
  name: string
  brandKeys: string[]
  channels: ChannelPreference[]
}

export interface PreferencesView {
  email: string
  country: Country
  language: 'nl' | 'fr'
  /** When the link stops working. */
  expiresAt: string
  brands: BrandPreference[]
}

export interface PreferenceStopAnswer {
  /** The request the stops were recorded under; null when every stop asked for stood already. */
  reference: string | null
  /** Suppressions made: one per brand key and channel not stopped before. */
  created: number
  preferences: PreferencesView
}

/** Issue 28: what the page of a one-click unsubscribe link shows: a link that does not work, the button, done. */
export type UnsubscribeView =
  | { state: 'unknown' }
  | { state: 'ask'; brand: string; email: string; language: 'nl' | 'fr'; token: string }
  | { state: 'done'; brand: string; language: 'nl' | 'fr' }
