import { privacyRequestSchema } from './schema'
import { IDENTITY_CHECKS, IDENTITY_NOTE_MAX_LENGTH, STAFF_CHANNELS } from './staff'

/**
 * JSON Schema of the staff form's body: the public request body (spec §7) as an objection, its channels
 * limited to PHONE, EMAIL and POSTAL, and how the customer's identity was checked. Server only: the browser
 * runs checkStaffBody and never needs the schema.
 */
export const staffObjectionSchema = {
  ...privacyRequestSchema,
  required: ['flowType', 'country', 'language', 'brands', 'communicationTypes', 'identityCheck'],
  properties: {
    ...privacyRequestSchema.properties,
    flowType: { const: 'OBJECTION' },
    communicationTypes: {
      type: 'array',
      maxItems: 3,
      uniqueItems: true,
      items: { enum: [...STAFF_CHANNELS] },
    },
    identityCheck: {
      type: 'object',
      additionalProperties: false,
      required: ['method'],
      properties: {
        method: { enum: [...IDENTITY_CHECKS] },
        note: { type: 'string', maxLength: IDENTITY_NOTE_MAX_LENGTH },
      },
    },
  },
} as const
