import type { BrandCatalog } from '#shared/brands.ts'
import {
  type TaskAction,
  type TaskFacts,
  taskState,
  taskTransition,
} from '#shared/privacy-rights/task-lifecycle.ts'
import {
  OUTCOMES_BY_RIGHT,
  TASK_RIGHTS,
  type TaskFileType,
  type TaskResultBody,
} from '#shared/privacy-rights/tasks.ts'
import type { ApiClient } from '../db/api-client-repository'
import type { Db } from '../db/database'
import { insertEvent } from '../db/desk-repository'
import { filesOf } from '../db/file-repository'
import { findClientTask, taskPage, taskSequenceOf } from '../db/task-feed-repository'
import { answerTask, type TaskRow } from '../db/task-repository'
import { NotFound, TaskAnswered, TaskClosed, ValidationFailed } from './errors'
import type { FileStore } from './file-store'
import type { TaskEntry, TaskFileEntry, TaskPage } from './task-shapes'
import { fileEntry, taskEntry } from './task-views'

// Issue 31: brand-tasks.ts was split by use case; these stay importable from here until their callers move.
export { createTasks } from './task-creation'
export { fileEntry, outcomeViews, taskEntry, taskViews } from './task-views'

/**
 * Issue 25 items 1 and 2: the brand systems' side. A client reads its tasks as a feed (the suppression feed's
 * cursor rules), answers each once, and for access uploads the person's data first. Whether a task may be
 * answered or given files is the lifecycle's table (shared/privacy-rights/task-lifecycle.ts) to say.
 */
export interface BrandTaskDeps {
  db: Db
  brands: BrandCatalog
  files: FileStore
  clock: () => Date
}

const rightOf = (task: TaskRow) => TASK_RIGHTS[task.flowType as keyof typeof TASK_RIGHTS]

const entryOf = async (deps: BrandTaskDeps, client: ApiClient, row: TaskRow) =>
  taskEntry(row, client, deps.brands, await filesOf(deps.db.db, { taskId: row.id }))

async function findTask(deps: BrandTaskDeps, client: ApiClient, id: string) {
  const task = await findClientTask(deps.db.db, client, id)
  if (!task) throw new NotFound('Task')
  return task
}

/** The table's answer for this action on the task now; a refusal is the error the API answers. */
function allow(deps: BrandTaskDeps, task: TaskRow, action: TaskAction, facts: TaskFacts) {
  const state = taskState(task, task.requestStatus, deps.clock())
  const decision = taskTransition(state, action, facts)
  if (decision.ok) return decision.transition
  if (state === 'answered') throw new TaskAnswered()
  if (state === 'closed') throw new TaskClosed()
  if (decision.refusedBy.includes('accessTask'))
    throw new ValidationFailed([{ field: 'task', rule: 'files only for access tasks' }])
  throw new ValidationFailed([{ field: 'files', rule: 'upload the files before answering found' }])
}

/** A page of the client's tasks after a cursor (a feed number, or a task id). */
export async function taskFeed(
  deps: BrandTaskDeps,
  client: ApiClient,
  after: string | undefined,
  limit: number,
): Promise<TaskPage> {
  const { db } = deps
  const from =
    after === undefined ? 0 : /^\d+$/.test(after) ? Number(after) : await taskSequenceOf(db.db, client, after)
  if (from === null) throw new ValidationFailed([{ field: 'after', rule: 'unknown' }])
  const rows = await taskPage(db.db, client, from, limit)
  const items = await Promise.all(rows.map((row) => entryOf(deps, client, row)))
  const last = rows.at(-1)
  return { items, next: last && rows.length === limit ? String(last.seq) : null }
}

/** The answer as stored, after the body's own rules: an outcome of the task's right, a ground with refused. */
function answerOf(task: TaskRow, body: TaskResultBody) {
  const outcomes = OUTCOMES_BY_RIGHT[rightOf(task)]
  if (!outcomes.includes(body.outcome))
    throw new ValidationFailed([{ field: 'outcome', rule: `one of ${outcomes.join(', ')}` }])
  const refused = body.outcome === 'refused'
  if (refused && !body.refusalGround)
    throw new ValidationFailed([{ field: 'refusalGround', rule: 'required' }])
  if (!refused && body.refusalGround)
    throw new ValidationFailed([{ field: 'refusalGround', rule: 'only with refused' }])
  return { outcome: body.outcome, refusalGround: body.refusalGround ?? null, note: body.note?.trim() || null }
}

/**
 * The client's answer: final once written. The same answer again answers the task as it stands (a retry
 * after a lost response); another answer is 409 TASK_ANSWERED.
 */
export async function answerBrandTask(
  deps: BrandTaskDeps,
  client: ApiClient,
  id: string,
  body: TaskResultBody,
): Promise<TaskEntry> {
  const { db } = deps
  const task = await findTask(deps, client, id)
  const answer = answerOf(task, body)
  const same = (row: TaskRow) =>
    row.outcome === answer.outcome &&
    row.refusalGround === answer.refusalGround &&
    (row.note ?? null) === answer.note
  if (task.outcome && same(task)) return entryOf(deps, client, task)
  const right = rightOf(task)
  const filesUploaded =
    right === 'access' && answer.outcome === 'found' && (await filesOf(db.db, { taskId: id })).length > 0
  allow(deps, task, 'answer', { right, outcome: answer.outcome, filesUploaded })
  const now = deps.clock().toISOString()
  const written = await db.db.transaction().execute(async (trx) => {
    if (!(await answerTask(trx, id, answer, now))) return false
    await insertEvent(trx, task.requestId, {
      kind: 'task-answered',
      occurredAt: now,
      detail: `${client.name}: ${answer.outcome}`,
    })
    return true
  })
  const current = await findTask(deps, client, id)
  // Another instance wrote this client's answer meanwhile: the same one stands; another is refused.
  if (!written && !same(current)) throw new TaskAnswered()
  return entryOf(deps, client, current)
}

/** An access answer's file, stored whole or not at all, while the task waits for its answer. */
export async function uploadTaskFile(
  deps: BrandTaskDeps,
  client: ApiClient,
  id: string,
  file: {
    name: string
    contentType: TaskFileType
    source: AsyncIterable<Uint8Array>
    declaredDigest?: string
  },
): Promise<TaskFileEntry> {
  const task = await findTask(deps, client, id)
  allow(deps, task, 'upload', { right: rightOf(task) })
  return fileEntry(await deps.files.upload({ ...file, taskId: task.id, requestId: task.requestId }))
}

export function createBrandTaskService(deps: Omit<BrandTaskDeps, 'clock'> & { clock?: () => Date }) {
  const bound: BrandTaskDeps = { ...deps, clock: deps.clock ?? (() => new Date()) }
  return {
    feed: (client: ApiClient, after: string | undefined, limit: number) =>
      taskFeed(bound, client, after, limit),
    answer: (client: ApiClient, id: string, body: TaskResultBody) => answerBrandTask(bound, client, id, body),
    upload: (client: ApiClient, id: string, file: Parameters<typeof uploadTaskFile>[3]) =>
      uploadTaskFile(bound, client, id, file),
  }
}

export type BrandTaskService = ReturnType<typeof createBrandTaskService>
