/**
 * The counters behind the rate limits: the forms' per-minute limits (server/middleware/rate-limit.ts) and the
 * recipients' daily mail limit (server/services/recipient-limit.ts). No HTTP here, so a service may count too.
 */

/** Counts hits per key in fixed windows of `windowMs` (one minute for the forms). */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<number>
  /** The count in the key's current window, without counting (0: none running). */
  peek(key: string): Promise<number>
}

/** The counters of one instance, in memory; `size` is how many keys it holds now. */
export interface MemoryRateLimitStore extends RateLimitStore {
  readonly size: number
}

/**
 * Keys each window length holds at most. About 200 bytes a key: 50,000 keys of the forms' per-minute
 * windows and 50,000 of the recipients' 24-hour windows together take some 20 MB.
 */
const MAX_KEYS_PER_WINDOW = 50_000

/**
 * One instance: counters in memory. A window starts at a key's first hit. Memory is bounded by age and by
 * size: a key is dropped once its window is over (swept oldest first as new keys come), and when a window
 * length holds `maxKeys` keys a new key pushes out the oldest key hit only once. Keys hit again, the
 * ones that approach or exceed a limit, go only when no key hit once is left: a flood of new addresses
 * (unique recipients, many client addresses) cannot make the store forget an address at its limit.
 */
export function memoryRateLimitStore(
  options: { now?: () => number; maxKeys?: number } = {},
): MemoryRateLimitStore {
  const now = options.now ?? Date.now
  const maxKeys = options.maxKeys ?? MAX_KEYS_PER_WINDOW
  const windows = new Map<number, ReturnType<typeof windowCounters>>()
  return {
    async hit(key, windowMs) {
      let counters = windows.get(windowMs)
      if (!counters) {
        counters = windowCounters(windowMs, maxKeys)
        windows.set(windowMs, counters)
      }
      return counters.hit(key, now())
    },
    async peek(key) {
      const time = now()
      for (const counters of windows.values()) {
        const count = counters.peek(key, time)
        if (count > 0) return count
      }
      return 0
    },
    get size() {
      return [...windows.values()].reduce((total, counters) => total + counters.size, 0)
    },
  }
}

/** The counters of one window length (a Map iterates in insertion order: oldest first). */
function windowCounters(windowMs: number, maxKeys: number) {
  // Keys hit once in their window, by the end of that window; and keys hit more often, in promotion order.
  const once = new Map<string, number>()
  const again = new Map<string, { count: number; resetAt: number }>()
  const sweep = <T>(keys: Map<string, T>, resetAt: (value: T) => number, time: number) => {
    for (const [key, value] of keys) {
      if (resetAt(value) > time) return
      keys.delete(key)
    }
  }
  const dropOldest = (keys: Map<string, unknown>) => {
    const oldest = keys.keys().next()
    if (!oldest.done) keys.delete(oldest.value)
  }
  return {
    hit(key: string, time: number): number {
      const counted = again.get(key)
      if (counted && counted.resetAt > time) return ++counted.count
      again.delete(key)
      const firstEnds = once.get(key)
      once.delete(key)
      if (firstEnds !== undefined && firstEnds > time) {
        again.set(key, { count: 2, resetAt: firstEnds })
        return 2
      }
      sweep(once, (resetAt) => resetAt, time)
      sweep(again, (counter) => counter.resetAt, time)
      if (once.size + again.size >= maxKeys) dropOldest(once.size > 0 ? once : again)
      once.set(key, time + windowMs)
      return 1
    },
    /** The count in the key's running window, without counting; 0 when none runs. */
    peek(key: string, time: number): number {
      const counted = again.get(key)
      if (counted && counted.resetAt > time) return counted.count
      const firstEnds = once.get(key)
      return firstEnds !== undefined && firstEnds > time ? 1 : 0
    },
    get size() {
      return once.size + again.size
    },
  }
}

/**
 * INCR, and on the first hit PEXPIRE, in one step: a connection lost between the two must never leave a
 * counter without an end (for a 24-hour mail limit, that would stop mail to an address for good).
 */
const HIT_SCRIPT = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`

/**
 * Several instances: one counter per key in Redis. The first hit starts the window, so a window starts at
 * the first hit as in the memory store, not at a clock boundary.
 */
export function redisRateLimitStore(client: {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>
  get(key: string): Promise<unknown>
}): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const count = await client.eval(HIT_SCRIPT, { keys: [`rate:${key}`], arguments: [String(windowMs)] })
      return Number(count)
    },
    async peek(key) {
      return Number((await client.get(`rate:${key}`)) ?? 0)
    },
  }
}
