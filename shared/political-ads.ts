import { languagesOf } from './locale'
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

/**
 * A dated suspension or discontinuation of the ad or of an earlier publication of it (Art. 12(1)); the
 * desk's "ad suspended" outcome adds one naming the complaint.
 */
export interface Suspension {
  date: string
  reason?: string
  /** The reference of the complaint after which the team suspended the ad. */
  complaint?: string
}

/** The amounts are in euros (spec §9; both countries pay in euros); the notice says so (template item 5). */
export const AMOUNTS_CURRENCY = 'EUR'

/**
 * A transparency notice as stored and imported: one field per element of Art. 12(1) of Regulation (EU)
 * 2024/900 and the template of Implementing Regulation (EU) 2025/1410 (docs/decisions/005-notice-elements.md).
 * Fields the regulation makes mandatory are optional here only because notices imported before issue 18
 * may lack them (the page then says "not given"); the import requires them (`campaignItemSchema`).
 */
export interface CampaignItem {
  id: string
  status: CampaignStatus
  sponsorName: string
  /** Template item 1: the legal name, where different from the (business) name. */
  sponsorLegalName?: string
  sponsorEmail?: string
  sponsorAddress?: string
  /** Template item 1: the place of establishment, where different from the postal address. */
  sponsorEstablishment?: string
  /** Template item 1: the registration number of the legal entity or campaign organisation, where it has one. */
  sponsorRegistrationNumber?: string
  publicationStartDate: string
  publicationEndDate: string
  budgetLowerBound?: number
  budgetUpperBound?: number
  /** Template item 5: the aggregated value of other benefits (in kind), described with its value. */
  otherBenefits?: string
  reachLowerBound?: number
  reachUpperBound?: number
  channel: Channel
  fundingOriginType: (typeof FUNDING_ORIGINS)[number]
  fundingRegion: (typeof FUNDING_REGIONS)[number]
  campaignContextUrl?: string
  campaignContextNoteNl?: string
  campaignContextNoteFr?: string
  payerName?: string
  payerLegalName?: string
  payerEmail?: string
  payerAddress?: string
  payerEstablishment?: string
  /** Art. 12(1)(a), template item 2: the entity ultimately controlling the sponsor. */
  ultimateBeneficiaryOwnerName?: string
  ultimateBeneficiaryOwnerLegalName?: string
  ultimateBeneficiaryOwnerEmail?: string
  ultimateBeneficiaryOwnerAddress?: string
  ultimateBeneficiaryOwnerEstablishment?: string
  /** Issue 18 (Art. 12(1)(f)): how the amounts were calculated. */
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
  /**
   * Issue 27: the language the sponsor's texts are written in (the methodology of the amounts, other benefits,
   * the linked process's name, the reasons of suspensions). A page in another language marks them with it
   * (`lang`), so a Dutch page never passes a French text off as Dutch. Absent: not said, nothing marked.
   */
  textLanguage?: 'nl' | 'fr'
}

/**
 * A row of an import: the notice's fields, and two an export carries that the import only checks: the spec's
 * yes/no of earlier suspensions (it must agree with `suspensions`) and the currency (always euros).
 */
export interface CampaignRow extends CampaignItem {
  previousPublicationSuspended?: boolean
  amountsCurrency?: typeof AMOUNTS_CURRENCY
}

/** Issue 18: a published notice: the imported fields, its version, when it last changed, its withdrawal. */
export interface Notice extends CampaignItem {
  /** Spec §3, kept for compatibility: derived from `suspensions`, never stored apart from them. */
  previousPublicationSuspended: boolean
  amountsCurrency: typeof AMOUNTS_CURRENCY
  version: number
  changedAt: string
  withdrawnAt?: string
  withdrawalReason?: string
}

/**
 * Issue 26: a sample notice's id begins with this, and only a sample's may: no real notice can take a sample's
 * id, so loading the samples never replaces a real notice, and no import turns a real notice into a sample.
 */
export const SAMPLE_ID_PREFIX = 'sample-'

export function isSampleId(id: string): boolean {
  return id.startsWith(SAMPLE_ID_PREFIX)
}

/**
 * The fields a notice's export adds to the imported ones (issue 27: its history too). They are not a notice's
 * content: an import restores them for a notice new to the database (`NoticeState`), and leaves an existing
 * notice's own history as it is.
 */
export const EXPORT_ONLY_FIELDS = [
  'version',
  'changedAt',
  'withdrawnAt',
  'withdrawalReason',
  'versions',
  'withdrawals',
  'url',
  'urls',
  'urls.nl',
  'urls.fr',
] as const

/** A notice's state as its export carries it: what an import into an empty database restores. */
export interface NoticeState {
  version?: number
  changedAt?: string
  withdrawnAt?: string
  withdrawalReason?: string
  versions?: NoticeVersion[]
  withdrawals?: NoticeWithdrawal[]
}

