import { PAGE_SIZE } from './privacy-rights/desk'
import type { Country } from './site'

/** Spec §3 'Campaign item'. */
export const CAMPAIGN_STATUSES = ['RUNNING', 'CANCELLED', 'STOPPED'] as const
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number]
export const CHANNELS = ['PRINT', 'DIGITAL', 'TV', 'RADIO'] as const
export type Channel = (typeof CHANNELS)[number]
export const FUNDING_ORIGINS = ['PUBLIC', 'PRIVATE'] as const
export const FUNDING_REGIONS = ['EU', 'NON_EU'] as const

/** Spec §3 'Campaign filter'. */
export const PERIOD_FILTERS = ['ALL', 'PAST_7_DAYS', 'PAST_30_DAYS', 'PAST_YEAR'] as const
export type PeriodFilter = (typeof PERIOD_FILTERS)[number]
export const CHANNEL_FILTERS = ['ALL', ...CHANNELS] as const
export type ChannelFilter = (typeof CHANNEL_FILTERS)[number]

export const PERIOD_DAYS: Record<Exclude<PeriodFilter, 'ALL'>, number> = {
  PAST_7_DAYS: 7,
  PAST_30_DAYS: 30,
  PAST_YEAR: 365,
}

/** Spec §3 'Complaint'; issue 18 adds one about the transparency notice itself. */
const SPEC_REASONS = ['MISLEADING', 'INCORRECT', 'DISCRIMINATORY', 'ALCOHOL_DRUGS_SEX'] as const
export const COMPLAINT_REASONS = [...SPEC_REASONS, 'NOTICE_INCORRECT'] as const
export type ComplaintReason = (typeof COMPLAINT_REASONS)[number]

/** Issue 18, Art. 12(1)(g): what kind of vote or process an ad is linked to. */
export const LINKED_PROCESSES = ['ELECTION', 'REFERENDUM', 'LEGISLATIVE', 'REGULATORY'] as const
export type LinkedProcess = (typeof LINKED_PROCESSES)[number]

/** A dated suspension or discontinuation of an earlier publication (replaces a single yes/no). */
export interface Suspension {
  date: string
  reason?: string
}

export interface CampaignItem {
  id: string
  status: CampaignStatus
  sponsorName: string
  sponsorEmail?: string
  sponsorAddress?: string
  publicationStartDate: string
  publicationEndDate: string
  budgetLowerBound?: number
  budgetUpperBound?: number
  reachLowerBound?: number
  reachUpperBound?: number
  channel: Channel
  fundingOriginType: (typeof FUNDING_ORIGINS)[number]
  fundingRegion: (typeof FUNDING_REGIONS)[number]
  campaignContextUrl?: string
  campaignContextNoteNl?: string
  campaignContextNoteFr?: string
  previousPublicationSuspended: boolean
  payerName?: string
  payerEmail?: string
  payerAddress?: string
  ultimateBeneficiaryOwnerName?: string
  ultimateBeneficiaryOwnerEmail?: string
  ultimateBeneficiaryOwnerAddress?: string
  /** Issue 18 (Art. 12(1)): how the amounts were calculated. */
  amountsMethodology?: string
  /** The election, referendum or legislative or regulatory process the ad is linked to. */
  linkedProcessType?: LinkedProcess
  linkedProcessName?: string
  linkedProcessDate?: string
  /** Official information on how to take part in that election or referendum. */
  electionInfoUrl?: string
  /** Whether targeting or ad-delivery techniques were used, and where to read about them. */
  targetingUsed?: boolean
  targetingInfoUrl?: string
  /** The notice in the European repository for online political advertisements, where there is one. */
  repositoryUrl?: string
  suspensions?: Suspension[]
}

/** Issue 18: a published notice: the imported fields, its version, when it last changed, its withdrawal. */
export interface Notice extends CampaignItem {
  version: number
  changedAt: string
  withdrawnAt?: string
  withdrawalReason?: string
}

/** The fields a notice's export adds to the imported ones; an import of an export skips them. */
export const EXPORT_ONLY_FIELDS = ['version', 'changedAt', 'withdrawnAt', 'withdrawalReason', 'url'] as const

/** An earlier version of a notice, and what the next one changed. */
export interface NoticeVersion {
  version: number
  replacedAt: string
  changed: (keyof CampaignItem)[]
}

export interface CampaignFilter {
  periodFilter: PeriodFilter
  channelFilter: ChannelFilter
  textFilter: string
  /** Withdrawn notices leave the default list; a filter shows them (issue 18). */
  withdrawn?: boolean
}

const text = { type: 'string', minLength: 1, maxLength: 300 } as const
const bound = { type: 'integer', minimum: 0, maximum: 1_000_000_000 } as const
const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const
const url = { type: 'string', pattern: '^https?://\\S+$', maxLength: 2000 } as const

