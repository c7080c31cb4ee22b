import { decide, type Guards, type Transition } from '../lifecycle'
import type { RequestStatus } from './desk'
import { isActiveStatus } from './request-lifecycle'
import { TASK_OVERDUE_DAYS, type TaskOutcome, type TaskRight, type TaskState } from './tasks'

/**
 * Issue 31: a brand task's lifecycle as data (issue 25). A task waits (overdue after TASK_OVERDUE_DAYS) for
 * its brand system's one answer, and closes unanswered when the team closes its request. The task service
 * decides with it; test/services/task-lifecycle.test.ts enumerates it.
 */
export type TaskAction = 'answer' | 'upload'

/** What a guard may look at: the task's right, and for an answer its outcome and whether files were uploaded. */
export interface TaskFacts {
  right: TaskRight
  outcome?: TaskOutcome
  filesUploaded?: boolean
}

export const TASK_GUARDS = {
  /** Access found: the person's data is uploaded before the answer that says so. */
  filesBeforeFound: (facts: TaskFacts) =>
    !(facts.right === 'access' && facts.outcome === 'found') || facts.filesUploaded === true,
  /** Files answer an access request only. */
  accessTask: (facts: TaskFacts) => facts.right === 'access',
} as const satisfies Guards<string, TaskFacts>
export type TaskGuard = keyof typeof TASK_GUARDS

export const TASK_TRANSITIONS: readonly Transition<TaskState, TaskAction, TaskGuard>[] = [
  { from: 'waiting', action: 'answer', to: 'answered', guard: 'filesBeforeFound' },
  { from: 'overdue', action: 'answer', to: 'answered', guard: 'filesBeforeFound' },
  { from: 'waiting', action: 'upload', to: 'waiting', guard: 'accessTask' },
  { from: 'overdue', action: 'upload', to: 'overdue', guard: 'accessTask' },
]

export function taskTransition(state: TaskState, action: TaskAction, facts: TaskFacts) {
  return decide(TASK_TRANSITIONS, TASK_GUARDS, state, action, facts)
}

const DAY_MS = 86_400_000

/**
 * A task's state: answered once answered; else closed with its request, overdue after TASK_OVERDUE_DAYS (when
 * `now` is given: the brand systems' feed knows no overdue).
 */
export function taskState(
  task: { outcome: string | null; createdAt: string },
  requestStatus: RequestStatus,
  now: Date | null,
): TaskState {
  if (task.outcome) return 'answered'
  if (!isActiveStatus(requestStatus)) return 'closed'
  return now && Date.parse(taskAnswerBy(task.createdAt)) < now.getTime() ? 'overdue' : 'waiting'
}

/** When the brand system should have answered. */
export const taskAnswerBy = (createdAt: string) =>
  new Date(Date.parse(createdAt) + TASK_OVERDUE_DAYS * DAY_MS).toISOString()
