import { createLogger } from '#server/logger.ts'
import { startRetentionJob } from '#server/services/retention.ts'
import type { testSetup } from './app'

/** One run of the retention job of a test app, as it would run at `at` (the job's injected clock). */
export function runRetentionAt(setup: Awaited<ReturnType<typeof testSetup>>, at: Date) {
  const job = startRetentionJob({
    db: setup.composition.db,
    unverifiedRetentionDays: setup.config.unverifiedRetentionDays,
    retention: setup.config.retention,
    logger: createLogger('silent'),
    clock: () => at,
  })
  job.stop()
  return job.run()
}
