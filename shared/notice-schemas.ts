import {
  AMOUNTS_CURRENCY,
  CAMPAIGN_STATUSES,
  type CampaignRow,
  CHANNELS,
  FUNDING_ORIGINS,
  FUNDING_REGIONS,
  LINKED_PROCESSES,
} from './notices'

/**
 * Issue 31 (moved from political-ads.ts): the schemas an import checks a notice and its exported state
 * with, and the export's columns.
 */

/** Every text of a notice says something: a blank one would be an empty row on the page (issue 18). */
const NOT_BLANK = '\\S'
export const text = { type: 'string', minLength: 1, maxLength: 300, pattern: NOT_BLANK } as const
const longText = { type: 'string', minLength: 1, maxLength: 2000, pattern: NOT_BLANK } as const
export const email = { type: 'string', maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' } as const
const bound = { type: 'integer', minimum: 0, maximum: 1_000_000_000 } as const
export const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const
export const url = { type: 'string', pattern: '^https?://\\S+$', maxLength: 2000 } as const
/** What a complaint's reference looks like (`BE-261001-K7Q2M`, issue 16). */
export const reference = { type: 'string', pattern: '^(NL|BE)-\\d{6}-[A-Z0-9]{5}$' } as const

/**
 * One imported row. The schema holds the elements the regulation makes mandatory (the sponsor's e-mail,
 * Art. 12(1)(a); the methodology of the amounts, (f)); the import checks the rest: dates, bound order, and
 * the pairs of fields that must agree (`noticeConsistency` in server/services/campaign-import.ts).
 */
export const campaignItemSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'status',
    'sponsorName',
    'sponsorEmail',
    'publicationStartDate',
    'publicationEndDate',
    'channel',
    'fundingOriginType',
    'fundingRegion',
    'amountsMethodology',
  ],
  properties: {
    id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    status: { enum: [...CAMPAIGN_STATUSES] },
    sponsorName: text,
    sponsorLegalName: text,
    sponsorEmail: email,
    sponsorAddress: text,
    sponsorEstablishment: text,
    sponsorRegistrationNumber: { type: 'string', minLength: 1, maxLength: 100, pattern: NOT_BLANK },
    publicationStartDate: date,
    publicationEndDate: date,
    budgetLowerBound: bound,
    budgetUpperBound: bound,
    otherBenefits: longText,
    amountsCurrency: { enum: [AMOUNTS_CURRENCY] },
    reachLowerBound: bound,
    reachUpperBound: bound,
    channel: { enum: [...CHANNELS] },
    fundingOriginType: { enum: [...FUNDING_ORIGINS] },
    fundingRegion: { enum: [...FUNDING_REGIONS] },
    campaignContextUrl: url,
    campaignContextNoteNl: longText,
    campaignContextNoteFr: longText,
    previousPublicationSuspended: { type: 'boolean' },
    payerName: text,
    payerLegalName: text,
    payerEmail: email,
    payerAddress: text,
    payerEstablishment: text,
    ultimateBeneficiaryOwnerName: text,
    ultimateBeneficiaryOwnerLegalName: text,
    ultimateBeneficiaryOwnerEmail: email,
    ultimateBeneficiaryOwnerAddress: text,
    ultimateBeneficiaryOwnerEstablishment: text,
    amountsMethodology: longText,
    linkedProcessType: { enum: [...LINKED_PROCESSES] },
    linkedProcessName: text,
    linkedProcessDate: date,
    electionInfoUrl: url,
    targetingUsed: { type: 'boolean' },
    targetingInfoUrl: url,
    repositoryUrl: url,
    suspensions: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['date'],
        properties: {
          date,
          reason: { type: 'string', minLength: 1, maxLength: 500, pattern: NOT_BLANK },
          complaint: reference,
        },
      },
    },
    textLanguage: { enum: ['nl', 'fr'] },
  },
} as const

/**
 * The export's columns (beyond the spec: researchers, regulators, mirrors): every field an import takes, from
 * the import's own schema, the notice's country (the JSON names it once, at its top), then each notice's state
 * and history, and its permanent addresses. The CSV has them in this order, and imports again as it is.
 */
export const EXPORT_COLUMNS = [
  ...(Object.keys(campaignItemSchema.properties) as (keyof CampaignRow)[]),
  'country',
  ...(['version', 'changedAt', 'withdrawnAt', 'withdrawalReason', 'versions', 'withdrawals'] as const),
  'url',
  'urls.nl',
  'urls.fr',
] as const
export type ExportColumn = (typeof EXPORT_COLUMNS)[number]

/** An ISO 8601 time, as the site writes them (`2026-11-02T09:14:03.000Z`). */
export const MOMENT_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,3})?(?:Z|[+-]\\d{2}:\\d{2})$'
const moment = { type: 'string', pattern: MOMENT_PATTERN, maxLength: 40 } as const
export const reason = { type: 'string', maxLength: 500 } as const
/** What an import checks of a row's state before it restores it (`NoticeState`). */
export const noticeStateSchema = {
  type: 'object',
  properties: {
    version: { type: 'integer', minimum: 1, maximum: 10_000 },
    changedAt: moment,
    withdrawnAt: moment,
    withdrawalReason: reason,
    versions: {
      type: 'array',
      maxItems: 10_000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['version', 'replacedAt', 'changed', 'previous'],
        properties: {
          version: { type: 'integer', minimum: 1 },
          replacedAt: moment,
          changed: {
            type: 'array',
            items: { enum: Object.keys(campaignItemSchema.properties) },
          },
          previous: { type: 'object' },
        },
      },
    },
    withdrawals: {
      type: 'array',
      maxItems: 1_000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['withdrawnAt', 'reason'],
        properties: {
          withdrawnAt: moment,
          reason,
          reinstatedAt: moment,
          reinstatementReason: reason,
        },
      },
    },
  },
} as const
