import type { JSONSchemaType } from 'ajv'
import { closedObject } from './content-schema'
import { DOCUMENT_KEYS } from './documents'
import type { Country } from './site'

/** content/home.json: the topic cards and, per country, the legal documents the home page lists. */
export interface HomeContent {
  topics: { document: string; image: string; titleKey: string; textKey: string }[]
  legalDocuments: Record<Country, string[]>
}

const documentKey = { type: 'string', enum: [...DOCUMENT_KEYS] } as const
/** Phrase keys; test/i18n.test.ts checks that each is a phrase. */
const phraseKey = { type: 'string', pattern: '^[a-z0-9_]+(\\.[a-z0-9_]+)+$' } as const
const documentList = { type: 'array', minItems: 1, uniqueItems: true, items: documentKey } as const

/** Checked at build time and at start-up (server/content.ts). */
export const homeSchema: JSONSchemaType<HomeContent> = {
  ...closedObject,
  required: ['topics', 'legalDocuments'],
  properties: {
    topics: {
      type: 'array',
      minItems: 1,
      items: {
        ...closedObject,
        required: ['document', 'image', 'titleKey', 'textKey'],
        properties: {
          document: documentKey,
          image: { type: 'string', pattern: '^/images/[\\w./-]+\\.(svg|png|jpg|webp)$' },
          titleKey: phraseKey,
          textKey: phraseKey,
        },
      },
    },
    legalDocuments: {
      ...closedObject,
      required: ['NL', 'BE'],
      properties: { NL: documentList, BE: documentList },
    },
  },
}
