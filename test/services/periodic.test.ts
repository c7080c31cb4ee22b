import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type Db, migrate, openDatabase } from '#server/db/database.ts'
import { leaseClaim, nextWait, startPeriodic, type Timers } from '#server/jobs/periodic.ts'
import { nextAttempt } from '#server/jobs/retry.ts'
import { createLogger } from '#server/logger.ts'
import { DATABASES, ROOT, testDatabaseUrl } from '../support/app'

const logger = createLogger('silent')
// The test's fake timers, injected: no run waits for the wall clock.
const timers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

/** A run the test holds open until it says so. */
function heldRuns() {
  const releases: (() => void)[] = []
  let started = 0
  const run = () => {
    started += 1
    return new Promise<void>((resolve) => releases.push(resolve))
  }
  return { run, started: () => started, release: () => releases.shift()?.() }
}

describe('the periodic-job helper on fake timers', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('runs first after firstAfterMs, then every everyMs, and skips a run while one is going', async () => {
    const held = heldRuns()
    const job = startPeriodic({
      name: 'test',
      everyMs: 1000,
      firstAfterMs: 10,
      run: held.run,
      logger,
      timers,
    })
    await vi.advanceTimersByTimeAsync(9)
    expect(held.started()).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(held.started()).toBe(1)
    // Still running at the next two ticks: both skipped, and runNow says why.
    await vi.advanceTimersByTimeAsync(2000)
    expect(held.started()).toBe(1)
    expect(await job.runNow()).toBe('overlap')
    held.release()
    await vi.advanceTimersByTimeAsync(1000)
    expect(held.started()).toBe(2)
    held.release()
    await job.stop()
  })

  it('waits everyMs plus a jitter within [0, jitterMs)', async () => {
    expect(nextWait(1000, 500, () => 0)).toBe(1000)
    expect(nextWait(1000, 500, () => 0.999_999)).toBe(1499)
    expect(nextWait(1000, 0, () => 0.7)).toBe(1000)
    const starts: number[] = []
    const job = startPeriodic({
      name: 'jittered',
      everyMs: 1000,
      firstAfterMs: 0,
      jitterMs: 500,
      random: () => 0.5,
      run: async () => {
        starts.push(Date.now())
      },
      logger,
      timers,
    })
    const t0 = Date.now()
    await vi.advanceTimersByTimeAsync(3000)
    expect(starts.map((at) => at - t0)).toEqual([0, 1250, 2500])
    await job.stop()
  })

  it('stop() ends the loop and waits for the run in progress', async () => {
    const held = heldRuns()
    const job = startPeriodic({ name: 'test', everyMs: 1000, firstAfterMs: 0, run: held.run, logger, timers })
    await vi.advanceTimersByTimeAsync(0)
    let stopped = false
    const stopping = job.stop().then(() => {
      stopped = true
    })
    await vi.advanceTimersByTimeAsync(5000)
    expect(stopped).toBe(false)
    expect(held.started()).toBe(1)
    held.release()
    await stopping
    expect(stopped).toBe(true)
    expect(await job.runNow()).toBe('stopped')
  })

  it('keeps its loop after a run that throws', async () => {
    let runs = 0
    const job = startPeriodic({
      name: 'failing',
      everyMs: 1000,
      firstAfterMs: 0,
      run: async () => {
        runs += 1
        throw new Error('boom')
      },
      logger,
      timers,
    })
    await vi.advanceTimersByTimeAsync(2000)
    expect(runs).toBe(3)
    expect(await job.runNow()).toBe('failed')
    await job.stop()
  })
})

describe('the retry schedule', () => {
  const queuedAt = '2026-03-01T12:00:00.000Z'
  const at = (ms: number) => new Date(Date.parse(queuedAt) + ms)
  const webhooks = { firstMs: 30_000, maxMs: 3_600_000, untilMs: 3 * 86_400_000 }

  it('waits firstMs doubling with each earlier attempt, at most maxMs', () => {
    expect(nextAttempt(webhooks, 0, queuedAt, at(0))).toEqual(at(30_000))
    expect(nextAttempt(webhooks, 3, queuedAt, at(0))).toEqual(at(240_000))
    expect(nextAttempt(webhooks, 40, queuedAt, at(0))).toEqual(at(3_600_000))
  })

  it('never schedules past untilMs, and gives up on the first failure at or after it', () => {
    expect(nextAttempt(webhooks, 30, queuedAt, at(webhooks.untilMs - 60_000))).toEqual(at(webhooks.untilMs))
    expect(nextAttempt(webhooks, 30, queuedAt, at(webhooks.untilMs))).toBeNull()
  })
})

describe.each(DATABASES)('the periodic-job claim across two instances on %s', (kind) => {
  let db: Db
  beforeEach(async () => {
    db = openDatabase(await testDatabaseUrl(kind), ROOT)
    await migrate(db.db, db.dialect)
  })
  afterEach(() => db.close())

  it('lets one instance run at a time; the other runs once the first is done', async () => {
    const held = heldRuns()
    const start = (holder: string) =>
      startPeriodic({
        name: 'shared-job',
        everyMs: 3_600_000,
        run: held.run,
        claim: leaseClaim(db, 60_000, holder),
        logger,
      })
    const a = start('instance-a')
    const b = start('instance-b')
    const aRun = a.runNow()
    await vi.waitFor(() => expect(held.started()).toBe(1))
    expect(await b.runNow()).toBe('claimed elsewhere')
    held.release()
    expect(await aRun).toBe('ran')
    const bRun = b.runNow()
    await vi.waitFor(() => expect(held.started()).toBe(2))
    held.release()
    expect(await bRun).toBe('ran')
    await Promise.all([a.stop(), b.stop()])
  })

  it('takes over the lease of an instance that died once it lapses', async () => {
    let now = new Date('2026-03-01T12:00:00.000Z')
    const dead = leaseClaim(db, 60_000, 'dead-instance')
    expect(await dead.take('shared-job', now)).toBe(true)
    let ran = 0
    const live = startPeriodic({
      name: 'shared-job',
      everyMs: 3_600_000,
      run: async () => {
        ran += 1
      },
      claim: leaseClaim(db, 60_000, 'live-instance'),
      logger,
      clock: () => now,
    })
    expect(await live.runNow()).toBe('claimed elsewhere')
    now = new Date(now.getTime() + 60_000)
    expect(await live.runNow()).toBe('ran')
    expect(ran).toBe(1)
    await live.stop()
  })
})
