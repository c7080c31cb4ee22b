import { decide, type Transition } from '../lifecycle'
import { ACTIVE_STATUSES, type RequestStatus } from './desk'

/**
 * Issue 31: the staff side of a privacy request's lifecycle as data. The desk service decides with it, the
 * detail view offers its actions with it, and the tests enumerate it; no other code decides a transition.
 */
export type RequestAction = 'extend' | 'complete' | 'reject'

/** What a guard may look at: the request's status, its first due date, and the injected clock's now. */
export interface RequestFacts {
  status: RequestStatus
  originalDueAt: string | null | undefined
  now: Date
}

export const REQUEST_GUARDS = {
  /** GDPR Art. 12(3): an extension is told within the first month. */
  withinFirstMonth: (facts: RequestFacts) =>
    facts.originalDueAt ? Date.parse(facts.originalDueAt) > facts.now.getTime() : false,
  always: (_facts: RequestFacts) => true,
} as const
export type RequestGuard = keyof typeof REQUEST_GUARDS

export type RequestTransition = Transition<RequestStatus, RequestAction, RequestGuard>

export const REQUEST_TRANSITIONS: readonly RequestTransition[] = [
  { from: 'open', action: 'extend', to: 'extended', guard: 'withinFirstMonth' },
  { from: 'open', action: 'complete', to: 'completed', guard: 'always' },
  { from: 'extended', action: 'complete', to: 'completed', guard: 'always' },
  { from: 'open', action: 'reject', to: 'rejected', guard: 'always' },
  { from: 'extended', action: 'reject', to: 'rejected', guard: 'always' },
]

/** The transition the action takes from these facts, or null when the table refuses it. */
export function requestTransition(facts: RequestFacts, action: RequestAction): RequestTransition | null {
  const decision = decide(REQUEST_TRANSITIONS, REQUEST_GUARDS, facts.status, action, facts)
  return decision.ok ? decision.transition : null
}

/**
 * Why the table refuses an action: `already` when the action led to the request's status (an extended request
 * is not extended twice), the guard's name when the transition exists but its guard says no, else `status`.
 */
export type RequestRefusal = 'already' | 'status' | RequestGuard

/** The transition the action takes, or why the table refuses it. */
export function decideRequestAction(
  facts: RequestFacts,
  action: RequestAction,
): { transition: RequestTransition } | { refusal: RequestRefusal } {
  const transition = requestTransition(facts, action)
  if (transition) return { transition }
  const found = REQUEST_TRANSITIONS.find((row) => row.from === facts.status && row.action === action)
  if (found) return { refusal: found.guard }
  const done = REQUEST_TRANSITIONS.some((row) => row.action === action && row.to === facts.status)
  return { refusal: done ? 'already' : 'status' }
}

/** Which actions the desk's detail view offers. */
export function allowedRequestActions(facts: RequestFacts): Record<RequestAction, boolean> {
  const allowed = (action: RequestAction) => requestTransition(facts, action) !== null
  return { extend: allowed('extend'), complete: allowed('complete'), reject: allowed('reject') }
}

/** Statuses the team still has to act on (they have a due date). */
export function isActiveStatus(status: RequestStatus): boolean {
  return (ACTIVE_STATUSES as readonly RequestStatus[]).includes(status)
}
