import { createHash } from 'node:crypto'
import type { Transaction } from 'kysely'
import type { CampaignItem } from '#shared/political-ads.ts'
import { COUNTRIES, type Country } from '#shared/site.ts'
import {
  archiveDay,
  archiveManifest,
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
import { leaseClaim, startPeriodic } from '../jobs/periodic'
import type { Logger } from '../logger'
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

export interface NoticeArchive {
  /** A country's manifest: every archived day, oldest first. */
  manifest(country: Country): Promise<{ entries: ManifestEntry[] }>
  /** An archived day's file, exactly as written, or null. */
  file(country: Country, date: string): Promise<{ content: string; sha256: string } | null>
  /** Writes every day not archived yet, up to the last one whose hour has come: how many were written. */
  writeDue(): Promise<number>
}

/**
 * Issue 29: every day, after the fixed hour (UTC), a file of every notice version published or changed the
 * day before (JSON Lines, a line per version, the export's rows), written once: claimed in `job_runs` so that
 * several instances write it once, and refused by the database when anyone tries to change or delete it. The
 * manifest chains the days: each entry names the hash of the one before it.
 */
export function createNoticeArchive(deps: {
  db: Db
  /** POLITICAL_AD_ARCHIVE_HOUR: a day is written once this hour (UTC) of the next day has begun. */
  hour: number
  /** POLITICAL_AD_ARCHIVE_CONTACTS: whether lines keep e-mail and postal addresses. */
  contacts: 'keep' | 'omit'
  /** The permanent addresses' origin of a country's notices (host table). */
  origin: (country: Country) => string
  clock?: () => Date
}): NoticeArchive {
  const { db } = deps
  const clock = deps.clock ?? (() => new Date())

  /** A day's file: each notice version that took effect or changed state that day, in the order it did. */
  const dayFile = async (trx: Transaction<Database>, country: Country, day: string) => {
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

  return {
    async manifest(country) {
      const days = await archiveManifest(db.db, country)
      return {
        entries: days.map((day) => ({
          date: day.day,
          file: day.file,
          sha256: day.sha256,
          previous: day.previous,
        })),
      }
    },

    async file(country, date) {
      const day = await archiveDay(db.db, country, date)
      return day ? { content: day.content, sha256: day.sha256 } : null
    },

    async writeDue() {
      const now = clock()
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
          const target = day
          const wrote = await db.db.transaction().execute(async (trx) => {
            // One instance writes a day; another finds it claimed and goes on to the next.
            if (!(await claimJobRun(trx, 'notice-archive', `${target}/${country}`, nowIso))) return false
            const previous = (await lastArchiveDay(trx, country))?.entryHash ?? GENESIS
            const lines = await dayFile(trx, country, target)
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
          if (wrote) written++
        }
        if (day <= lastDay) upToDate = false
      }
      if (upToDate) await pruneJournal(db.db, `${addDays(lastDay, -JOURNAL_DAYS)}T00:00:00.000Z`)
      return written
    },
  }
}

/**
 * Every instance runs the archive and the repository digest hourly (and shortly after start), one at a time
 * (a lease); each day's file and each digest is also claimed in the database, so they are written and mailed
 * once.
 */
export function startNoticeArchiveJob(
  jobs: { archive: NoticeArchive; digest: () => Promise<number> },
  db: Db,
  logger: Logger,
  everyMs = 60 * 60_000,
) {
  const run = async () => {
    try {
      const written = await jobs.archive.writeDue()
      const digests = await jobs.digest()
      if (written + digests > 0) logger.info({ written, digests }, 'political-ads archive')
    } catch (error) {
      logger.error({ err: error }, 'political-ads archive job failed')
    }
  }
  // Issue 31: the periodic helper's loop; one instance at a time writes (a lease in `job_leases`).
  const job = startPeriodic({
    name: 'notice archive',
    everyMs,
    firstAfterMs: 15_000,
    jitterMs: 60_000,
    run,
    claim: leaseClaim(db, 30 * 60_000),
    logger,
  })
  return { stop: () => job.stop() }
}
