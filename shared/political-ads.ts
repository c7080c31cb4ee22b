/**
 * Political ads (spec §3, issue 18): the notices' modules re-exported (notices.ts, notice-schemas.ts,
 * notice-urls.ts; issue 31), and the complaints about an ad.
 */
import type { NoticeLanguage } from './notice-urls'
import type { ComplaintReason } from './notices'
import { PAGE_SIZE } from './privacy-rights/desk'

export {
  campaignItemSchema,
  EXPORT_COLUMNS,
  type ExportColumn,
  MOMENT_PATTERN,
  noticeStateSchema,
} from './notice-schemas'
export {
  type CampaignCountry,
  formatRange,
  type NoticeLanguage,
  noticeLanguage,
  noticeLanguages,
  noticeUrl,
  noticeUrls,
} from './notice-urls'
export {
  AMOUNTS_CURRENCY,
  CAMPAIGN_STATUSES,
  type CampaignFilter,
  type CampaignItem,
  type CampaignRow,
  type CampaignStatus,
  CHANNEL_FILTERS,
  CHANNELS,
  type Channel,
  type ChannelFilter,
  COMPLAINT_REASONS,
  type ComplaintReason,
  EXPORT_ONLY_FIELDS,
  earlierContents,
  earlierVersions,
  FUNDING_ORIGINS,
  FUNDING_REGIONS,
  isSampleId,
  LINKED_PROCESSES,
  type LinkedProcess,
  type Notice,
  type NoticeState,
  type NoticeVersion,
  type NoticeWithdrawal,
  PERIOD_DAYS,
  PERIOD_FILTERS,
  type PeriodFilter,
  SAMPLE_ID_PREFIX,
  type Suspension,
} from './notices'

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
  /**
   * The notice's public page in each language of its country, for the desk's link to it; empty where this
   * deployment has no transparency centre for that country.
   */
  noticeUrls: Partial<Record<NoticeLanguage, string>>
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
