import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Issue 30 item 4: background work that takes at most `share` of the time. Each piece of work is timed; the
 * next one starts no sooner than that time × (1 − share) / share after it ended, and never more than
 * `maxWaitMs` later. The pace follows the cost: a cheap piece (a chunk from SQLite) comes again soon, a dear
 * one (the same chunk as hex text from PostgreSQL) later, and under load, when every answer takes longer
 * because others wait for the same event loop, later still.
 */
export interface ShareOptions {
  share: number
  maxWaitMs: number
  /** Milliseconds, monotonic. */
  now?: () => number
  wait?: (ms: number) => Promise<unknown>
}

export function timeShare(options: ShareOptions) {
  const { share, maxWaitMs } = options
  if (!(share > 0 && share <= 1)) throw new RangeError('A share is more than 0 and at most 1')
  const now = options.now ?? (() => performance.now())
  const wait = options.wait ?? ((ms: number) => sleep(ms))
  let next = Number.NEGATIVE_INFINITY
  return async function inShare<T>(work: () => Promise<T>): Promise<T> {
    const early = next - now()
    if (early > 0) await wait(Math.ceil(early))
    const started = now()
    try {
      return await work()
    } finally {
      const ended = now()
      next = ended + Math.min(maxWaitMs, ((ended - started) * (1 - share)) / share)
    }
  }
}

export type TimeShare = ReturnType<typeof timeShare>
