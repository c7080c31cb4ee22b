import { actionsFrom, decide, type Guards, type Transition } from './lifecycle'
import type { ComplaintOutcome, ComplaintStatus } from './political-ads'

/**
 * Issue 31: a political-ad complaint's lifecycle as data (issue 18, Art. 15). The complaint desk decides with
 * it, the detail view offers its actions with it, test/services/complaint-lifecycle.test.ts enumerates it.
 */
export type ComplaintAction = 'review' | 'correct_notice' | 'suspend_ad' | 'dismiss'

/** The closing action of each outcome the desk's form names. */
export const CLOSE_ACTIONS: Readonly<Record<ComplaintOutcome, ComplaintAction>> = {
  notice_corrected: 'correct_notice',
  ad_suspended: 'suspend_ad',
  dismissed: 'dismiss',
}

/** What a guard may look at. */
export interface ComplaintFacts {
  /** The notice has a version newer than the one in force when the complaint came in. */
  noticeCorrected: boolean
}

export const COMPLAINT_GUARDS = {
  always: () => true,
  /** "Notice corrected" names the version that corrected it: a notice unchanged since has not been. */
  noticeCorrected: (facts: ComplaintFacts) => facts.noticeCorrected,
} as const satisfies Guards<string, ComplaintFacts>
export type ComplaintGuard = keyof typeof COMPLAINT_GUARDS

export const COMPLAINT_TRANSITIONS: readonly Transition<ComplaintStatus, ComplaintAction, ComplaintGuard>[] =
  [
    { from: 'received', action: 'review', to: 'under_review', guard: 'always' },
    { from: 'received', action: 'correct_notice', to: 'notice_corrected', guard: 'noticeCorrected' },
    { from: 'under_review', action: 'correct_notice', to: 'notice_corrected', guard: 'noticeCorrected' },
    { from: 'received', action: 'suspend_ad', to: 'ad_suspended', guard: 'always' },
    { from: 'under_review', action: 'suspend_ad', to: 'ad_suspended', guard: 'always' },
    { from: 'received', action: 'dismiss', to: 'dismissed', guard: 'always' },
    { from: 'under_review', action: 'dismiss', to: 'dismissed', guard: 'always' },
  ]

export function complaintTransition(status: ComplaintStatus, action: ComplaintAction, facts: ComplaintFacts) {
  return decide(COMPLAINT_TRANSITIONS, COMPLAINT_GUARDS, status, action, facts)
}

/** What the detail view offers: review, and the outcomes a closing may have, from this status. */
export function offeredComplaintActions(status: ComplaintStatus) {
  const actions = actionsFrom(COMPLAINT_TRANSITIONS, status)
  const outcomes = (Object.keys(CLOSE_ACTIONS) as ComplaintOutcome[]).filter((outcome) =>
    actions.includes(CLOSE_ACTIONS[outcome]),
  )
  return { review: actions.includes('review'), outcomes }
}

/** A complaint the team still has to answer (it has a due date). */
export const isOpenComplaint = (status: ComplaintStatus) =>
  actionsFrom(COMPLAINT_TRANSITIONS, status).length > 0
