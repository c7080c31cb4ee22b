/**
 * Issue 31: a lifecycle as data. Each row says that from a state an action leads to a state when its named
 * guard holds; the first row of the state and action whose guard holds decides. Services decide with it,
 * views offer their actions with it, and the tests enumerate it.
 */
export interface Transition<S extends string, A extends string, G extends string> {
  from: S
  action: A
  to: S
  guard: G
}

export type Guards<G extends string, F> = Readonly<Record<G, (facts: F) => boolean>>

/** The outcome of asking the table: the row taken, or why none was (no row from this state, or its guards). */
export type Decision<S extends string, A extends string, G extends string> =
  | { ok: true; transition: Transition<S, A, G> }
  | { ok: false; refusedBy: readonly G[] }

export function decide<S extends string, A extends string, G extends string, F>(
  table: readonly Transition<S, A, G>[],
  guards: Guards<G, F>,
  from: S,
  action: A,
  facts: F,
): Decision<S, A, G> {
  const rows = table.filter((row) => row.from === from && row.action === action)
  const taken = rows.find((row) => guards[row.guard](facts))
  return taken ? { ok: true, transition: taken } : { ok: false, refusedBy: rows.map((row) => row.guard) }
}

/** The actions some row allows from this state (its guards are checked when the action is taken). */
export function actionsFrom<S extends string, A extends string, G extends string>(
  table: readonly Transition<S, A, G>[],
  from: S,
): A[] {
  return [...new Set(table.filter((row) => row.from === from).map((row) => row.action))]
}

/** A row's name as the tests write it: `from --action--> to`. */
export const transitionName = (row: Transition<string, string, string>) =>
  `${row.from} --${row.action}--> ${row.to}`
