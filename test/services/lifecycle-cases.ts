import { expect, it } from 'vitest'
import { type Transition, transitionName } from '#shared/lifecycle.ts'

/**
 * Issue 31: the cases of a lifecycle's test. `allowed` writes out every transition the table holds, so that
 * removing a row fails the test naming it; every other state and action is refused, each by name.
 */
export function parseName(name: string): { from: string; action: string; to?: string } {
  const [from = '', action = '', to] = name.split(/ --|-->/).map((part) => part.trim())
  return { from, action, ...(to ? { to } : {}) }
}

export function refusedNames(
  states: readonly string[],
  actions: readonly string[],
  allowed: readonly string[],
) {
  return states.flatMap((from) =>
    actions
      .filter((action) => !allowed.some((name) => name.startsWith(`${from} --${action}-->`)))
      .map((action) => `${from} --${action}-->`),
  )
}

/** The table holds exactly the rows `allowed` names. */
export function itHoldsExactly(
  table: readonly Transition<string, string, string>[],
  allowed: readonly string[],
) {
  it('holds no transition the list does not name, and every one it names', () => {
    expect(table.map(transitionName).sort()).toEqual([...allowed].sort())
  })
}
