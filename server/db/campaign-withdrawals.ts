import type { Executor } from './campaign-rows'

/** Issue 31 (moved from campaign-repository.ts): withdrawals of notices and their reinstatements. */

/**
 * Withdraws live notices, in the caller's transaction: they stay public, marked withdrawn, and the withdrawal
 * is kept for their history. Answers the ids it withdrew.
 */
export async function withdrawCampaigns(
  db: Executor,
  ids: string[],
  reason: string,
  now: string,
  /** When it was withdrawn, where that was elsewhere and earlier (an import following its file). */
  withdrawnAt = now,
) {
  const rows = await db
    .updateTable('campaign_items')
    .set({ withdrawn_at: withdrawnAt, withdrawal_reason: reason, changed_at: now })
    .where('id', 'in', ids.length > 0 ? ids : [''])
    .where('withdrawn_at', 'is', null)
    .returning('id')
    .execute()
  if (rows.length > 0)
    await db
      .insertInto('campaign_item_withdrawals')
      .values(
        rows.map((row) => ({
          id: crypto.randomUUID(),
          campaign_id: row.id,
          withdrawn_at: withdrawnAt,
          reason,
        })),
      )
      .execute()
  return rows.map((row) => row.id)
}

/**
 * Takes withdrawals back, in the caller's transaction: the notices are live again, and each withdrawal stays
 * in their history with the date and reason of its reinstatement. Answers the ids it reinstated.
 */
export async function reinstateCampaigns(db: Executor, ids: string[], reason: string, now: string) {
  const rows = await db
    .updateTable('campaign_items')
    .set({ withdrawn_at: null, withdrawal_reason: null, changed_at: now })
    .where('id', 'in', ids.length > 0 ? ids : [''])
    .where('withdrawn_at', 'is not', null)
    .returning('id')
    .execute()
  const reinstated = rows.map((row) => row.id)
  if (reinstated.length > 0)
    await db
      .updateTable('campaign_item_withdrawals')
      .set({ reinstated_at: now, reinstatement_reason: reason })
      .where('campaign_id', 'in', reinstated)
      .where('reinstated_at', 'is', null)
      .execute()
  return reinstated
}
