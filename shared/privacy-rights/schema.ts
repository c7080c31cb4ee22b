import { COUNTRIES } from '../site'
import { COMMUNICATION_TYPES, FLOW_TYPES, MAX_LENGTH, SALUTATIONS } from './request'

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const

/**
 * JSON Schema of spec §7's request body: every enum of spec §3, every maximum length of spec §5, nothing
 * else accepted. The rules a schema cannot hold live in the service (server/services/privacy-requests.ts).
 */
export const privacyRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['flowType', 'country', 'language'],
  properties: {
    flowType: { enum: [...FLOW_TYPES] },
    country: { enum: [...COUNTRIES] },
    language: { enum: ['nl', 'fr'] },
    email: text(MAX_LENGTH.email),
    phoneNumber: text(MAX_LENGTH.phone),
    userMessage: text(MAX_LENGTH.userMessage),
    brands: {
      type: 'array',
      maxItems: 200,
      uniqueItems: true,
      items: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,64}$' },
    },
    brandName: text(MAX_LENGTH.brandName),
    article: text(MAX_LENGTH.article),
    publicationLink: text(MAX_LENGTH.publicationLink),
    publicationDate: text(10),
    touchpoint: text(MAX_LENGTH.touchpoint),
    communicationTypes: {
      type: 'array',
      maxItems: 4,
      uniqueItems: true,
      items: { enum: [...COMMUNICATION_TYPES] },
    },
    userInfo: {
      type: 'object',
      additionalProperties: false,
      properties: {
        salutation: { enum: [...SALUTATIONS] },
        firstName: text(MAX_LENGTH.firstName),
        lastName: text(MAX_LENGTH.lastName),
        address: {
          type: 'object',
          additionalProperties: false,
          properties: {
            postalCode: text(MAX_LENGTH.postalCode),
            city: text(MAX_LENGTH.city),
            street: text(MAX_LENGTH.street),
            houseNumber: text(MAX_LENGTH.houseNumber),
            houseNumberExtension: text(MAX_LENGTH.houseNumberExtension),
            country: { enum: [...COUNTRIES] },
          },
        },
      },
    },
  },
} as const
