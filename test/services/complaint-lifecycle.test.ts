import { describe, expect, it } from 'vitest'
import {
  COMPLAINT_TRANSITIONS,
  type ComplaintAction,
  complaintTransition,
  isOpenComplaint,
  offeredComplaintActions,
} from '#shared/complaint-lifecycle.ts'
import { COMPLAINT_STATUSES, type ComplaintStatus } from '#shared/political-ads.ts'
import { itHoldsExactly, parseName, refusedNames } from './lifecycle-cases'

const ACTIONS: ComplaintAction[] = ['review', 'correct_notice', 'suspend_ad', 'dismiss']

/** Every transition a complaint may take, written out: removing one from the table fails the test naming it. */
const ALLOWED = [
  'received --review--> under_review',
  'received --correct_notice--> notice_corrected',
  'under_review --correct_notice--> notice_corrected',
  'received --suspend_ad--> ad_suspended',
  'under_review --suspend_ad--> ad_suspended',
  'received --dismiss--> dismissed',
  'under_review --dismiss--> dismissed',
]

const corrected = { noticeCorrected: true }

describe('the political-ad complaint lifecycle', () => {
  it.each(ALLOWED)('allows %s', (name) => {
    const { from, action, to } = parseName(name)
    const decision = complaintTransition(from as ComplaintStatus, action as ComplaintAction, corrected)
    expect(decision.ok && decision.transition.to).toBe(to)
  })

  it.each(refusedNames(COMPLAINT_STATUSES, ACTIONS, ALLOWED))('refuses %s', (name) => {
    const { from, action } = parseName(name)
    expect(complaintTransition(from as ComplaintStatus, action as ComplaintAction, corrected)).toEqual({
      ok: false,
      refusedBy: [],
    })
  })

  itHoldsExactly(COMPLAINT_TRANSITIONS, ALLOWED)

  it('refuses "notice corrected" by its guard while the notice is unchanged since the complaint', () => {
    for (const status of ['received', 'under_review'] as const)
      expect(complaintTransition(status, 'correct_notice', { noticeCorrected: false })).toEqual({
        ok: false,
        refusedBy: ['noticeCorrected'],
      })
  })

  it('offers in the detail view what the table allows from the status, and calls open what may still move', () => {
    expect(offeredComplaintActions('received')).toEqual({
      review: true,
      outcomes: ['notice_corrected', 'ad_suspended', 'dismissed'],
    })
    expect(offeredComplaintActions('under_review')).toEqual({
      review: false,
      outcomes: ['notice_corrected', 'ad_suspended', 'dismissed'],
    })
    expect(offeredComplaintActions('dismissed')).toEqual({ review: false, outcomes: [] })
    expect(COMPLAINT_STATUSES.filter(isOpenComplaint)).toEqual(['received', 'under_review'])
  })
})
