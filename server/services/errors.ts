/**
 * The errors services throw, in domain words. They know nothing of HTTP: the central error handler
 * (server/middleware/errors.ts) answers ValidationFailed, and each router answers UndeliverableEmail with its
 * endpoint's own status and body.
 */

import type { ApiFieldError } from '../validation'

export type { ApiFieldError }

/**
 * An error of the domain, its name given once: handlers and pages (which cannot import this file) tell errors
 * apart by name. Given, not read from the class, as the server's bundle may rename a class.
 */
class DomainError extends Error {
  constructor(name: string, message: string) {
    super(message)
    this.name = name
  }
}

/** The input breaks spec §5's rules (or the endpoint's schema). */
export class ValidationFailed extends DomainError {
  constructor(readonly fields: readonly ApiFieldError[]) {
    super('ValidationFailed', 'The request has invalid fields')
  }
}

/** Issue 17: a brand system's client names a brand key its country's brand list does not have. */
export class UnknownBrandKeys extends ValidationFailed {
  constructor(
    readonly unknown: readonly string[],
    readonly known: readonly string[],
  ) {
    super([{ field: 'brands', rule: 'unknown' }])
    this.name = 'UnknownBrandKeys'
    this.message = `unknown brand key${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; the country's keys are ${known.join(', ')}`
  }
}

/** Spec §8: the e-mail address's domain cannot receive mail. */
export class UndeliverableEmail extends DomainError {
  constructor() {
    super('UndeliverableEmail', 'The e-mail address cannot receive mail')
  }
}

/** No such item, or none the caller may see (another country's request is not told apart from none). */
export class NotFound extends DomainError {
  constructor(what: string) {
    super('NotFound', `${what} not found`)
  }
}

/** The item's status does not allow this action (issue 16: a completed request cannot be extended). */
export class InvalidTransition extends DomainError {
  constructor(message: string) {
    super('InvalidTransition', message)
  }
}

/**
 * Issue 18: "notice corrected" names the version that corrected the notice; there is none when the notice has
 * not changed since the complaint came in (import the correction first, or choose another outcome).
 */
export class NoticeNotCorrected extends DomainError {
  constructor() {
    super(
      'NoticeNotCorrected',
      'The notice has not changed since the complaint came in: import the corrected notice first',
    )
  }
}

/** Issue 25: an upload beyond MAX_FILE_BYTES (one file) or MAX_REQUEST_FILE_BYTES (all files of a request). */
export class FileTooLarge extends DomainError {
  constructor(readonly limit: 'file' | 'request') {
    super(
      'FileTooLarge',
      limit === 'file'
        ? 'A file may be at most 25 MB (26214400 bytes)'
        : 'The files of one request may be at most 100 MB (104857600 bytes) together',
    )
  }
}

/** Issue 25: an upload that is not what its Content-Type says, or not whole. */
export class FileRefused extends DomainError {
  constructor(reason: string) {
    super('FileRefused', reason)
  }
}

/** Issue 30: an Idempotency-Key sent again with another submission than the first (another address). */
export class IdempotencyKeyReused extends DomainError {
  constructor() {
    super(
      'IdempotencyKeyReused',
      'This Idempotency-Key was used for another submission; send a new key with a new submission',
    )
  }
}

/** Issue 25: a task's answer is final; another answer than the first is refused. */
export class TaskAnswered extends DomainError {
  constructor() {
    super('TaskAnswered', 'This task was answered already; an answer is final')
  }
}

/** Issue 25: the privacy team closed the request; its waiting tasks need no answer any more. */
export class TaskClosed extends DomainError {
  constructor() {
    super('TaskClosed', 'The privacy team closed this request; the task needs no answer any more')
  }
}

/** Issue 25: a request is completed while brand systems have not answered, without a reason to. */
export class TasksOpen extends DomainError {
  constructor(readonly waiting: number) {
    super(
      'TasksOpen',
      `${waiting} brand system${waiting === 1 ? ' has' : 's have'} not answered yet: wait for ${waiting === 1 ? 'it' : 'them'}, or give the reason to close without (closeWithoutTasks)`,
    )
  }
}

/** Issue 25: a reply still holds a template's bracketed placeholder (`[aanvullen]`, `[à compléter]`). */
export class PlaceholderLeft extends ValidationFailed {
  constructor(
    field: string,
    readonly placeholder: string,
  ) {
    super([{ field, rule: 'placeholder' }])
    this.name = 'PlaceholderLeft'
    this.message = `The text still holds the placeholder ${placeholder}: write what it stands for`
  }
}
