import { randomUUID } from 'node:crypto'
import type { Db } from '../db/database'
import { releaseLease, takeLease } from '../db/lease-repository'
import type { Logger } from '../logger'

/**
 * Issue 31: the one timer loop of every background job (retention, the notice archive, the webhook and mail
 * pollers). A run starts every `everyMs` (plus up to `jitterMs`, so instances started together drift apart);
 * a run still going when the next is due makes that one skip; a claim, when given, lets one instance at a
 * time run across instances; stop() ends the loop and waits for the run in progress.
 */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** Who may run now: take() before a run (false: another instance runs it), release() after. */
export interface JobClaim {
  take(job: string, now: Date): Promise<boolean>
  release(job: string): Promise<void>
}

export interface PeriodicOptions {
  name: string
  everyMs: number
  /** The first run after start (default `everyMs`). */
  firstAfterMs?: number
  /** Each wait is `everyMs` plus a random part below this (default none). */
  jitterMs?: number
  /** The work; its own errors are its to log (a thrown one is logged as `<name> failed`). */
  run: () => Promise<unknown>
  claim?: JobClaim
  logger: Logger
  clock?: () => Date
  timers?: Timers
  random?: () => number
}

/** What one call of runNow() did. */
export type RunResult = 'ran' | 'failed' | 'overlap' | 'claimed elsewhere' | 'stopped'

export interface PeriodicJob {
  /** One run now, unless one runs already, another instance holds the claim, or the job was stopped. */
  runNow(): Promise<RunResult>
  stop(): Promise<void>
}

const systemTimers: Timers = {
  setTimeout: (run, ms) => {
    const handle = setTimeout(run, ms)
    handle.unref()
    return handle
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
}

/** The wait before the next run: `everyMs` plus a jitter in [0, jitterMs). */
export function nextWait(everyMs: number, jitterMs: number, random: () => number): number {
  return everyMs + Math.floor(random() * jitterMs)
}

export function startPeriodic(options: PeriodicOptions): PeriodicJob {
  const { name, logger, claim } = options
  const timers = options.timers ?? systemTimers
  const clock = options.clock ?? (() => new Date())
  const random = options.random ?? Math.random
  let stopped = false
  let running: Promise<RunResult> | null = null
  let timer: unknown

  const once = async (): Promise<RunResult> => {
    if (claim && !(await claim.take(name, clock()))) return 'claimed elsewhere'
    try {
      await options.run()
      return 'ran'
    } catch (error) {
      logger.error({ err: error, job: name }, `${name} failed`)
      return 'failed'
    } finally {
      if (claim)
        await claim
          .release(name)
          .catch((error: unknown) => logger.warn({ err: error, job: name }, 'lease kept'))
    }
  }
  const runNow = (): Promise<RunResult> => {
    if (stopped) return Promise.resolve('stopped')
    if (running) return Promise.resolve('overlap')
    const run = once()
      .catch((error: unknown) => {
        // The claim itself failed (the database is away): the next run asks again.
        logger.warn({ err: error, job: name }, `${name} could not be claimed`)
        return 'failed' as const
      })
      .finally(() => {
        running = null
      })
    running = run
    return run
  }
  const schedule = (ms: number) => {
    timer = timers.setTimeout(() => {
      if (stopped) return
      schedule(nextWait(options.everyMs, options.jitterMs ?? 0, random))
      void runNow()
    }, ms)
  }
  schedule(options.firstAfterMs ?? options.everyMs)

  return {
    runNow,
    async stop() {
      stopped = true
      timers.clearTimeout(timer)
      await running
    },
  }
}

/** A claim held in the database (`job_leases`) for at most `leaseMs`, so a dead holder's lease lapses. */
export function leaseClaim(db: Db, leaseMs: number, holder: string = randomUUID()): JobClaim {
  return {
    take: (job, now) => takeLease(db.db, job, holder, now, leaseMs),
    release: (job) => releaseLease(db.db, job, holder),
  }
}
