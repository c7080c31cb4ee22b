import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express'
import { isDatabaseUnavailable } from '../db/unavailable'
import { HttpError } from '../http-error'
import type { Logger } from '../logger'
import {
  FileRefused,
  FileTooLarge,
  IdempotencyKeyReused,
  InvalidTransition,
  NotFound,
  NoticeNotCorrected,
  TaskAnswered,
  TaskClosed,
  TasksOpen,
  ValidationFailed,
} from '../services/errors'

export const apiNotFound: RequestHandler = (_req, _res, next) => {
  next(new HttpError(404, 'NOT_FOUND', 'No such endpoint'))
}

/** How long a client should wait before trying again when the database is away. */
export const RETRY_AFTER_SECONDS = 30

/**
 * Last in the chain: known errors keep their status; a database that is away or too slow is a 503 with
 * Retry-After (a page request gets the page saying so, in its language: `unavailablePage`, issue 26);
 * anything else is a 500 whose stack is logged, never sent.
 */
export function errorHandler(
  logger: Logger,
  options: { unavailablePage?: (req: Request, res: Response) => Promise<void> } = {},
): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) {
      next(error)
      return
    }
    const known = toHttpError(error) ?? unavailable(error, logger, req.path)
    if (known?.status === 503) res.set('Retry-After', String(RETRY_AFTER_SECONDS))
    if (!known) logger.error({ err: error, path: req.path }, 'unhandled error')
    const answer = known ?? new HttpError(500, 'INTERNAL_ERROR', 'Internal Error')
    res.status(answer.status).set('Cache-Control', 'no-store')
    if (req.path.startsWith('/api/')) {
      res.json(errorBody(answer))
      return
    }
    if (answer.status === 503 && options.unavailablePage && req.site) {
      options.unavailablePage(req, res).catch((failed: unknown) => {
        logger.error({ err: failed, path: req.path }, 'unhandled error')
        if (!res.headersSent) res.type('text').send(answer.message)
      })
      return
    }
    res.type('text').send(answer.message)
  }
}

/** Every `/api` error's body: `{ error: { code, message, fields? } }` (also the OpenAPI document's examples). */
export function errorBody(error: HttpError) {
  return {
    error: { code: error.code, message: error.message, ...(error.details ? { fields: error.details } : {}) },
  }
}

function unavailable(error: unknown, logger: Logger, path: string): HttpError | null {
  if (!isDatabaseUnavailable(error)) return null
  logger.warn({ err: error, path }, 'database unavailable')
  return serviceUnavailable()
}

export const serviceUnavailable = () =>
  new HttpError(503, 'SERVICE_UNAVAILABLE', 'The service is briefly unavailable; try again shortly')

/**
 * Domain errors every endpoint answers alike, and Express and body-parser errors (they carry a status and
 * a type): map the ones a client can cause.
 */
export function toHttpError(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error
  if (error instanceof ValidationFailed)
    return new HttpError(400, 'VALIDATION_FAILED', error.message, error.fields)
  if (error instanceof NotFound) return new HttpError(404, 'NOT_FOUND', error.message)
  if (error instanceof InvalidTransition) return new HttpError(409, 'INVALID_TRANSITION', error.message)
  if (error instanceof NoticeNotCorrected) return new HttpError(409, 'NOTICE_NOT_CORRECTED', error.message)
  if (error instanceof IdempotencyKeyReused)
    return new HttpError(422, 'IDEMPOTENCY_KEY_REUSED', error.message)
  if (error instanceof TaskAnswered) return new HttpError(409, 'TASK_ANSWERED', error.message)
  if (error instanceof TaskClosed) return new HttpError(409, 'TASK_CLOSED', error.message)
  if (error instanceof TasksOpen) return new HttpError(409, 'TASKS_OPEN', error.message)
  if (error instanceof FileTooLarge) return new HttpError(413, 'PAYLOAD_TOO_LARGE', error.message)
  if (error instanceof FileRefused) return new HttpError(400, 'FILE_REFUSED', error.message)
  if (typeof error !== 'object' || error === null) return null
  const { status, type } = error as { status?: number; type?: string }
  if (type === 'entity.too.large')
    return new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large')
  if (type === 'entity.parse.failed')
    return new HttpError(400, 'MALFORMED_JSON', 'The request body is not valid JSON')
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new HttpError(status, 'BAD_REQUEST', 'The request cannot be processed')
  }
  return null
}
