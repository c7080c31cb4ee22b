import type { CampaignItem, NoticeState } from '#shared/political-ads.ts'
import { earlierContents } from '#shared/political-ads.ts'

import type { Country } from '#shared/site.ts'
import type { Executor } from './campaign-rows'

/**
 * Issue 31 (moved from campaign-repository.ts): an export's history and removals restored by an import.
 */

/** Whether a notice's history holds a withdrawal made at that moment (taken back or not). */
export async function knowsWithdrawal(db: Executor, id: string, withdrawnAt: string): Promise<boolean> {
  const row = await db
    .selectFrom('campaign_item_withdrawals')
    .select('id')
    .where('campaign_id', '=', id)
    .where('withdrawn_at', '=', withdrawnAt)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * The earlier versions and withdrawals an export carried, for notices the import just added (issue 27): the
 * database then answers and exports them as the one the export came from did. A notice withdrawn in a file
 * without its history of withdrawals (an export of before) gets the one its fields name.
 */
export async function restoreHistories(
  db: Executor,
  items: CampaignItem[],
  states: ReadonlyMap<string, NoticeState>,
) {
  for (const item of items) {
    const state = states.get(item.id)
    if (!state) continue
    const versions = [...(state.versions ?? [])].sort((a, b) => b.version - a.version)
    const contents = earlierContents(item, versions)
    if (versions.length > 0)
      await db
        .insertInto('campaign_item_versions')
        .values(
          versions.map((version, index) => ({
            id: crypto.randomUUID(),
            campaign_id: item.id,
            version: version.version,
            content: JSON.stringify(contents[index]),
            changed: JSON.stringify(version.changed),
            replaced_at: version.replacedAt,
          })),
        )
        .execute()
    const withdrawals =
      state.withdrawals ??
      (state.withdrawnAt ? [{ withdrawnAt: state.withdrawnAt, reason: state.withdrawalReason ?? '' }] : [])
    if (withdrawals.length > 0)
      await db
        .insertInto('campaign_item_withdrawals')
        .values(
          withdrawals.map((withdrawal) => ({
            id: crypto.randomUUID(),
            campaign_id: item.id,
            withdrawn_at: withdrawal.withdrawnAt,
            reason: withdrawal.reason,
            reinstated_at: withdrawal.reinstatedAt ?? null,
            reinstatement_reason: withdrawal.reinstatedAt ? (withdrawal.reinstatementReason ?? '') : null,
          })),
        )
        .execute()
  }
}

/**
 * Notices the export says the retention job removed (issue 27: `removed` of the JSON export), where this
 * database has neither the notice nor its tombstone: their tombstones, so their addresses answer 410 here too
 * and the next export lists them. Answers how many were added.
 */
export async function restoreTombstones(
  db: Executor,
  removed: readonly { id: string; removedAt: string }[],
  country: Country,
  isSample: boolean,
): Promise<number> {
  let restored = 0
  for (let start = 0; start < removed.length; start += 200) {
    const chunk = removed.slice(start, start + 200)
    const ids = chunk.map((entry) => entry.id)
    const known = new Set([
      ...(await db.selectFrom('campaign_items').select('id').where('id', 'in', ids).execute()).map(
        (r) => r.id,
      ),
      ...(await db.selectFrom('campaign_item_tombstones').select('id').where('id', 'in', ids).execute()).map(
        (r) => r.id,
      ),
    ])
    const fresh = chunk.filter((entry) => !known.has(entry.id))
    if (fresh.length > 0)
      await db
        .insertInto('campaign_item_tombstones')
        .values(
          fresh.map((entry) => ({
            id: entry.id,
            country,
            removed_at: entry.removedAt,
            is_sample: isSample ? 1 : 0,
          })),
        )
        .execute()
    restored += fresh.length
  }
  return restored
}
