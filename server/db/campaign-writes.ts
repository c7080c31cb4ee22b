import type { CampaignItem, NoticeState, Suspension } from '#shared/political-ads.ts'
import { isSampleId } from '#shared/political-ads.ts'

import type { Country } from '#shared/site.ts'

import { rowOf } from './campaign-queries'
import { knowsWithdrawal, restoreHistories } from './campaign-restore'
import {
  type ContentRow,
  changedFields,
  type Executor,
  fromRow,
  type Row,
  toRow,
  withDeskSuspensions,
} from './campaign-rows'
import { withdrawCampaigns } from './campaign-withdrawals'

/**
 * Issue 31 (moved from campaign-repository.ts): the writes of notices: imports and suspensions.
 */

/** Replaces a notice by its next version, keeping the one it replaces with the fields that changed. */
async function storeNewVersion(
  db: Executor,
  old: Row,
  row: ContentRow,
  fields: (keyof CampaignItem)[],
  now: string,
): Promise<number> {
  const version = Number(old.version)
  await db
    .insertInto('campaign_item_versions')
    .values({
      id: crypto.randomUUID(),
      campaign_id: old.id,
      version,
      content: JSON.stringify(fromRow(old)),
      changed: JSON.stringify(fields),
      replaced_at: now,
    })
    .execute()
  await db
    .updateTable('campaign_items')
    .set({ ...row, version: version + 1, changed_at: now })
    .where('id', '=', old.id)
    .execute()
  return version + 1
}

/**
 * Adds a dated suspension to a notice (issue 18: the desk's "ad suspended" outcome), in the caller's
 * transaction, as a new version kept like an import's. Answers the new version, or null for no such notice.
 */
export async function addSuspension(
  db: Executor,
  id: string,
  country: Country,
  suspension: Suspension,
  now: string,
): Promise<number | null> {
  const old = await rowOf(db, id, country)
  if (!old) return null
  const item = fromRow(old)
  const next = { ...item, suspensions: [...(item.suspensions ?? []), suspension] }
  return storeNewVersion(
    db,
    old,
    toRow(next, country, Number(old.is_sample) === 1, now),
    ['suspensions'],
    now,
  )
}

/** The version of a notice that was public at `at` (its first, when `at` is before any change). */
export async function versionAt(db: Executor, id: string, at: string): Promise<number> {
  const { n } = await db
    .selectFrom('campaign_item_versions')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('campaign_id', '=', id)
    .where('replaced_at', '<=', at)
    .executeTakeFirstOrThrow()
  return Number(n) + 1
}

/**
 * Inserts new notices and updates changed ones, in the caller's transaction (the import is all-or-nothing).
 * A changed notice keeps the version it replaces, with the fields that changed; an unchanged one is left
 * as it is, so re-importing the same file changes nothing (issue 18). The id says whether a notice is a
 * sample (`sample-…`, issue 26): a real notice never becomes one, and an export of a non-production site,
 * samples included, imports again without making its samples real.
 */
export async function upsertCampaigns(
  db: Executor,
  items: CampaignItem[],
  country: Country,
  now = new Date().toISOString(),
  /** Issue 27: the state and history an export carried, by id: restored for notices new to the database. */
  states: ReadonlyMap<string, NoticeState> = new Map(),
): Promise<UpsertCounts> {
  const counts: UpsertCounts = { added: 0, changed: 0, kept: 0, withdrawn: 0 }
  for (let start = 0; start < items.length; start += 200) {
    const chunk = items.slice(start, start + 200)
    const existing = new Map(
      (
        await db
          .selectFrom('campaign_items')
          .selectAll()
          .where(
            'id',
            'in',
            chunk.map((item) => item.id),
          )
          .execute()
      ).map((row) => [row.id, row]),
    )
    const fresh: Row[] = []
    for (const imported of chunk) {
      const old = existing.get(imported.id)
      const state = states.get(imported.id)
      if (old) {
        await updateNotice(db, old, imported, { country, state, now }, counts)
        continue
      }
      fresh.push(freshRow(imported, country, state, now))
      if (state?.withdrawnAt) counts.withdrawn++
    }
    if (fresh.length > 0) {
      // A notice imported again under the id of a removed one is live again: its tombstone goes.
      await db
        .deleteFrom('campaign_item_tombstones')
        .where(
          'id',
          'in',
          fresh.map((row) => row.id),
        )
        .execute()
      await db.insertInto('campaign_items').values(fresh).execute()
      await restoreHistories(
        db,
        chunk.filter((item) => !existing.has(item.id)),
        states,
      )
    }
    counts.added += fresh.length
  }
  return counts
}

interface UpsertCounts {
  added: number
  changed: number
  kept: number
  withdrawn: number
}

/** A notice new to this database, in the state an export carried for it (else version 1, live). */
function freshRow(
  imported: CampaignItem,
  country: Country,
  state: NoticeState | undefined,
  now: string,
): Row {
  const row = toRow(imported, country, isSampleId(imported.id), now)
  return {
    ...row,
    version: state?.version ?? 1,
    changed_at: state?.changedAt ?? now,
    withdrawn_at: state?.withdrawnAt ?? null,
    withdrawal_reason: state?.withdrawnAt ? (state.withdrawalReason ?? '') : null,
  }
}

/** A notice the database has, imported again: a withdrawal the file knows, then a new version if it changed. */
async function updateNotice(
  db: Executor,
  old: Row,
  imported: CampaignItem,
  at: { country: Country; state: NoticeState | undefined; now: string },
  counts: UpsertCounts,
) {
  const { country, state, now } = at
  // The file says the notice was withdrawn, and this database never saw that withdrawal: it follows.
  // (An import never reinstates: a withdrawal taken back here stays taken back.)
  if (
    state?.withdrawnAt &&
    old.withdrawn_at === null &&
    !(await knowsWithdrawal(db, old.id, state.withdrawnAt))
  ) {
    await withdrawCampaigns(db, [old.id], state.withdrawalReason ?? '', now, state.withdrawnAt)
    counts.withdrawn++
  }
  const before = fromRow(old)
  const item = withDeskSuspensions(imported, before)
  const row = toRow(item, country, isSampleId(item.id), now)
  const fields = changedFields(before, fromRow(row))
  if (fields.length === 0) {
    // The notice reads the same: no version. Only where it shows (country, sample) may follow the file;
    // then it has changed for the export's readers (another country's list, or production's): `?since=`
    // must find it.
    if (old.country !== country || Number(old.is_sample) !== row.is_sample)
      await db
        .updateTable('campaign_items')
        .set({ country, is_sample: row.is_sample, changed_at: now })
        .where('id', '=', item.id)
        .execute()
    counts.kept++
    return
  }
  await storeNewVersion(db, old, row, fields, now)
  counts.changed++
}
