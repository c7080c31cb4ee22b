/**
 * Issue 31 (moved from political-ads.ts): a political ad's transparency notice (spec §3, issue 18): its
 * elements, states and history.
 */

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
