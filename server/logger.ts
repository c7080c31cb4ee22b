import { AsyncLocalStorage } from 'node:async_hooks'
import { type Logger, pino } from 'pino'

export type { Logger }

/** What every log line written while a request is handled carries (server/middleware/request-log.ts). */
export interface LogContext {
  requestId: string
  host: string | null
  country: string | null
  /** The matched route pattern (`/api/campaign-items/:id`), or the path without its query string. */
  route: string
}

/**
 * The context of the request being handled, as a function: the site and the route are known only after
 * the first middleware, so they are read when a line is written.
 */
export const logContext = new AsyncLocalStorage<() => LogContext>()

/**
 * Logs carry no personal data (DESIGN.md decision 9): request bodies are never logged, and these paths
 * are removed wherever they appear in a log object.
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.email',
  '*.phone',
  '*.phoneNumber',
  '*.name',
  '*.firstName',
  '*.lastName',
  '*.address',
  '*.token',
]

export function createLogger(level: string, destination?: { write(line: string): void }): Logger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    mixin: () => logContext.getStore()?.() ?? {},
  }
  return destination ? pino(options, destination) : pino(options)
}

/** A URL as it may be printed: the password of `scheme://user:password@host` is left out. */
export function withoutPassword(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, '$1:***@')
}
