import { UndeliverableEmail } from './services/errors'

/** The one error type of the HTTP layer; the error handler turns it into `{ error: { code, message } }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

/**
 * A router's answer to an address whose domain cannot receive mail: the spec names a different code per
 * endpoint (INVALID_EMAIL for privacy requests, EMAIL_INVALID for contact), so the router says which.
 * Use: `await service.send(…).catch(undeliverableAs('EMAIL_INVALID'))`.
 */
export function undeliverableAs(code: 'INVALID_EMAIL' | 'EMAIL_INVALID') {
  return (error: unknown): never => {
    if (error instanceof UndeliverableEmail) throw new HttpError(400, code, error.message)
    throw error
  }
}
