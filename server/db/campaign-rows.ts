import type { Kysely, Selectable, Transaction } from 'kysely'
import type { CampaignItem, Notice, Suspension } from '#shared/political-ads.ts'
import { AMOUNTS_CURRENCY } from '#shared/political-ads.ts'

import type { Country } from '#shared/site.ts'
import type { CampaignItemTable, Database } from './schema'

/**
 * Issue 31 (moved from campaign-repository.ts): a notice as a row of campaign_items and back, and what two
 * versions change.
 */

export type Executor = Kysely<Database> | Transaction<Database>

export type Row = Selectable<CampaignItemTable>
export type ContentRow = Omit<Row, 'version' | 'changed_at' | 'withdrawn_at' | 'withdrawal_reason'>

export function toRow(item: CampaignItem, country: Country, isSample: boolean, now: string): ContentRow {
  return {
    id: item.id,
    country,
    is_sample: isSample ? 1 : 0,
    status: item.status,
    sponsor_name: item.sponsorName,
    sponsor_legal_name: item.sponsorLegalName ?? null,
    sponsor_email: item.sponsorEmail ?? null,
    sponsor_address: item.sponsorAddress ?? null,
    sponsor_establishment: item.sponsorEstablishment ?? null,
    sponsor_registration_number: item.sponsorRegistrationNumber ?? null,
    publication_start_date: item.publicationStartDate,
    publication_end_date: item.publicationEndDate,
    budget_lower_bound: item.budgetLowerBound ?? null,
    budget_upper_bound: item.budgetUpperBound ?? null,
    other_benefits: item.otherBenefits ?? null,
    reach_lower_bound: item.reachLowerBound ?? null,
    reach_upper_bound: item.reachUpperBound ?? null,
    channel: item.channel,
    funding_origin_type: item.fundingOriginType,
    funding_region: item.fundingRegion,
    campaign_context_url: item.campaignContextUrl ?? null,
    campaign_context_note_nl: item.campaignContextNoteNl ?? null,
    campaign_context_note_fr: item.campaignContextNoteFr ?? null,
    // Spec §3's yes/no follows the dated suspensions (issue 18): it cannot say otherwise.
    previous_publication_suspended: item.suspensions && item.suspensions.length > 0 ? 1 : 0,
    payer_name: item.payerName ?? null,
    payer_legal_name: item.payerLegalName ?? null,
    payer_email: item.payerEmail ?? null,
    payer_address: item.payerAddress ?? null,
    payer_establishment: item.payerEstablishment ?? null,
    ubo_name: item.ultimateBeneficiaryOwnerName ?? null,
    ubo_legal_name: item.ultimateBeneficiaryOwnerLegalName ?? null,
    ubo_email: item.ultimateBeneficiaryOwnerEmail ?? null,
    ubo_address: item.ultimateBeneficiaryOwnerAddress ?? null,
    ubo_establishment: item.ultimateBeneficiaryOwnerEstablishment ?? null,
    amounts_methodology: item.amountsMethodology ?? null,
    linked_process_type: item.linkedProcessType ?? null,
    linked_process_name: item.linkedProcessName ?? null,
    linked_process_date: item.linkedProcessDate ?? null,
    election_info_url: item.electionInfoUrl ?? null,
    targeting_used: item.targetingUsed === undefined ? null : item.targetingUsed ? 1 : 0,
    targeting_info_url: item.targetingInfoUrl ?? null,
    repository_url: item.repositoryUrl ?? null,
    text_language: item.textLanguage ?? null,
    suspensions: item.suspensions && item.suspensions.length > 0 ? JSON.stringify(item.suspensions) : null,
    search_text: [
      item.sponsorName,
      item.payerName,
      item.campaignContextUrl,
      item.campaignContextNoteNl,
      item.campaignContextNoteFr,
    ]
      .filter(Boolean)
      .join(' ')
      .toLowerCase(),
    updated_at: now,
  }
}

const optional = <T>(value: T | null): T | undefined => (value === null ? undefined : value)
/**
 * A text the import no longer takes blank (issue 18) may be stored so from before: blank is absent, and the
 * page says "not applicable" or "not given" for it, never an empty row.
 */
const optionalText = (value: string | null) => (value === null || value.trim() === '' ? undefined : value)
const optionalNumber = (value: number | string | null) => (value === null ? undefined : Number(value))

