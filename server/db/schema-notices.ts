import type { Generated } from 'kysely'

/**
 * Issue 31 (moved from schema.ts): the tables of the political ads: notices, their history and archive,
 * complaints.
 */

/**
 * Issue 29: each state a notice took, written by a trigger on `campaign_items` (migration 021); read by the
 * daily archive. Kept a month after its day was archived.
 */
export interface NoticeJournalTable {
  id: Generated<number | string>
  campaign_id: string
  country: string
  is_sample: number
  version: number
  /** When the notice took this state (written: `updated_at`; changed: `changed_at`). */
  changed_at: string
  withdrawn_at: string | null
  withdrawal_reason: string | null
}

/**
 * Issue 29: one day's archive file of a country (JSON Lines) and its manifest entry; the database refuses to
 * change or delete it (migration 021). Read by `/api/campaign-items/archive/`; kept for good.
 */
export interface NoticeArchiveTable {
  country: string
  /** yyyy-mm-dd (UTC). */
  day: string
  file: string
  content: string
  /** Hex SHA-256 of `content`. */
  sha256: string
  /** `entry_hash` of the country's previous day; 64 zeros for the first. */
  previous: string
  /** Hex SHA-256 of this entry as the manifest writes it. */
  entry_hash: string
  lines: number
  written_at: string
}

/** Issue 29: when a registered system first took a version of a notice in the EU repository's shape. */
export interface NoticeRepositoryExportTable {
  campaign_id: string
  version: number
  client_id: string
  exported_at: string
}

/** The timeline of a political-ad complaint (issue 18); deleted with it. */
export interface ComplaintEventTable {
  id: string
  complaint_id: string
  occurred_at: string
  /** received, mail-queued, mail-delivered, mail-failed, under_review, closed, note. */
  kind: string
  actor_email: string | null
  actor_name: string | null
  detail: string | null
  text: string | null
}

/**
 * A notice the retention job removed (issue 18): read by the open-data export (`removed`) and by the notice's
 * permanent address (410 Gone). Kept for good: it holds no personal data.
 */
export interface CampaignItemTombstoneTable {
  id: string
  country: string
  is_sample: number
  removed_at: string
}

/** A withdrawal of a notice and, once taken back, its reinstatement (issue 18); read by the notice's page. */
export interface CampaignItemWithdrawalTable {
  id: string
  campaign_id: string
  withdrawn_at: string
  reason: string
  reinstated_at: string | null
  reinstatement_reason: string | null
}

/** A notice as it was before an import changed it (issue 18). */
export interface CampaignItemVersionTable {
  id: string
  campaign_id: string
  version: number
  /** JSON of the notice's fields at that version. */
  content: string
  /** JSON array of the fields the next version changed. */
  changed: string
  replaced_at: string
}

export interface CampaignItemTable {
  id: string
  country: string
  is_sample: number
  status: string
  sponsor_name: string
  sponsor_email: string | null
  sponsor_address: string | null
  publication_start_date: string
  publication_end_date: string
  budget_lower_bound: number | string | null
  budget_upper_bound: number | string | null
  reach_lower_bound: number | string | null
  reach_upper_bound: number | string | null
  channel: string
  funding_origin_type: string
  funding_region: string
  campaign_context_url: string | null
  campaign_context_note_nl: string | null
  campaign_context_note_fr: string | null
  previous_publication_suspended: number
  payer_name: string | null
  payer_email: string | null
  payer_address: string | null
  ubo_name: string | null
  ubo_email: string | null
  ubo_address: string | null
  search_text: string
  updated_at: string
  /** Issue 18: the version shown (1 + earlier versions kept), when it last changed, and its withdrawal. */
  version: Generated<number>
  changed_at: string | null
  withdrawn_at: string | null
  withdrawal_reason: string | null
  /** Issue 18: the other elements of Art. 12(1); `suspensions` is JSON, `targeting_used` 0/1. */
  amounts_methodology: string | null
  linked_process_type: string | null
  linked_process_name: string | null
  linked_process_date: string | null
  election_info_url: string | null
  targeting_used: number | null
  targeting_info_url: string | null
  repository_url: string | null
  /** nl or fr: the language of the notice's own texts (migration 019); null: not said. */
  text_language: string | null
  suspensions: string | null
  /** Issue 18, the 2025/1410 template: legal names, places of establishment, registration, other benefits. */
  sponsor_legal_name: string | null
  sponsor_establishment: string | null
  sponsor_registration_number: string | null
  payer_legal_name: string | null
  payer_establishment: string | null
  ubo_legal_name: string | null
  ubo_establishment: string | null
  other_benefits: string | null
}

export interface PoliticalAdComplaintTable {
  id: string
  country: string
  locale: string
  campaign_id: string
  reason: string
  name: string
  email: string
  explanation: string
  created_at: string
  reference: string | null
  /** Issue 18: received, under_review, notice_corrected, ad_suspended, dismissed. */
  status: Generated<string>
  due_at: string | null
  closed_at: string | null
  /** The site (host table) where the complaint was made: its outcome mail links there (migration 019). */
  origin: string | null
}
