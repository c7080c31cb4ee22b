import { type Logger, pino } from 'pino'

export type { Logger }

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
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }
  return destination ? pino(options, destination) : pino(options)
}
