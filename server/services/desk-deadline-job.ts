import type { Db } from '../db/database'
import { leaseClaim, startPeriodic } from '../jobs/periodic'
import type { Logger } from '../logger'
import type { DeadlineRun } from './desk-deadlines'

/**
 * The desk's deadline work (reminders, expiry, the digest, overdue brand tasks) hourly and shortly after start,
 * on the periodic-job helper (issue 31): one instance at a time holds the run's lease, and each reminder, expiry
 * and digest is also claimed in the database, so several instances never mail twice.
 */
export function startDeadlineJob(
  desk: { runDeadlines(): Promise<DeadlineRun> },
  db: Db,
  logger: Logger,
  everyMs = 60 * 60_000,
) {
  const run = async () => {
    const done = await desk.runDeadlines()
    if (done.reminded + done.expired + done.digests + done.unconfirmed + done.tasksMailed > 0)
      logger.info(done, 'privacy desk deadlines')
  }
  return startPeriodic({
    name: 'privacy desk deadlines',
    everyMs,
    firstAfterMs: 10_000,
    jitterMs: 60_000,
    run,
    claim: leaseClaim(db, 30 * 60_000),
    logger,
  })
}
