import { COUNTRIES, type Country } from '#shared/site.ts'
import {
  reinstateCampaigns,
  restoreTombstones,
  upsertCampaigns,
  withdrawCampaigns,
} from '../db/campaign-repository'
import type { Db } from '../db/database'
import { writeTransaction } from '../db/unit-of-work'

import { checkCampaignRows, type ImportReport } from './campaign-checks'
import { defaultCountry, readCampaignFile, removedList } from './campaign-file'

export { checkCampaignRows, type ImportReport } from './campaign-checks'
export { CampaignFileError, parseCsv, suspensionsCell } from './campaign-csv'
export {
  type CampaignFile,
  defaultCountry,
  parseCampaignFile,
  readCampaignFile,
} from './campaign-file'
export { noticeConsistency } from './notice-rules'

/** Issue 18: withdraws notices; they stay public, marked withdrawn with the date and the reason. */
export async function withdrawNotices(db: Db, ids: string[], reason: string, now = new Date()) {
  const withdrawn = await writeTransaction(db, (trx) =>
    withdrawCampaigns(trx, ids, reason, now.toISOString()),
  )
  // In the operator's order, which the command reports.
  return {
    withdrawn: ids.filter((id) => withdrawn.includes(id)),
    unknown: ids.filter((id) => !withdrawn.includes(id)),
  }
}

/**
 * Issue 18: takes withdrawals back; the notices are live again, and their page keeps the withdrawal with the
 * date and reason of its reinstatement. An import never does this: a withdrawn notice imported again stays
 * withdrawn (docs/decisions/003-notice-history.md).
 */
export async function reinstateNotices(db: Db, ids: string[], reason: string, now = new Date()) {
  const reinstated = await writeTransaction(db, (trx) =>
    reinstateCampaigns(trx, ids, reason, now.toISOString()),
  )
  return {
    reinstated: ids.filter((id) => reinstated.includes(id)),
    unknown: ids.filter((id) => !reinstated.includes(id)),
  }
}

/**
 * When any row fails nothing is loaded and the report names each rejected row with its reasons. Otherwise
 * all rows are upserted by id in one transaction. A notice whose id begins with `sample-` is a sample, any
 * other is real (issue 26); `sample` (`--sample`, and the samples of content/campaigns) refuses rows that are
 * not samples.
 */
export async function importCampaigns(
  db: Db,
  rows: unknown[],
  options: {
    country?: Country
    sample?: boolean
    now?: Date
    /** JSON `removed` of an export: tombstones for the notices of `country` its source removed. */
    removed?: { id: string; removedAt: string }[]
  },
): Promise<ImportReport> {
  const { valid, rejected } = checkCampaignRows(rows, options)
  if (rejected.length > 0) return { loaded: 0, rejected }
  const report = { added: 0, changed: 0, kept: 0, withdrawn: 0, removed: 0 }
  await writeTransaction(db, async (trx) => {
    for (const country of COUNTRIES) {
      const mine = valid.filter((v) => v.country === country)
      if (mine.length === 0) continue
      const done = await upsertCampaigns(
        trx,
        mine.map((v) => v.item),
        country,
        (options.now ?? new Date()).toISOString(),
        new Map(mine.flatMap((v) => (v.state ? [[v.item.id, v.state] as const] : []))),
      )
      report.added += done.added
      report.changed += done.changed
      report.kept += done.kept
      report.withdrawn += done.withdrawn
    }
    if (options.removed && options.removed.length > 0 && options.country)
      report.removed = await restoreTombstones(trx, options.removed, options.country, options.sample ?? false)
  })
  return { loaded: valid.length, ...report, rejected: [] }
}

/**
 * `npm run campaigns:import -- FILE`: reads the file, takes its rows' default country from `--country` or the
 * file, and imports all or nothing (`importCampaigns`). Answers the report and how many rows the file held.
 */
export async function importCampaignFile(
  db: Db,
  path: string,
  options: { country?: Country; sample?: boolean; now?: Date },
): Promise<ImportReport & { rows: number }> {
  const file = readCampaignFile(path)
  const country = defaultCountry(file, options.country)
  const report = await importCampaigns(db, file.rows, {
    ...options,
    ...(country ? { country } : {}),
    ...(file.removed === undefined ? {} : { removed: removedList(file.removed) }),
  })
  return { ...report, rows: file.rows.length }
}
