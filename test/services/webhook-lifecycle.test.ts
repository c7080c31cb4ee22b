import { describe, expect, it } from 'vitest'
import {
  DELIVERY_ACTIONS,
  DELIVERY_STATES,
  DELIVERY_TRANSITIONS,
  type DeliveryAction,
  type DeliveryFacts,
  type DeliveryState,
  deliveryTransition,
} from '#shared/webhook-lifecycle.ts'
import { itHoldsExactly, parseName, refusedNames } from './lifecycle-cases'

/** Every transition a delivery may take, with the facts its guard needs: removing a row fails its test. */
const ALLOWED: Record<string, DeliveryFacts> = {
  'waiting --succeed--> delivered': {},
  'failed --succeed--> delivered': {},
  'waiting --fail--> waiting': { nextAttemptAt: new Date('2026-03-01T12:00:30Z') },
  'waiting --fail--> failed': { nextAttemptAt: null },
  'waiting --cancel--> failed': { endpointGone: true },
}
const NAMES = Object.keys(ALLOWED)

describe('the webhook delivery lifecycle', () => {
  it.each(NAMES)('allows %s', (name) => {
    const { from, action, to } = parseName(name)
    const decision = deliveryTransition(from as DeliveryState, action as DeliveryAction, ALLOWED[name] ?? {})
    expect(decision.ok && decision.transition.to).toBe(to)
  })

  it.each(refusedNames(DELIVERY_STATES, DELIVERY_ACTIONS, NAMES))('refuses %s', (name) => {
    const { from, action } = parseName(name)
    const facts = { nextAttemptAt: new Date(), endpointGone: true }
    expect(deliveryTransition(from as DeliveryState, action as DeliveryAction, facts)).toEqual({
      ok: false,
      refusedBy: [],
    })
  })

  itHoldsExactly(DELIVERY_TRANSITIONS, NAMES)

  it('never cancels a delivery whose client and endpoint are live', () => {
    expect(deliveryTransition('waiting', 'cancel', { endpointGone: false })).toEqual({
      ok: false,
      refusedBy: ['endpointGone'],
    })
  })
})
