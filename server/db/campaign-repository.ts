/**
 * The notices' repository (issue 31: one module per use case, re-exported here): rows, writes, restores of an
 * export's history, queries, and what the exports read.
 */
export {
  exportIds,
  historiesOf,
  removedAt,
  removedNotices,
  versionsOf,
  withdrawalsOf,
} from './campaign-exports'
export {
  campaignsByIds,
  findCampaign,
  findCampaignAnyState,
  listCampaigns,
  periodStart,
  type SearchEntry,
  searchEntries,
  searchNeedle,
} from './campaign-queries'
export { restoreTombstones } from './campaign-restore'
export { reinstateCampaigns, withdrawCampaigns } from './campaign-withdrawals'
export {
  addSuspension,
  upsertCampaigns,
  versionAt,
} from './campaign-writes'
