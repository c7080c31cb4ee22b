import type { RetentionConfig } from '../config'
import type { Db } from '../db/database'
import { type Purged, purgeExpired } from '../db/retention-repository'
import { leaseClaim, startPeriodic } from '../jobs/periodic'
import type { Logger } from '../logger'
import { STALE_UPLOAD_MS } from './file-store'
import { addMonths } from './request-intake'

const DAY_MS = 86_400_000

/**
 * DESIGN.md decision 9: personal data is kept only as long as needed (README: "Retention"). Unverified
 * requests, contact messages, complaints and mail records are deleted after their periods, each with every
 * mail about it; staff sessions as soon as they have ended. Every instance runs this hourly, one at a time
 * (a lease in `job_leases`); it is idempotent.
 */
export function startRetentionJob(deps: {
  db: Db
  unverifiedRetentionDays: number
  retention: RetentionConfig
  logger: Logger
  /** The staff sessions (server/staff/sessions.ts): a service never imports the staff area's HTTP side. */
  staffSessions?: { sweep(): Promise<number> }
  /** Notices were removed: kept pages of the transparency centre are out of date (their address: 410). */
  noticesChanged?: () => void
  clock?: () => Date
  everyMs?: number
}) {
  const { db, logger } = deps
  const clock = deps.clock ?? (() => new Date())
  const before = (days: number) => new Date(clock().getTime() - days * DAY_MS).toISOString()
  const yearsBefore = (years: number) => {
    const date = clock()
    return new Date(Date.UTC(date.getUTCFullYear() - years, date.getUTCMonth(), date.getUTCDate()))
      .toISOString()
      .slice(0, 10)
  }
  const monthsBefore = (months: number) => addMonths(clock(), -months).toISOString()
  const run = async (): Promise<(Purged & { staffSessions: number }) | null> => {
    try {
      const purged = await purgeExpired(db.db, {
        unverifiedRequests: before(deps.unverifiedRetentionDays),
        contactMessages: before(deps.retention.contactMessageDays),
        complaints: before(deps.retention.complaintDays),
        mailRecords: before(deps.retention.mailRecordDays),
        notices: yearsBefore(deps.retention.politicalAdYears),
        closedRequests: monthsBefore(deps.retention.closedRequestMonths),
        staleUploads: new Date(clock().getTime() - STALE_UPLOAD_MS).toISOString(),
        now: clock().toISOString(),
      })
      if (purged.notices > 0) deps.noticesChanged?.()
      const staffSessions = (await deps.staffSessions?.sweep()) ?? 0
      const counts = { ...purged, staffSessions }
      if (Object.values(counts).some((count) => count > 0)) {
        logger.info(counts, 'deleted personal data past retention')
        await db.compact()
      }
      return counts
    } catch (error) {
      logger.error({ err: error }, 'retention job failed')
      return null
    }
  }
  // Issue 31: the periodic helper's loop; one instance at a time purges (the others' runs are skipped).
  const job = startPeriodic({
    name: 'retention',
    everyMs: deps.everyMs ?? 60 * 60_000,
    firstAfterMs: 5_000,
    jitterMs: 60_000,
    run,
    claim: leaseClaim(db, 30 * 60_000),
    logger,
    clock,
  })
  return {
    /** One run now, whatever the other instances do (tests, and the first hour of a new database). */
    run,
    stop: () => job.stop(),
  }
}
