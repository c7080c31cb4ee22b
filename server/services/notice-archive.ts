import type { Country } from '#shared/site.ts'
import { archiveDay, archiveManifest } from '../db/archive-repository'
import type { Db } from '../db/database'
import { leaseClaim, startPeriodic } from '../jobs/periodic'
import type { Logger } from '../logger'
import { type ArchiveDeps, type ManifestEntry, writeDueDays } from './notice-archive-days'

export { entryHash, GENESIS, type ManifestEntry } from './notice-archive-days'

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
export function createNoticeArchive(
  deps: Omit<ArchiveDeps, 'clock'> & { clock?: () => Date },
): NoticeArchive {
  const archive: ArchiveDeps = { ...deps, clock: deps.clock ?? (() => new Date()) }
  const { db } = deps
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

    writeDue: () => writeDueDays(archive),
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
