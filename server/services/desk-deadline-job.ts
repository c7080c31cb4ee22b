import type { Logger } from '../logger'
import type { DeadlineRun } from './desk-deadlines'

/**
 * Every instance runs the deadline work hourly (and shortly after start): reminders, expiry and the digest
 * are each claimed in the database, so several instances never mail twice.
 */
export function startDeadlineJob(
  desk: { runDeadlines(): Promise<DeadlineRun> },
  logger: Logger,
  everyMs = 60 * 60_000,
) {
  const run = () =>
    desk
      .runDeadlines()
      .then((done) => {
        if (done.reminded + done.expired + done.digests + done.unconfirmed + done.tasksMailed > 0)
          logger.info(done, 'privacy desk deadlines')
      })
      .catch((error: unknown) => logger.error({ err: error }, 'privacy desk deadline job failed'))
  const first = setTimeout(run, 10_000)
  const timer = setInterval(run, everyMs)
  first.unref()
  timer.unref()
  return {
    stop() {
      clearTimeout(first)
      clearInterval(timer)
    },
  }
}
