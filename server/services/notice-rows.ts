import { AMOUNTS_CURRENCY, type CampaignItem, type Notice, noticeUrls } from '#shared/political-ads.ts'
import type { Country } from '#shared/site.ts'

/**
 * Issue 29: a notice version as the open-data export writes a row (`GET /api/campaign-items.json`): its
 * fields, its state and its permanent addresses. The archive writes its lines with this, so that a day's file
 * reads like the export. The export's row also carries the notice's whole history (`versions`,
 * `withdrawals`, issue 27); an archived line is one version as it stood that day, so it carries none: the
 * earlier versions are the earlier days' lines.
 */
export function exportRow(notice: Notice, origin: string, country: Country) {
  return { ...notice, ...noticeUrls(origin, country, notice.id) }
}
export type ExportRow = ReturnType<typeof exportRow>

/** A version of a notice as it was published: its fields, with the state it had then. */
export function noticeAt(
  fields: CampaignItem,
  state: { version: number; changedAt: string; withdrawnAt: string | null; withdrawalReason: string | null },
): Notice {
  return {
    ...fields,
    // The current version carries the stored yes/no (a notice of before issue 18 may say yes without a date).
    previousPublicationSuspended:
      (fields as Partial<Notice>).previousPublicationSuspended ?? (fields.suspensions?.length ?? 0) > 0,
    amountsCurrency: AMOUNTS_CURRENCY,
    version: state.version,
    changedAt: state.changedAt,
    ...(state.withdrawnAt
      ? { withdrawnAt: state.withdrawnAt, withdrawalReason: state.withdrawalReason ?? '' }
      : {}),
  }
}

/** A notice's own fields, without the state the store adds. */
export function fieldsOf(notice: Notice): CampaignItem {
  const {
    version: _version,
    changedAt: _changedAt,
    withdrawnAt: _withdrawnAt,
    withdrawalReason: _reason,
    amountsCurrency: _currency,
    ...fields
  } = notice
  return fields
}

/**
 * The contact details of the sponsor, the payer and the controlling entity (e-mail and postal addresses),
 * which the archive leaves out unless POLITICAL_AD_ARCHIVE_CONTACTS=keep (docs/decisions/010).
 */
export const CONTACT_FIELDS = [
  'sponsorEmail',
  'sponsorAddress',
  'payerEmail',
  'payerAddress',
  'ultimateBeneficiaryOwnerEmail',
  'ultimateBeneficiaryOwnerAddress',
] as const satisfies readonly (keyof CampaignItem)[]