/** One imported row (spec §3 fields); the import checks the rest (dates, bound order). */
export const campaignItemSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'status',
    'sponsorName',
    'publicationStartDate',
    'publicationEndDate',
    'channel',
    'fundingOriginType',
    'fundingRegion',
    'previousPublicationSuspended',
  ],
  properties: {
    id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
    status: { enum: [...CAMPAIGN_STATUSES] },
    sponsorName: text,
    sponsorEmail: text,
    sponsorAddress: text,
    publicationStartDate: date,
    publicationEndDate: date,
    budgetLowerBound: bound,
    budgetUpperBound: bound,
    reachLowerBound: bound,
    reachUpperBound: bound,
    channel: { enum: [...CHANNELS] },
    fundingOriginType: { enum: [...FUNDING_ORIGINS] },
    fundingRegion: { enum: [...FUNDING_REGIONS] },
    campaignContextUrl: { type: 'string', pattern: '^https?://\\S+$', maxLength: 2000 },
    campaignContextNoteNl: { type: 'string', maxLength: 2000 },
    campaignContextNoteFr: { type: 'string', maxLength: 2000 },
    previousPublicationSuspended: { type: 'boolean' },
    payerName: text,
    payerEmail: text,
    payerAddress: text,
    ultimateBeneficiaryOwnerName: text,
    ultimateBeneficiaryOwnerEmail: text,
    ultimateBeneficiaryOwnerAddress: text,
    amountsMethodology: { type: 'string', minLength: 1, maxLength: 2000 },
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
        properties: { date, reason: { type: 'string', minLength: 1, maxLength: 500 } },
      },
    },
  },
} as const

/** Spec §9: figures as ranges; only a lower bound `> x`, only an upper bound `< x`. */
export function formatRange(
  lower: number | undefined,
  upper: number | undefined,
  format: (n: number) => string,
): string {
  if (lower !== undefined && upper !== undefined) return `${format(lower)} – ${format(upper)}`
  if (lower !== undefined) return `> ${format(lower)}`
  if (upper !== undefined) return `< ${format(upper)}`
  return '–'
}

export type CampaignCountry = Country

/** A notice's permanent address (issue 18): it stays valid for as long as the notice is kept. */
export function noticeUrl(origin: string, lang: 'nl' | 'fr', id: string): string {
  return `${origin}/${lang}/political-ads/${encodeURIComponent(id)}`
}

/**
 * Issue 18, Art. 15: a complaint is `received`, then `under_review`, and ends with an outcome mailed to the
 * complainant: the notice was corrected, the ad suspended, or the complaint dismissed.
 */
export const COMPLAINT_STATUSES = [
  'received',
  'under_review',
  'notice_corrected',
  'ad_suspended',
  'dismissed',
] as const
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number]
export const COMPLAINT_OUTCOMES = ['notice_corrected', 'ad_suspended', 'dismissed'] as const
export type ComplaintOutcome = (typeof COMPLAINT_OUTCOMES)[number]

/** A complaint as the desk shows it. */
export interface ComplaintView {
  reference: string
  country: 'NL' | 'BE'
  locale: string
  campaignId: string
  sponsorName: string | null
  reason: ComplaintReason
  status: ComplaintStatus
  receivedAt: string
  dueAt: string
  closedAt: string | null
  name: string
  email: string
  explanation: string
  timeline: {
    id: string
    kind: string
    at: string
    by: string | null
    detail: string | null
    text: string | null
  }[]
}

/** The complaints desk's list (issue 18): by status, a page of PAGE_SIZE from `offset`, as the requests queue. */
export interface ComplaintQuery {
  status?: ComplaintStatus
  limit: number
  offset: number
}

/** The list's query string, every value optional; numbers arrive as text. */
export const complaintQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...COMPLAINT_STATUSES, ''] },
    limit: { type: 'string', pattern: '^(?:[1-9]\\d?|100)$' },
    offset: { type: 'string', pattern: '^\\d{1,7}$' },
  },
} as const

/** The list's query string as a query; what the schema does not allow (a hand-edited address) is dropped. */
export function complaintQueryFrom(params: URLSearchParams): ComplaintQuery {
  const status = params.get('status')
  const limit = params.get('limit') ?? ''
  const offset = params.get('offset') ?? ''
  return {
    ...((COMPLAINT_STATUSES as readonly (string | null)[]).includes(status)
      ? { status: status as ComplaintStatus }
      : {}),
    limit: new RegExp(complaintQuerySchema.properties.limit.pattern).test(limit) ? Number(limit) : PAGE_SIZE,
    offset: new RegExp(complaintQuerySchema.properties.offset.pattern).test(offset) ? Number(offset) : 0,
  }
}

export interface CloseComplaintBody {
  outcome: ComplaintOutcome
  message: string
}

export const closeComplaintSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['outcome', 'message'],
  properties: {
    outcome: { type: 'string', enum: [...COMPLAINT_OUTCOMES] },
    message: { type: 'string', minLength: 1, maxLength: 10_000, pattern: '\\S' },
  },
} as const
