import type { Selectable } from 'kysely'
import type { CampaignItem, NoticeVersion, NoticeWithdrawal } from '#shared/political-ads.ts'

import type { Country } from '#shared/site.ts'
import type { Executor } from './campaign-rows'
import type { Database } from './schema'

/**
 * Issue 31 (moved from campaign-repository.ts): what the exports read beside the notices: their histories
 * and the removed ones.
 */

/** A notice's withdrawals, newest first, each with its reinstatement once taken back. */
export async function withdrawalsOf(db: Executor, id: string): Promise<NoticeWithdrawal[]> {
  return (await historiesOf(db, [id])).get(id)?.withdrawals ?? []
}

type WithdrawalRow = Selectable<Database['campaign_item_withdrawals']>
const withdrawalOf = (row: WithdrawalRow): NoticeWithdrawal => ({
  withdrawnAt: row.withdrawn_at,
  reason: row.reason,
  ...(row.reinstated_at
    ? { reinstatedAt: row.reinstated_at, reinstatementReason: row.reinstatement_reason ?? '' }
    : {}),
})

type VersionRow = Pick<
  Selectable<Database['campaign_item_versions']>,
  'version' | 'replaced_at' | 'changed' | 'content'
>
function versionOf(row: VersionRow): NoticeVersion {
  const changed = JSON.parse(row.changed) as NoticeVersion['changed']
  const content = JSON.parse(row.content) as Partial<CampaignItem>
  return {
    version: Number(row.version),
    replacedAt: row.replaced_at,
    changed,
    // A changed field this version did not have (a payer named only later) is left out: it was absent.
    previous: Object.fromEntries(
      changed.flatMap((field) => (content[field] === undefined ? [] : [[field, content[field]]])),
    ),
  }
}

/**
 * The history of notices (issue 27: the open-data export carries it): for each id, its earlier versions and
 * its withdrawals, newest first. A few hundred ids a query.
 */
export async function historiesOf(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, { versions: NoticeVersion[]; withdrawals: NoticeWithdrawal[] }>> {
  const histories = new Map(
    ids.map((id) => [id, { versions: [] as NoticeVersion[], withdrawals: [] as NoticeWithdrawal[] }]),
  )
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500)
    const versions = await db
      .selectFrom('campaign_item_versions')
      .select(['campaign_id', 'version', 'replaced_at', 'changed', 'content'])
      .where('campaign_id', 'in', chunk)
      .orderBy('campaign_id')
      .orderBy('version', 'desc')
      .execute()
    for (const row of versions) histories.get(row.campaign_id)?.versions.push(versionOf(row))
    const withdrawals = await db
      .selectFrom('campaign_item_withdrawals')
      .selectAll()
      .where('campaign_id', 'in', chunk)
      .orderBy('campaign_id')
      .orderBy('withdrawn_at', 'desc')
      .execute()
    for (const row of withdrawals) histories.get(row.campaign_id)?.withdrawals.push(withdrawalOf(row))
  }
  return histories
}

/**
 * A notice's earlier versions, newest first, with what the next one changed and what each of those fields
 * said in this version (the page's "was: …", the API's `previous`).
 */
export async function versionsOf(db: Executor, id: string): Promise<NoticeVersion[]> {
  return (await historiesOf(db, [id])).get(id)?.versions ?? []
}

/** Where a removed notice is looked up: its country, and whether samples show on this host. */
interface TombstoneScope {
  country: Country
  includeSamples: boolean
}

/** Notices the retention job removed (issue 18), oldest removal first; with `since`, those removed since. */
export async function removedNotices(
  db: Executor,
  scope: TombstoneScope & { since?: string },
): Promise<{ id: string; removedAt: string }[]> {
  let query = db
    .selectFrom('campaign_item_tombstones')
    .select(['id', 'removed_at'])
    .where('country', '=', scope.country)
  if (!scope.includeSamples) query = query.where('is_sample', '=', 0)
  if (scope.since) query = query.where('removed_at', '>=', scope.since)
  const rows = await query.orderBy('removed_at').orderBy('id').execute()
  return rows.map((row) => ({ id: row.id, removedAt: row.removed_at }))
}

/** When the retention job removed this notice, or null when it never did. */
export async function removedAt(db: Executor, id: string, scope: TombstoneScope): Promise<string | null> {
  let query = db
    .selectFrom('campaign_item_tombstones')
    .select('removed_at')
    .where('id', '=', id)
    .where('country', '=', scope.country)
  if (!scope.includeSamples) query = query.where('is_sample', '=', 0)
  return (await query.executeTakeFirst())?.removed_at ?? null
}

/**
 * Issue 30: the ids of the open-data export, in the list's order (newest publication first, then id), read
 * once when the export begins: the export then reads the notices a page of ids at a time. The list of ids
 * is the export's snapshot: a notice changed meanwhile is written as it is when its page is read, but in
 * its place of the snapshot, so no notice is written twice or skipped; one removed meanwhile is left out
 * (and named in `removed`, read at the end).
 */
export async function exportIds(
  db: Executor,
  scope: TombstoneScope & { since?: string; limit: number },
): Promise<string[]> {
  let query = db.selectFrom('campaign_items').select('id').where('country', '=', scope.country)
  if (!scope.includeSamples) query = query.where('is_sample', '=', 0)
  if (scope.since) query = query.where('changed_at', '>=', scope.since)
  const rows = await query
    .orderBy('publication_start_date', 'desc')
    .orderBy('id')
    .limit(scope.limit)
    .execute()
  return rows.map((row) => row.id)
}
