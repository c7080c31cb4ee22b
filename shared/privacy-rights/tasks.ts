import type { JSONSchemaType } from 'ajv'
import type { FlowType } from './request'

/**
 * Issue 25: access, erasure and rectification reach every brand system. A verified request of these rights
 * becomes one task per brand system (API client) of its country that takes tasks; each system answers it
 * once, with an outcome of its right, and for access the person's data as files.
 */
export const TASK_RIGHTS = {
  RIGHT_OF_ACCESS: 'access',
  RIGHT_TO_BE_FORGOTTEN: 'erasure',
  RECTIFICATION: 'rectification',
} as const satisfies Partial<Record<FlowType, string>>
export type TaskFlowType = keyof typeof TASK_RIGHTS
export type TaskRight = (typeof TASK_RIGHTS)[TaskFlowType]

export function isTaskFlow(flowType: FlowType): flowType is TaskFlowType {
  return Object.hasOwn(TASK_RIGHTS, flowType)
}

export const TASK_OUTCOMES = ['found', 'not_found', 'erased', 'rectified', 'refused'] as const
export type TaskOutcome = (typeof TASK_OUTCOMES)[number]

/** What a brand system may answer to each right. */
export const OUTCOMES_BY_RIGHT: Readonly<Record<TaskRight, readonly TaskOutcome[]>> = {
  access: ['found', 'not_found', 'refused'],
  erasure: ['erased', 'not_found', 'refused'],
  rectification: ['rectified', 'not_found', 'refused'],
}

/**
 * Why a brand system may refuse (GDPR Art. 17(3) and 12(5)): a legal duty to keep the data (invoices), the
 * requester's identity not established, a manifestly unfounded or excessive request, another reason.
 */
export const TASK_REFUSAL_GROUNDS = ['LEGAL_OBLIGATION', 'IDENTITY', 'UNFOUNDED', 'OTHER'] as const
export type TaskRefusalGround = (typeof TASK_REFUSAL_GROUNDS)[number]

/** A task still unanswered this long after it was given is overdue: in the digest, and mailed to its system. */
export const TASK_OVERDUE_DAYS = 10

/** The files a brand system may upload with an access answer, and how large. */
export const TASK_FILE_TYPES = ['application/json', 'text/csv', 'application/pdf', 'application/zip'] as const
export type TaskFileType = (typeof TASK_FILE_TYPES)[number]
export const MAX_FILE_BYTES = 25 * 1024 * 1024
export const MAX_REQUEST_FILE_BYTES = 100 * 1024 * 1024
export const MAX_TASK_NOTE_LENGTH = 2000

export interface TaskResultBody {
  outcome: TaskOutcome
  note?: string
  refusalGround?: TaskRefusalGround
}

export const taskResultSchema: JSONSchemaType<TaskResultBody> = {
  type: 'object',
  additionalProperties: false,
  required: ['outcome'],
  properties: {
    outcome: { type: 'string', enum: [...TASK_OUTCOMES] },
    note: { type: 'string', maxLength: MAX_TASK_NOTE_LENGTH, nullable: true },
    refusalGround: { type: 'string', enum: [...TASK_REFUSAL_GROUNDS], nullable: true },
  },
}

/** A task's state for the desk and the requester: waiting, answered, overdue (waiting past 10 days), closed. */
export type TaskState = 'waiting' | 'overdue' | 'answered' | 'closed'

/** A file of an access answer, as the desk lists it. */
export interface TaskFileView {
  id: string
  name: string
  contentType: TaskFileType
  size: number
}

/** One brand system's part of a request, as the desk shows it. */
export interface TaskView {
  id: string
  client: string
  /** The brands it answers for, by name. */
  brands: string[]
  state: TaskState
  createdAt: string
  outcome: TaskOutcome | null
  answeredAt: string | null
  refusalGround: TaskRefusalGround | null
  note: string | null
  files: TaskFileView[]
}

/** What the requester's status page shows of each brand's answer: the brands and the outcome, never data. */
export interface TaskOutcomeView {
  id: string
  brands: string[]
  state: TaskState
  outcome: TaskOutcome | null
  answeredAt: string | null
  refusalGround: TaskRefusalGround | null
}

/**
 * A reply text that still holds a bracketed placeholder of a template (`[…]`, `[aanvullen]`, `[à compléter]`)
 * must not reach the requester: the first such placeholder, or null. Footnote numbers (`[1]`) are text.
 */
export function findPlaceholder(text: string): string | null {
  for (const match of text.matchAll(/\[([^[\]\n]{0,60})\]/g)) {
    if (!/^\s*\d+\s*$/.test(match[1] ?? '')) return match[0]
  }
  return null
}