export function fromRow(row: ContentRow): CampaignItem {
  const item: CampaignItem = {
    id: row.id,
    status: row.status as CampaignItem['status'],
    sponsorName: row.sponsor_name,
    sponsorLegalName: optionalText(row.sponsor_legal_name),
    sponsorEmail: optionalText(row.sponsor_email),
    sponsorAddress: optionalText(row.sponsor_address),
    sponsorEstablishment: optionalText(row.sponsor_establishment),
    sponsorRegistrationNumber: optionalText(row.sponsor_registration_number),
    publicationStartDate: row.publication_start_date,
    publicationEndDate: row.publication_end_date,
    budgetLowerBound: optionalNumber(row.budget_lower_bound),
    budgetUpperBound: optionalNumber(row.budget_upper_bound),
    otherBenefits: optionalText(row.other_benefits),
    reachLowerBound: optionalNumber(row.reach_lower_bound),
    reachUpperBound: optionalNumber(row.reach_upper_bound),
    channel: row.channel as CampaignItem['channel'],
    fundingOriginType: row.funding_origin_type as CampaignItem['fundingOriginType'],
    fundingRegion: row.funding_region as CampaignItem['fundingRegion'],
    campaignContextUrl: optionalText(row.campaign_context_url),
    campaignContextNoteNl: optionalText(row.campaign_context_note_nl),
    campaignContextNoteFr: optionalText(row.campaign_context_note_fr),
    payerName: optionalText(row.payer_name),
    payerLegalName: optionalText(row.payer_legal_name),
    payerEmail: optionalText(row.payer_email),
    payerAddress: optionalText(row.payer_address),
    payerEstablishment: optionalText(row.payer_establishment),
    ultimateBeneficiaryOwnerName: optionalText(row.ubo_name),
    ultimateBeneficiaryOwnerLegalName: optionalText(row.ubo_legal_name),
    ultimateBeneficiaryOwnerEmail: optionalText(row.ubo_email),
    ultimateBeneficiaryOwnerAddress: optionalText(row.ubo_address),
    ultimateBeneficiaryOwnerEstablishment: optionalText(row.ubo_establishment),
    amountsMethodology: optionalText(row.amounts_methodology),
    linkedProcessType: optional(row.linked_process_type) as CampaignItem['linkedProcessType'],
    linkedProcessName: optionalText(row.linked_process_name),
    linkedProcessDate: optionalText(row.linked_process_date),
    electionInfoUrl: optionalText(row.election_info_url),
    targetingUsed: row.targeting_used === null ? undefined : Number(row.targeting_used) === 1,
    targetingInfoUrl: optionalText(row.targeting_info_url),
    repositoryUrl: optionalText(row.repository_url),
    textLanguage: (optional(row.text_language) as CampaignItem['textLanguage']) ?? undefined,
    suspensions: row.suspensions ? (JSON.parse(row.suspensions) as CampaignItem['suspensions']) : undefined,
  }
  return Object.fromEntries(
    Object.entries(item).filter(([, v]) => v !== undefined),
  ) as unknown as CampaignItem
}

/** The published notice: its fields and its state (version, last change, withdrawal). */
export function noticeFromRow(row: Row): Notice {
  const item = fromRow(row)
  return {
    ...item,
    // A notice imported before issue 18 may say "suspended before" without a date: that yes stands.
    previousPublicationSuspended:
      (item.suspensions?.length ?? 0) > 0 || Number(row.previous_publication_suspended) === 1,
    amountsCurrency: AMOUNTS_CURRENCY,
    version: Number(row.version),
    changedAt: row.changed_at ?? row.updated_at,
    ...(row.withdrawn_at
      ? { withdrawnAt: row.withdrawn_at, withdrawalReason: row.withdrawal_reason ?? '' }
      : {}),
  }
}

/** The fields in which two versions of a notice differ. */
export function changedFields(before: CampaignItem, after: CampaignItem): (keyof CampaignItem)[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof CampaignItem>
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).sort()
}

/**
 * The suspensions the complaint desk added (issue 18: "ad suspended", naming the complaint) are the site's
 * record, like a withdrawal: an import of the sponsor's file, which does not know them, keeps them.
 */
export function withDeskSuspensions(imported: CampaignItem, before: CampaignItem): CampaignItem {
  const same = (a: Suspension, b: Suspension) => a.date === b.date && a.complaint === b.complaint
  const kept = (before.suspensions ?? []).filter(
    (suspension) => suspension.complaint && !(imported.suspensions ?? []).some((s) => same(s, suspension)),
  )
  if (kept.length === 0) return imported
  const suspensions = [...(imported.suspensions ?? []), ...kept].sort((a, b) => a.date.localeCompare(b.date))
  return { ...imported, suspensions }
}
