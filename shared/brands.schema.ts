import type { JSONSchemaType } from 'ajv'
import type { BrandList } from './brands'
import { closedObject } from './content-schema'

const name = { type: 'string', minLength: 1, maxLength: 100 } as const

/** content/brands/{nl,be}.json, checked at build time and at start-up (server/content.ts). */
export const brandListSchema: JSONSchemaType<BrandList> = {
  ...closedObject,
  required: ['brands', 'rectificationBrands'],
  properties: {
    brands: {
      type: 'array',
      minItems: 1,
      items: {
        ...closedObject,
        required: ['id', 'description', 'nroKeys'],
        properties: {
          id: { type: 'string', pattern: '^brand-\\d+$' },
          description: name,
          // A verified objection becomes one suppression per nro key: each is a key of the brands' systems.
          nroKeys: {
            type: 'array',
            minItems: 1,
            uniqueItems: true,
            items: { type: 'string', pattern: '^[A-Z0-9][A-Z0-9_]*$' },
          },
          // Issue 28: the language of the brand's own pages (its one-click unsubscribe page); absent: Dutch.
          language: { type: 'string', enum: ['nl', 'fr'], nullable: true },
        },
      },
    },
    rectificationBrands: { type: 'array', minItems: 1, uniqueItems: true, items: name },
    directMarketingNamed: { type: 'array', nullable: true, uniqueItems: true, items: name },
  },
}