/** A withdrawal of a notice, and its reinstatement once taken back (issue 18): the notice's page lists them. */
export interface NoticeWithdrawal {
  withdrawnAt: string
  reason: string
  reinstatedAt?: string
  reinstatementReason?: string
}

/** An earlier version of a notice, and what the next one changed. */
export interface NoticeVersion {
  version: number
  replacedAt: string
  changed: (keyof CampaignItem)[]
  /** What this version said in each field the next one changed; a changed field missing here was absent. */
  previous: Partial<CampaignItem>
}

/**
 * Every earlier version of a notice in full, newest first as `versions` lists them: each is the version
 * after it with the fields that version changed put back as they were. The page shows a changed row of an
 * earlier version as it showed then ("was: € 1.000 – € 2.000", though only the upper bound changed).
 */
export function earlierVersions(current: Notice, versions: readonly NoticeVersion[]): CampaignItem[] {
  // The notice's state (version, withdrawal, spec §3's derived yes/no) is not a field any version had.
  const {
    previousPublicationSuspended: _suspended,
    amountsCurrency: _currency,
    version: _version,
    changedAt: _changedAt,
    withdrawnAt: _withdrawnAt,
    withdrawalReason: _reason,
    ...fields
  } = current
  return earlierContents(fields, versions)
}

/** The same from a notice's fields alone: what an import restores of an exported notice's history (issue 27). */
export function earlierContents(current: CampaignItem, versions: readonly NoticeVersion[]): CampaignItem[] {
  let after: CampaignItem = current
  return versions.map((version) => {
    const before: Partial<CampaignItem> = { ...after }
    for (const field of version.changed) delete before[field]
    after = { ...before, ...version.previous } as CampaignItem
    return after
  })
}

export interface CampaignFilter {
  periodFilter: PeriodFilter
  channelFilter: ChannelFilter
  textFilter: string
  /** Withdrawn notices leave the default list; a filter shows them (issue 18). */
  withdrawn?: boolean
}

/** Every text of a notice says something: a blank one would be an empty row on the page (issue 18). */
const NOT_BLANK = '\\S'
const text = { type: 'string', minLength: 1, maxLength: 300, pattern: NOT_BLANK } as const
const longText = { type: 'string', minLength: 1, maxLength: 2000, pattern: NOT_BLANK } as const
const email = { type: 'string', maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' } as const
const bound = { type: 'integer', minimum: 0, maximum: 1_000_000_000 } as const
const date = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const
const url = { type: 'string', pattern: '^https?://\\S+$', maxLength: 2000 } as const
/** What a complaint's reference looks like (`BE-261001-K7Q2M`, issue 16). */
const reference = { type: 'string', pattern: '^(NL|BE)-\\d{6}-[A-Z0-9]{5}$' } as const

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
const reason = { type: 'string', maxLength: 500 } as const
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

/**
 * Spec §9: figures as ranges; only a lower bound `> x`, only an upper bound `< x`. Without either there is no
 * figure to show: the page says so in words (issue 18), never with a dash.
 */
export function formatRange(
  lower: number | undefined,
  upper: number | undefined,
  format: (n: number) => string,
): string | undefined {
  if (lower !== undefined && upper !== undefined) return `${format(lower)} – ${format(upper)}`
  if (lower !== undefined) return `> ${format(lower)}`
  if (upper !== undefined) return `< ${format(upper)}`
  return undefined
}

export type CampaignCountry = Country

/** A notice's permanent address (issue 18): it stays valid for as long as the notice is kept. */
export function noticeUrl(origin: string, lang: 'nl' | 'fr', id: string): string {
  return `${origin}/${lang}/political-ads/${encodeURIComponent(id)}`
}

/** The languages a notice is published in: those of its country's site (NL: nl; BE: nl and fr). */
export type NoticeLanguage = 'nl' | 'fr'

/** The languages of a country's notices, its first (that of `url`) first: NL `nl`; BE `nl`, `fr`. */
export function noticeLanguages(country: Country): NoticeLanguage[] {
  return languagesOf(country).filter((lang): lang is NoticeLanguage => lang !== 'en')
}

/**
 * The language of the notice address a page in `lang` shows (its link, its QR code): the page's own where the
 * country publishes in it, else the country's first; the Dutch site serves no French addresses.
 */
export function noticeLanguage(country: Country, lang: string): NoticeLanguage {
  const languages = noticeLanguages(country)
  return languages.find((language) => language === lang) ?? languages[0] ?? 'nl'
}

/**
 * A notice's permanent addresses, one per language of its country (`urls`), and `url` in the country's
 * first language, for the open-data export and the API.
 */
export function noticeUrls(origin: string, country: Country, id: string) {
  const languages = noticeLanguages(country)
  return {
    url: noticeUrl(origin, languages[0] ?? 'nl', id),
    urls: Object.fromEntries(languages.map((lang) => [lang, noticeUrl(origin, lang, id)])) as Partial<
      Record<NoticeLanguage, string>
    >,
  }
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
