import type { RequestHandler } from 'express'
import { HttpError } from '../http-error'

/** Counts hits per key in fixed one-minute windows. */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<number>
}

/** One instance: counters in memory. */
export function memoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>()
  return {
    async hit(key, windowMs) {
      const now = Date.now()
      const current = windows.get(key)
      if (!current || current.resetAt <= now) {
        if (windows.size > 50_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k)
        windows.set(key, { count: 1, resetAt: now + windowMs })
        return 1
      }
      current.count++
      return current.count
    },
  }
}

/** Several instances: one counter per key and window in Redis (INCR, then PEXPIRE on the first hit). */
export function redisRateLimitStore(client: {
  incr(key: string): Promise<number>
  pExpire(key: string, ms: number): Promise<unknown>
}): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const window = Math.floor(Date.now() / windowMs)
      const redisKey = `rate:${key}:${window}`
      const count = await client.incr(redisKey)
      if (count === 1) await client.pExpire(redisKey, windowMs)
      return count
    },
  }
}

/** Per client address and endpoint: more than `perMinute` POSTs in a minute answer 429. */
export function rateLimit(store: RateLimitStore, perMinute: number, name: string): RequestHandler {
  return async (req, res, next) => {
    try {
      const count = await store.hit(`${name}:${req.ip ?? 'unknown'}`, 60_000)
      res.setHeader('RateLimit-Limit', String(perMinute))
      res.setHeader('RateLimit-Remaining', String(Math.max(0, perMinute - count)))
      if (count > perMinute) {
        res.setHeader('Retry-After', '60')
        next(new HttpError(429, 'RATE_LIMITED', 'Too many requests; try again in a minute'))
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
