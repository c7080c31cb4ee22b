import { describe, expect, it } from 'vitest'
import {
  TASK_TRANSITIONS,
  type TaskAction,
  type TaskFacts,
  taskState,
  taskTransition,
} from '#shared/privacy-rights/task-lifecycle.ts'
import type { TaskState } from '#shared/privacy-rights/tasks.ts'
import { itHoldsExactly, parseName, refusedNames } from './lifecycle-cases'

const STATES: TaskState[] = ['waiting', 'overdue', 'answered', 'closed']
const ACTIONS: TaskAction[] = ['answer', 'upload']

/** Every transition a brand task may take, written out: removing one from the table fails the test naming it. */
const ALLOWED = [
  'waiting --answer--> answered',
  'overdue --answer--> answered',
  'waiting --upload--> waiting',
  'overdue --upload--> overdue',
]

const access: TaskFacts = { right: 'access', outcome: 'found', filesUploaded: true }

describe('the brand task lifecycle', () => {
  it.each(ALLOWED)('allows %s', (name) => {
    const { from, action, to } = parseName(name)
    const decision = taskTransition(from as TaskState, action as TaskAction, access)
    expect(decision.ok && decision.transition.to).toBe(to)
  })

  it.each(refusedNames(STATES, ACTIONS, ALLOWED))('refuses %s', (name) => {
    const { from, action } = parseName(name)
    expect(taskTransition(from as TaskState, action as TaskAction, access)).toEqual({
      ok: false,
      refusedBy: [],
    })
  })

  itHoldsExactly(TASK_TRANSITIONS, ALLOWED)

  it('refuses "found" before the files are uploaded, and files for another right than access', () => {
    expect(taskTransition('waiting', 'answer', { ...access, filesUploaded: false })).toEqual({
      ok: false,
      refusedBy: ['filesBeforeFound'],
    })
    expect(taskTransition('waiting', 'answer', { right: 'access', outcome: 'not_found' }).ok).toBe(true)
    expect(taskTransition('waiting', 'answer', { right: 'erasure', outcome: 'erased' }).ok).toBe(true)
    expect(taskTransition('overdue', 'upload', { right: 'erasure' })).toEqual({
      ok: false,
      refusedBy: ['accessTask'],
    })
  })

  it('derives the state from the answer, the request and the clock', () => {
    const createdAt = '2026-03-01T12:00:00.000Z'
    const day = (n: number) => new Date(Date.parse(createdAt) + n * 86_400_000)
    expect(taskState({ outcome: null, createdAt }, 'open', day(10))).toBe('waiting')
    expect(taskState({ outcome: null, createdAt }, 'extended', day(10.01))).toBe('overdue')
    expect(taskState({ outcome: null, createdAt }, 'open', null)).toBe('waiting')
    expect(taskState({ outcome: null, createdAt }, 'completed', day(1))).toBe('closed')
    expect(taskState({ outcome: 'erased', createdAt }, 'completed', day(1))).toBe('answered')
  })
})
