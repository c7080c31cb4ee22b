import type { RequestHandler } from 'express'
import { LRUCache } from 'lru-cache'
import { HttpError } from '../http-error'

/** Counts hits per key in fixed windows of `windowMs` (one minute for the forms). */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<number>
  /** The count in the key's current window, without counting (0: none running). */
  peek(key: string): Promise<number>
}

/** Counters one memory store holds at most (about 15 MB): beyond it the least recently hit key goes first. */
export const MEMORY_STORE_KEYS = 50_000

/**
 * One instance: counters in memory. A window starts at a key's first hit; a counter is dropped when its window
 * ends, and the store holds at most `maxKeys` (issue 19: a flood of new addresses, as a submit load with a
 * new e-mail address per request makes for the 24-hour mail limit, must not grow it without end).
 */
export function memoryRateLimitStore(
  now: () => number = Date.now,
  maxKeys = MEMORY_STORE_KEYS,
): RateLimitStore & { size(): number } {
  const windows = new LRUCache<string, { count: number; resetAt: number }>({
    max: maxKeys,
    perf: { now },
    ttlResolution: 0,
  })
  return {
    async hit(key, windowMs) {
      const time = now()
      const current = windows.get(key)
      if (current && current.resetAt > time) return ++current.count
      // The TTL lets the cache forget an ended window; the window itself ends at resetAt.
      windows.set(key, { count: 1, resetAt: time + windowMs }, { ttl: windowMs })
      return 1
    },
    async peek(key) {
      const current = windows.get(key)
      return current && current.resetAt > now() ? current.count : 0
    },
    size: () => windows.size,
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

/** The answer past a limit (the caller sets Retry-After). */
export const rateLimited = (message: string) => new HttpError(429, 'RATE_LIMITED', message)

/** Per client address and endpoint: more than `perMinute` POSTs in a minute answer 429. */
export function rateLimit(store: RateLimitStore, perMinute: number, name: string): RequestHandler {
  return async (req, res, next) => {
    try {
      const count = await store.hit(`${name}:${req.ip ?? 'unknown'}`, 60_000)
      res.setHeader('RateLimit-Limit', String(perMinute))
      res.setHeader('RateLimit-Remaining', String(Math.max(0, perMinute - count)))
      if (count > perMinute) {
        res.setHeader('Retry-After', '60')
        next(rateLimited('Too many requests; try again in a minute'))
        return
      }
      next()
    } catch (error) {
      // A store that cannot be reached must not take the form down: let the request through.
      next()
      void error
    }
  }
}
