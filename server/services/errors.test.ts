import { describe, expect, it } from 'vitest'
import * as errors from './errors'

/** Pages tell errors apart by name (case-by-reference.ts: `NotFound`), as they cannot import this module. */
describe('the domain errors', () => {
  const made: [string, new (...args: never[]) => Error, Error][] = [
    [
      'ValidationFailed',
      errors.ValidationFailed,
      new errors.ValidationFailed([{ field: 'email', rule: 'email' }]),
    ],
    ['UnknownBrandKeys', errors.UnknownBrandKeys, new errors.UnknownBrandKeys(['x'], ['a', 'b'])],
    ['UndeliverableEmail', errors.UndeliverableEmail, new errors.UndeliverableEmail()],
    ['NotFound', errors.NotFound, new errors.NotFound('Request')],
    [
      'InvalidTransition',
      errors.InvalidTransition,
      new errors.InvalidTransition('A completed request cannot be extended'),
    ],
    ['NoticeNotCorrected', errors.NoticeNotCorrected, new errors.NoticeNotCorrected()],
    ['FileTooLarge', errors.FileTooLarge, new errors.FileTooLarge('file')],
    ['FileRefused', errors.FileRefused, new errors.FileRefused('not a PDF')],
    ['IdempotencyKeyReused', errors.IdempotencyKeyReused, new errors.IdempotencyKeyReused()],
    ['TaskAnswered', errors.TaskAnswered, new errors.TaskAnswered()],
    ['TaskClosed', errors.TaskClosed, new errors.TaskClosed()],
    ['TasksOpen', errors.TasksOpen, new errors.TasksOpen(2)],
    ['PlaceholderLeft', errors.PlaceholderLeft, new errors.PlaceholderLeft('reply', '[aanvullen]')],
  ]

  it('makes one of each exported error', () => {
    expect(made.map(([name]) => name).sort()).toEqual(Object.keys(errors).sort())
  })

  it.each(made)('names %s after its class', (name, kind, error) => {
    expect(error).toBeInstanceOf(kind)
    expect(error.name).toBe(name)
  })

  it('keeps the messages a client reads', () => {
    expect(new errors.NotFound('Request').message).toBe('Request not found')
    expect(new errors.TasksOpen(1).message).toBe(
      '1 brand system has not answered yet: wait for it, or give the reason to close without (closeWithoutTasks)',
    )
    expect(new errors.UnknownBrandKeys(['x', 'y'], ['a']).message).toBe(
      "unknown brand keys x, y; the country's keys are a",
    )
  })
})
