import type { RequestHandler } from 'express'
import type { Logger } from '../logger'

/**
 * One log line per response: method, path (no query string: it may carry personal data), status and
 * duration. Bodies, headers and client addresses are never logged.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint()
    // Read now: routers rewrite req.url while they handle the request.
    const path = req.originalUrl.split('?')[0]
    res.on('finish', () => {
      const level = res.statusCode >= 500 ? 'error' : 'info'
      if (!logger.isLevelEnabled(level)) return
      const ms = Number(process.hrtime.bigint() - start) / 1e6
      logger[level](
        { method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        'request',
      )
    })
    next()
  }
}
