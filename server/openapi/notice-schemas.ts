import { AMOUNTS_CURRENCY, campaignItemSchema } from '#shared/political-ads.ts'
import { COUNTRIES } from '#shared/site.ts'
import { component, oas31, type Schema } from './build'

/**
 * Issue 18: the transparency notice as the API and the export publish it, generated from the import's own
 * schema (`campaignItemSchema`): every field an import takes, then the notice's state and addresses. A field
 * the import requires may be absent from a notice stored before that rule, so a notice requires only what
 * every notice has.
 */
const noticeProperties = {
  ...(oas31(campaignItemSchema.properties) as Record<string, Schema>),
  previousPublicationSuspended: {
    type: 'boolean',
    description: 'Spec §3: derived from `suspensions` (an earlier suspension on record)',
  },
  amountsCurrency: { type: 'string', enum: [AMOUNTS_CURRENCY] },
  version: { type: 'integer', minimum: 1 },
  changedAt: { type: 'string', format: 'date-time' },
  withdrawnAt: { type: 'string', format: 'date-time' },
  withdrawalReason: { type: 'string' },
  url: {
    type: 'string',
    format: 'uri',
    description: "The permanent address in the country's first language",
  },
  urls: {
    type: 'object',
    additionalProperties: false,
    properties: { nl: { type: 'string', format: 'uri' }, fr: { type: 'string', format: 'uri' } },
    description: 'The permanent address in each language of the country (Belgium: nl and fr)',
  },
}
const NOTICE_REQUIRED = [
  'id',
  'status',
  'sponsorName',
  'publicationStartDate',
  'publicationEndDate',
  'channel',
  'fundingOriginType',
  'fundingRegion',
  'previousPublicationSuspended',
  'amountsCurrency',
  'version',
  'changedAt',
]
const notice = {
  type: 'object',
  additionalProperties: false,
  required: NOTICE_REQUIRED,
  properties: noticeProperties,
}
export const noticeSchemas = {
  Notice: {
    ...notice,
    description:
      'A transparency notice (Regulation (EU) 2024/900, Art. 12(1); the template of Implementing Regulation (EU) 2025/1410); docs/decisions/005-notice-elements.md maps each element to its field',
  },
  NoticeDetail: {
    ...notice,
    required: [...NOTICE_REQUIRED, 'url', 'urls', 'versions', 'withdrawals'],
    properties: {
      ...noticeProperties,
      versions: {
        type: 'array',
        description:
          'Earlier versions, newest first, with the fields the next one changed and what each of them said in this version',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['version', 'replacedAt', 'changed', 'previous'],
          properties: {
            version: { type: 'integer', minimum: 1 },
            replacedAt: { type: 'string', format: 'date-time' },
            changed: {
              type: 'array',
              items: { type: 'string', enum: Object.keys(campaignItemSchema.properties) },
            },
            previous: {
              type: 'object',
              additionalProperties: false,
              properties: oas31(campaignItemSchema.properties) as Record<string, Schema>,
              description:
                'The value of each changed field in this version; a changed field missing here was absent from this version (given only later)',
            },
          },
        },
      },
      withdrawals: {
        type: 'array',
        description: 'Withdrawals, newest first, each with its reinstatement once taken back',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['withdrawnAt', 'reason'],
          properties: {
            withdrawnAt: { type: 'string', format: 'date-time' },
            reason: { type: 'string' },
            reinstatedAt: { type: 'string', format: 'date-time' },
            reinstatementReason: { type: 'string' },
          },
        },
      },
    },
  },
  NoticePage: {
    type: 'object',
    additionalProperties: false,
    required: ['campaignItems', 'total'],
    properties: {
      campaignItems: { type: 'array', items: component('Notice') },
      total: { type: 'integer', minimum: 0 },
    },
  },
  NoticeExport: {
    type: 'object',
    additionalProperties: false,
    required: ['country', 'exportedAt', 'campaignItems', 'removed'],
    properties: {
      country: { type: 'string', enum: [...COUNTRIES] },
      exportedAt: { type: 'string', format: 'date-time', description: 'When this export was made' },
      campaignItems: {
        type: 'array',
        description:
          'Every notice with its state and history (earlier versions, withdrawals): an import into an empty database restores them exactly',
        items: component('NoticeDetail'),
      },
      removed: {
        type: 'array',
        description: 'Notices the retention job removed (since `since`): mirrors drop them',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'removedAt'],
          properties: { id: { type: 'string' }, removedAt: { type: 'string', format: 'date-time' } },
        },
      },
    },
  },
}
