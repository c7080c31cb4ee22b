import type { RequestHandler } from 'express'
import { HttpError } from '../http-error'
import type { RateLimitStore } from '../rate-limit-store'

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
