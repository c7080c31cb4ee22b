import type { Db } from '../db/database'
import { deleteUnverifiedBefore } from '../db/privacy-request-repository'
import type { Logger } from '../logger'
import type { StaffSessions } from '../staff/sessions'

/**
 * DESIGN.md decision 9: requests nobody verified are deleted, with their tokens, after the retention
 * period, and staff sessions past their idle or absolute end are removed. Every instance runs this hourly; it
 * is idempotent.
 */
export function startRetentionJob(
  db: Db,
  retentionDays: number,
  logger: Logger,
  staffSessions?: StaffSessions,
  everyMs = 60 * 60_000,
) {
  const run = async () => {
    const cutoff = new Date(Date.now() - retentionDays * 86_400_000).toISOString()
    try {
      const deleted = await deleteUnverifiedBefore(db.db, cutoff)
      if (deleted > 0) logger.info({ deleted }, 'deleted unverified requests past retention')
      const sessions = (await staffSessions?.sweep()) ?? 0
      if (sessions > 0) logger.info({ sessions }, 'deleted ended staff sessions')
    } catch (error) {
      logger.error({ err: error }, 'retention job failed')
    }
  }
  const first = setTimeout(run, 5_000)
  const timer = setInterval(run, everyMs)
  first.unref()
  timer.unref()
  return {
    run,
    stop() {
      clearTimeout(first)
      clearInterval(timer)
    },
  }
}
