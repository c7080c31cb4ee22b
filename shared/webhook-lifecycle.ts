import { decide, type Guards, type Transition } from './lifecycle'

/**
 * Issue 31: a webhook delivery's lifecycle as data (issue 17). A delivery waits until its receiver answers a
 * 2xx; a failed attempt is retried on the retry schedule (server/jobs/retry.ts) until it gives up; one whose
 * client was revoked or whose endpoint was disabled is cancelled, never sent. The webhook worker decides with
 * it; test/services/webhook-lifecycle.test.ts enumerates it.
 */
export type DeliveryState = 'waiting' | 'delivered' | 'failed'
export const DELIVERY_STATES: readonly DeliveryState[] = ['waiting', 'delivered', 'failed']
export type DeliveryAction = 'succeed' | 'fail' | 'cancel'
export const DELIVERY_ACTIONS: readonly DeliveryAction[] = ['succeed', 'fail', 'cancel']

/** What a guard may look at. */
export interface DeliveryFacts {
  /** The retry schedule's next attempt after this failure; null: the schedule is over. */
  nextAttemptAt?: Date | null
  /** The delivery's client was revoked, or its endpoint disabled, since it was written. */
  endpointGone?: boolean
}

export const DELIVERY_GUARDS = {
  always: () => true,
  retryLeft: (facts: DeliveryFacts) => facts.nextAttemptAt != null,
  retriesOver: (facts: DeliveryFacts) => facts.nextAttemptAt == null,
  endpointGone: (facts: DeliveryFacts) => facts.endpointGone === true,
} as const satisfies Guards<string, DeliveryFacts>
export type DeliveryGuard = keyof typeof DELIVERY_GUARDS

export const DELIVERY_TRANSITIONS: readonly Transition<DeliveryState, DeliveryAction, DeliveryGuard>[] = [
  { from: 'waiting', action: 'succeed', to: 'delivered', guard: 'always' },
  // The receiver's 2xx is the fact: an instance that stalled past its claim, while another gave up, records it.
  { from: 'failed', action: 'succeed', to: 'delivered', guard: 'always' },
  { from: 'waiting', action: 'fail', to: 'waiting', guard: 'retryLeft' },
  { from: 'waiting', action: 'fail', to: 'failed', guard: 'retriesOver' },
  { from: 'waiting', action: 'cancel', to: 'failed', guard: 'endpointGone' },
]

export function deliveryTransition(state: DeliveryState, action: DeliveryAction, facts: DeliveryFacts) {
  return decide(DELIVERY_TRANSITIONS, DELIVERY_GUARDS, state, action, facts)
}
