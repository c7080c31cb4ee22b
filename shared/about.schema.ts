import type { JSONSchemaType } from 'ajv'
import { closedObject } from './content-schema'
import type { Country } from './site'

/** content/about.json: the collapsible blocks of the about page, per country, as phrase keys. */
export type AboutContent = Record<Country, AboutBlock[]>

export interface AboutBlock {
  titleKey: string
  pairs: { headerKey: string; textKey: string }[]
}

/** Phrase keys; test/i18n.test.ts checks that each is a phrase. */
const phraseKey = { type: 'string', pattern: '^[a-z0-9_]+(\\.[a-z0-9_]+)+$' } as const

const blocks: JSONSchemaType<AboutBlock[]> = {
  type: 'array',
  minItems: 1,
  items: {
    ...closedObject,
    required: ['titleKey', 'pairs'],
    properties: {
      titleKey: phraseKey,
      pairs: {
        type: 'array',
        minItems: 1,
        items: {
          ...closedObject,
          required: ['headerKey', 'textKey'],
          properties: { headerKey: phraseKey, textKey: phraseKey },
        },
      },
    },
  },
}

/** Checked at build time and at start-up (server/content.ts). */
export const aboutSchema: JSONSchemaType<AboutContent> = {
  ...closedObject,
  required: ['NL', 'BE'],
  properties: { NL: blocks, BE: blocks },
}
