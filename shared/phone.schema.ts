import type { JSONSchemaType } from 'ajv'
import { closedObject } from './content-schema'
import { BRAND_TYPES, type PhoneEntry } from './phone'

/** content/phone/{nl,be}.json: the brand phone numbers of one country. */
export interface PhoneList {
  /** The numbers are sample data an operator replaces (content/README.md). */
  sample?: boolean
  entries: PhoneEntry[]
}

/** Checked at build time and at start-up (server/content.ts). */
export const phoneListSchema: JSONSchemaType<PhoneList> = {
  ...closedObject,
  required: ['entries'],
  properties: {
    sample: { type: 'boolean', nullable: true },
    entries: {
      type: 'array',
      minItems: 1,
      items: {
        ...closedObject,
        required: ['brandName', 'phoneNumber', 'brandType'],
        properties: {
          brandName: { type: 'string', minLength: 1, maxLength: 100 },
          // International format, as the tel: link needs it: `+31 88 000 1101`.
          phoneNumber: { type: 'string', pattern: '^\\+\\d[\\d ]{5,20}\\d$' },
          brandType: { type: 'string', enum: [...BRAND_TYPES] },
        },
      },
    },
  },
}
