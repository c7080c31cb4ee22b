import type { ComparedBlock, DocumentVersionEntry } from './document-history'
import type { LegalDocument } from './documents'
import type { Locale } from './locale'
import type { CampaignFilter, Notice, NoticeVersion, NoticeWithdrawal } from './notices'
import type { ComplaintQuery, ComplaintView } from './political-ads'
import type { channelData } from './privacy-rights/channel-data'
import type { DeskQuery, QueueItem, RequestDetail } from './privacy-rights/desk'
import type { FiguresTable, PublicFigures } from './privacy-rights/figures'
import type { PreferencesView } from './privacy-rights/preferences'
import type { AuditEntry, RecordedObjection, StaffIdentity } from './privacy-rights/staff'
import type { RequestStatusView } from './privacy-rights/status-page'
import type { SearchResult } from './search'
import type { Country, Site } from './site'

/**
 * Issue 31: what a page's data may ask of the server, through the page context (typed in global.d.ts). Each is
 * the part of a server service that pages call; the server's services implement them (server/middleware/
 * page-render.ts takes its services as these types), and pages never depend on server/ for their types.
 */

export interface PageDocuments {
  get(key: string, locale: Locale): LegalDocument | null
  history(key: string, locale: Locale): DocumentVersionEntry[] | null
  version(key: string, locale: Locale, date: string): LegalDocument | null
  compare(key: string, locale: Locale, date: string): ComparedBlock[] | null
}

/** The request a verification link shows before its button is pressed. */
export type VerificationRequest = Parameters<typeof channelData>[0] & { brands: readonly string[] }

export type VerificationPreview =
  | { state: 'valid' | 'confirmed'; request: VerificationRequest }
  | { state: 'expired' }
  | { state: 'failed' }

export interface PagePrivacyRequests {
  /** What the verification page shows for a token, without consuming it (mail scanners open links). */
  preview(token: string): Promise<VerificationPreview>
}

export interface PageSearch {
  search(query: string, locale: Locale, limit?: number): { total: number; results: SearchResult[] }
}

export interface PagePoliticalAds {
  /** A page of the list (newest first) and how many match in all. */
  list(
    site: Site,
    country: Country,
    filter: CampaignFilter,
    page?: { limit: number; offset: number },
  ): Promise<{ items: Notice[]; total: number }>
  find(site: Site, country: Country, id: string): Promise<Notice | null>
  /** A notice's earlier versions (issue 18). */
  versions(id: string): Promise<NoticeVersion[]>
  /** A notice's withdrawals, each with its reinstatement once taken back (issue 18). */
  withdrawals(id: string): Promise<NoticeWithdrawal[]>
  /** When the retention job removed this notice (its address then answers 410 Gone), or null. */
  removedAt(site: Site, country: Country, id: string): Promise<string | null>
}

export interface PageStaff {
  recorded(requestId: string, actor: StaffIdentity): Promise<RecordedObjection | null>
  recent(actor: StaffIdentity, limit?: number): Promise<AuditEntry[]>
}

/** A privacy-team member on the desk, with the countries the desk shows. */
export interface DeskActor extends StaffIdentity {
  countries: readonly Country[]
}

export interface PageDesk {
  list(actor: DeskActor, query: DeskQuery): Promise<{ items: QueueItem[]; total: number }>
  detail(actor: DeskActor, reference: string): Promise<RequestDetail>
}

export interface PageComplaintDesk {
  list(actor: DeskActor, query: ComplaintQuery): Promise<{ items: ComplaintView[]; total: number }>
  detail(actor: DeskActor, reference: string): Promise<ComplaintView>
}

export interface PageRequesterAccess {
  view(token: string, unlocked: string | null): Promise<RequestStatusView | null>
}

export interface PagePreferences {
  view(token: string): Promise<PreferencesView | null>
}

export interface PageFigures {
  publicFigures(country: Country): Promise<PublicFigures>
  deskFigures(countries: readonly Country[]): Promise<FiguresTable[]>
}

/**
 * The services a page's data reads from the page context, by their names there: on the server only (never
 * serialised to the browser). global.d.ts puts them on the page context, each optional; the server's page
 * renderer (server/middleware/page-render.ts) is given all of them.
 */
export interface PageContextServices {
  /** The document store. */
  documents: PageDocuments
  /** The privacy-request service (the verification page). */
  privacyRequests: PagePrivacyRequests
  /** The search index. */
  searchIndex: PageSearch
  /** The campaign store (the transparency centre). */
  politicalAds: PagePoliticalAds
  /** The staff service. */
  staff: PageStaff
  /** The privacy desk (issue 16). */
  desk: PageDesk
  /** Complaints about political ads on the desk (issue 18). */
  complaintDesk: PageComplaintDesk
  /** Issue 25: the requester's status page, its code and package. */
  requesterAccess: PageRequesterAccess
  /** Issue 28: the preference centre (the reader's choices through their link). */
  preferences: PagePreferences
  /** Issue 29: the public figures and the desk's. */
  figures: PageFigures
}
