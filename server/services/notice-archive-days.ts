import { createHash } from 'node:crypto'
import type { Transaction } from 'kysely'
import type { CampaignItem } from '#shared/political-ads.ts'
import { COUNTRIES, type Country } from '#shared/site.ts'
import {
  earlierVersion,
  firstJournalMoment,
  insertArchiveDay,
  journalBetween,
  lastArchiveDay,
  pruneJournal,
} from '../db/archive-repository'
import { campaignsByIds } from '../db/campaign-repository'
import type { Db } from '../db/database'
import { claimJobRun } from '../db/desk-repository'
import type { Database } from '../db/schema'
import { CONTACT_FIELDS, exportRow, fieldsOf, noticeAt } from './notice-rows'

/** The `previous` of a country's first manifest entry. */
export const GENESIS = '0'.repeat(64)
const DAY_MS = 86_400_000
/** Days one run writes at most (a server that was down for a year catches up over a few hours). */
const MOST_DAYS_A_RUN = 400
/** The journal keeps a month after its days were archived. */
const JOURNAL_DAYS = 31

export interface ManifestEntry {
  date: string
  file: string
  /** Hex SHA-256 of the file's bytes. */
  sha256: string
  /** Hex SHA-256 of the previous entry (`entryHash`); 64 zeros for the first. */
  previous: string
}

/** What writing the archive's days needs. */
export interface ArchiveDeps {
  db: Db
  /** POLITICAL_AD_ARCHIVE_HOUR: a day is written once this hour (UTC) of the next day has begun. */
  hour: number
  /** POLITICAL_AD_ARCHIVE_CONTACTS: whether lines keep e-mail and postal addresses. */
  contacts: 'keep' | 'omit'
  /** The permanent addresses' origin of a country's notices (host table). */
  origin: (country: Country) => string
  clock: () => Date
}

/**
 * Issue 29: an entry's own hash, which the next entry names as `previous`: the SHA-256 of the entry as JSON
 * with exactly these keys in this order and no spaces, `{"date":…,"file":…,"sha256":…,"previous":…}`.
 */
export function entryHash(entry: ManifestEntry): string {
  const { date, file, sha256, previous } = entry
  return sha256Hex(JSON.stringify({ date, file, sha256, previous }))
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** Writes every day not archived yet, up to the last one whose hour has come: how many were written. */
export async function writeDueDays(deps: ArchiveDeps): Promise<number> {
  const { db } = deps
  const now = deps.clock()
  const nowIso = now.toISOString()
  // Day D is written once the fixed hour of D + 1 has begun.
  const lastDay = addDays(new Date(now.getTime() - deps.hour * 3_600_000).toISOString().slice(0, 10), -1)
  let written = 0
  let upToDate = true
  for (const country of COUNTRIES) {
    const last = await lastArchiveDay(db.db, country)
    // The archive begins with the first day a real notice of the country was written; from then on every
    // day has its file, an empty one when nothing changed.
    const first = last ? null : await firstJournalMoment(db.db, country)
    if (!last && !first) continue
    let day = last ? addDays(last.day, 1) : (first ?? '').slice(0, 10)
    for (let count = 0; day <= lastDay && count < MOST_DAYS_A_RUN; count++, day = addDays(day, 1)) {
      if (await writeDay(deps, country, day, nowIso)) written++
    }
    if (day <= lastDay) upToDate = false
  }
  if (upToDate) await pruneJournal(db.db, `${addDays(lastDay, -JOURNAL_DAYS)}T00:00:00.000Z`)
  return written
}

/** A country's day, chained to the one before; false when another instance has claimed it. */
function writeDay(deps: ArchiveDeps, country: Country, target: string, nowIso: string): Promise<boolean> {
  return deps.db.db.transaction().execute(async (trx) => {
    // One instance writes a day; another finds it claimed and goes on to the next.
    if (!(await claimJobRun(trx, 'notice-archive', `${target}/${country}`, nowIso))) return false
    const previous = (await lastArchiveDay(trx, country))?.entryHash ?? GENESIS
    const lines = await dayFile(deps, trx, country, target)
    const content = lines.join('')
    const entry = { date: target, file: `${target}.jsonl`, sha256: sha256Hex(content), previous }
    await insertArchiveDay(trx, {
      country,
      day: target,
      file: entry.file,
      content,
      sha256: entry.sha256,
      previous,
      entryHash: entryHash(entry),
      lines: lines.length,
      writtenAt: nowIso,
    })
    return true
  })
}

/** A day's file: each notice version that took effect or changed state that day, in the order it did. */
async function dayFile(deps: ArchiveDeps, trx: Transaction<Database>, country: Country, day: string) {
  const entries = await journalBetween(
    trx,
    country,
    `${day}T00:00:00.000Z`,
    `${addDays(day, 1)}T00:00:00.000Z`,
  )
  const current = new Map(
    (await campaignsByIds(trx, [...new Set(entries.map((entry) => entry.campaignId))])).map((notice) => [
      notice.id,
      notice,
    ]),
  )
  const lines: string[] = []
  for (const entry of entries) {
    const now = current.get(entry.campaignId)
    const fields: CampaignItem | null =
      now && now.version === entry.version
        ? fieldsOf(now)
        : await earlierVersion(trx, entry.campaignId, entry.version)
    // A notice the retention job removed before its day was written has nothing left to archive.
    if (!fields) continue
    const row: Record<string, unknown> = exportRow(noticeAt(fields, entry), deps.origin(country), country)
    if (deps.contacts === 'omit') for (const field of CONTACT_FIELDS) delete row[field]
    lines.push(`${JSON.stringify(row)}\n`)
  }
  return lines
}
