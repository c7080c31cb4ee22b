import { describe, expect, it } from 'vitest'
import { REQUEST_STATUSES } from '#shared/privacy-rights/desk.ts'
import {
  allowedRequestActions,
  REQUEST_TRANSITIONS,
  type RequestAction,
  requestTransition,
} from '#shared/privacy-rights/request-lifecycle.ts'

const now = new Date('2026-03-10T12:00:00Z')
const inFirstMonth = '2026-03-20T12:00:00Z'
const pastFirstMonth = '2026-03-01T12:00:00Z'
const ACTIONS: RequestAction[] = ['extend', 'complete', 'reject']

/** Every transition the desk allows, written out: removing one from the table fails the test naming it. */
const ALLOWED = [
  'open --extend--> extended',
  'open --complete--> completed',
  'extended --complete--> completed',
  'open --reject--> rejected',
  'extended --reject--> rejected',
]

describe('the privacy request lifecycle', () => {
  it.each(ALLOWED)('allows %s within the first month', (name) => {
    const [from, action, to] = name.split(/ --|--> /) as [never, RequestAction, string]
    expect(requestTransition({ status: from, originalDueAt: inFirstMonth, now }, action)?.to).toBe(to)
  })

  const refused = REQUEST_STATUSES.flatMap((status) =>
    ACTIONS.filter((action) => !ALLOWED.some((name) => name.startsWith(`${status} --${action}-->`))).map(
      (action) => `${status} --${action}-->`,
    ),
  )
  it.each(refused)('refuses %s', (name) => {
    const [from, action] = name.split(/ --|-->/) as [never, RequestAction]
    expect(requestTransition({ status: from, originalDueAt: inFirstMonth, now }, action)).toBeNull()
  })

  it('holds no transition the list above does not name', () => {
    expect(REQUEST_TRANSITIONS.map((row) => `${row.from} --${row.action}--> ${row.to}`).sort()).toEqual(
      [...ALLOWED].sort(),
    )
  })

  it('refuses an extension once the first month has passed, or without a first due date', () => {
    expect(requestTransition({ status: 'open', originalDueAt: pastFirstMonth, now }, 'extend')).toBeNull()
    expect(requestTransition({ status: 'open', originalDueAt: null, now }, 'extend')).toBeNull()
    expect(requestTransition({ status: 'open', originalDueAt: now.toISOString(), now }, 'extend')).toBeNull()
  })

  it('offers in the detail view exactly the actions the table allows', () => {
    expect(allowedRequestActions({ status: 'open', originalDueAt: inFirstMonth, now })).toEqual({
      extend: true,
      complete: true,
      reject: true,
    })
    expect(allowedRequestActions({ status: 'extended', originalDueAt: inFirstMonth, now })).toEqual({
      extend: false,
      complete: true,
      reject: true,
    })
    expect(allowedRequestActions({ status: 'completed', originalDueAt: inFirstMonth, now })).toEqual({
      extend: false,
      complete: false,
      reject: false,
    })
  })
})
