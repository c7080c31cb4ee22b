import type { Transaction } from 'kysely'
import type { BrandCatalog } from '#shared/brands.ts'
import type { RequestStatus } from '#shared/privacy-rights/desk.ts'
import { isActiveStatus } from '#shared/privacy-rights/request-lifecycle.ts'
import {
  isTaskFlow,
  OUTCOMES_BY_RIGHT,
  TASK_OVERDUE_DAYS,
  TASK_RIGHTS,
  type TaskFileType,
  type TaskOutcomeView,
  type TaskResultBody,
  type TaskState,
  type TaskView,
} from '#shared/privacy-rights/tasks.ts'
import type { Country } from '#shared/site.ts'
import type { ApiClient } from '../db/api-client-repository'
import type { Db } from '../db/database'
import { insertEvent } from '../db/desk-repository'
import { filesOf, type StoredFile } from '../db/file-repository'
import type { PrivacyRequest } from '../db/privacy-request-repository'
import type { Database } from '../db/schema'
import {
  answerTask,
  findClientTask,
  insertTasks,
  type RequestTask,
  type TaskRow,
  taskClients,
  taskPage,
  taskSequenceOf,
  tasksOfRequest,
} from '../db/task-repository'
import { NotFound, TaskAnswered, TaskClosed, ValidationFailed } from './errors'
import type { FileStore } from './file-store'
import { brandNames } from './request-mails'
import type { TaskEntry, TaskFileEntry, TaskPage } from './task-shapes'
import { publish } from './webhooks'

const DAY_MS = 86_400_000

const isActive = isActiveStatus
const answerBy = (createdAt: string) =>
  new Date(Date.parse(createdAt) + TASK_OVERDUE_DAYS * DAY_MS).toISOString()

/** Every brand key of the client: its own, or every key of its country. */
function keysOf(brands: BrandCatalog, country: Country, keys: readonly string[] | null): string[] {
  return keys ? [...keys] : brands[country].brands.flatMap((brand) => brand.nroKeys)
}

export function fileEntry(file: StoredFile): TaskFileEntry {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    sha256: file.sha256 ?? '',
    createdAt: file.completedAt ?? file.createdAt,
  }
}

/**
 * A task as its brand system sees it: contact data (who the request is about; for rectification what to
 * correct) only when the client may have it and the request still holds it.
 */
export function taskEntry(
  row: TaskRow,
  client: Pick<ApiClient, 'brands' | 'contactData'>,
  brands: BrandCatalog,
  files: StoredFile[],
): TaskEntry {
  const right = TASK_RIGHTS[row.flowType as keyof typeof TASK_RIGHTS]
  const info = row.userInfo
  const subject = {
    ...(row.email ? { email: row.email } : {}),
    ...(row.phoneNumber ? { phoneNumber: row.phoneNumber } : {}),
    ...(info?.firstName ? { firstName: info.firstName } : {}),
    ...(info?.lastName ? { lastName: info.lastName } : {}),
    ...(info?.address ? { postalAddress: info.address } : {}),
  }
  const correction = {
    ...(row.userMessage ? { message: row.userMessage } : {}),
    ...(row.brandName ? { brandName: row.brandName } : {}),
  }
  return {
    id: row.id,
    reference: row.reference,
    right,
    country: row.country,
    language: row.language,
    brandKeys: keysOf(brands, row.country, client.brands),
    createdAt: row.createdAt,
    answerBy: answerBy(row.createdAt),
    status: row.outcome ? 'answered' : isActive(row.requestStatus) ? 'waiting' : 'closed',
    ...(row.outcome ? { outcome: row.outcome } : {}),
    ...(row.refusalGround ? { refusalGround: row.refusalGround } : {}),
    ...(row.note ? { note: row.note } : {}),
    ...(row.answeredAt ? { answeredAt: row.answeredAt } : {}),
    files: files.map(fileEntry),
    ...(client.contactData && Object.keys(subject).length > 0 ? { subject } : {}),
    ...(client.contactData && right === 'rectification' && Object.keys(correction).length > 0
      ? { correction }
      : {}),
  }
}

/**
 * Issue 25 item 1, in the verification's transaction: one task per live client of the request's country that
 * takes tasks, each announced to that client alone by `task.created`. Other rights make none.
 */
export async function createTasks(
  trx: Transaction<Database>,
  brands: BrandCatalog,
  request: PrivacyRequest,
  now: string,
) {
  if (!isTaskFlow(request.flowType) || !request.reference) return 0
  const clients = await taskClients(trx, request.country)
  const created = await insertTasks(
    trx,
    request.id,
    clients.map((client) => client.id),
    now,
  )
  if (created.length === 0) return 0
  const byClient = new Map(created.map((task) => [task.clientId, task.id]))
  const reference = request.reference
  await publish(
    trx,
    'task.created',
    request.country,
    (client) => {
      const taskId = byClient.get(client.id)
      if (!taskId) return null
      const row: TaskRow = {
        id: taskId,
        seq: 0,
        requestId: request.id,
        createdAt: now,
        answeredAt: null,
        outcome: null,
        refusalGround: null,
        note: null,
        reference,
        flowType: request.flowType,
        requestStatus: 'open',
        country: request.country,
        language: request.language,
        dueAt: request.dueAt,
        email: request.email,
        phoneNumber: request.phoneNumber,
        userInfo: request.userInfo,
        userMessage: request.userMessage,
        brandName: request.brandName,
      }
      return { requestId: request.id, reference, task: taskEntry(row, client, brands, []) }
    },
    now,
  )
  await insertEvent(trx, request.id, {
    kind: 'tasks-created',
    occurredAt: now,
    detail: String(created.length),
  })
  return created.length
}

/** A task's state on the desk and the status page. */
export function taskState(
  task: Pick<RequestTask, 'outcome' | 'createdAt'>,
  status: RequestStatus,
  now: Date,
) {
  if (task.outcome) return 'answered' satisfies TaskState
  if (!isActive(status)) return 'closed' satisfies TaskState
  return Date.parse(task.createdAt) + TASK_OVERDUE_DAYS * DAY_MS < now.getTime() ? 'overdue' : 'waiting'
}

/** The desk's view of a request's tasks: per brand system, its brands, state, answer and files. */
export async function taskViews(
  db: Db,
  brands: BrandCatalog,
  request: Pick<PrivacyRequest, 'id' | 'country' | 'status'>,
  now: Date,
): Promise<TaskView[]> {
  const [tasks, files] = await Promise.all([
    tasksOfRequest(db.db, request.id),
    filesOf(db.db, { requestId: request.id }),
  ])
  return tasks.map((task) => ({
    id: task.id,
    client: task.client,
    brands: brandNames(brands, task.country, keysOf(brands, task.country, task.brandKeys)),
    state: taskState(task, request.status, now),
    createdAt: task.createdAt,
    outcome: task.outcome,
    answeredAt: task.answeredAt,
    refusalGround: task.refusalGround,
    note: task.note,
    files: files
      .filter((file) => file.taskId === task.id)
      .map((file) => ({ id: file.id, name: file.name, contentType: file.contentType, size: file.size })),
  }))
}

/** What the requester sees of each brand's answer: brands, state and outcome, never a note or data. */
export function outcomeViews(views: readonly TaskView[]): TaskOutcomeView[] {
  return views.map(({ id, brands, state, outcome, answeredAt, refusalGround }) => ({
    id,
    brands,
    state,
    outcome,
    answeredAt,
    refusalGround,
  }))
}

/**
 * Issue 25 items 1 and 2: the brand systems' side. A client reads its tasks as a feed (the suppression feed's
 * cursor rules), answers each once, and for access uploads the person's data first.
 */
export function createBrandTaskService(deps: {
  db: Db
  brands: BrandCatalog
  files: FileStore
  clock?: () => Date
}) {
  const { db, brands, files } = deps
  const clock = deps.clock ?? (() => new Date())

  const entryOf = async (client: ApiClient, row: TaskRow) =>
    taskEntry(row, client, brands, await filesOf(db.db, { taskId: row.id }))

  const findTask = async (client: ApiClient, id: string) => {
    const task = await findClientTask(db.db, client, id)
    if (!task) throw new NotFound('Task')
    return task
  }

  return {
    async feed(client: ApiClient, after: string | undefined, limit: number): Promise<TaskPage> {
      const from =
        after === undefined
          ? 0
          : /^\d+$/.test(after)
            ? Number(after)
            : await taskSequenceOf(db.db, client, after)
      if (from === null) throw new ValidationFailed([{ field: 'after', rule: 'unknown' }])
      const rows = await taskPage(db.db, client, from, limit)
      const items = await Promise.all(rows.map((row) => entryOf(client, row)))
      const last = rows.at(-1)
      return { items, next: last && rows.length === limit ? String(last.seq) : null }
    },

    /**
     * The client's answer: final once written. The same answer again answers the task as it stands (a retry
     * after a lost response); another answer is 409 TASK_ANSWERED.
     */
    async answer(client: ApiClient, id: string, body: TaskResultBody): Promise<TaskEntry> {
      const task = await findTask(client, id)
      const right = TASK_RIGHTS[task.flowType as keyof typeof TASK_RIGHTS]
      if (!OUTCOMES_BY_RIGHT[right].includes(body.outcome))
        throw new ValidationFailed([
          { field: 'outcome', rule: `one of ${OUTCOMES_BY_RIGHT[right].join(', ')}` },
        ])
      const refused = body.outcome === 'refused'
      if (refused && !body.refusalGround)
        throw new ValidationFailed([{ field: 'refusalGround', rule: 'required' }])
      if (!refused && body.refusalGround)
        throw new ValidationFailed([{ field: 'refusalGround', rule: 'only with refused' }])
      const answer = {
        outcome: body.outcome,
        refusalGround: body.refusalGround ?? null,
        note: body.note?.trim() || null,
      }
      const same = (row: TaskRow) =>
        row.outcome === answer.outcome &&
        row.refusalGround === answer.refusalGround &&
        (row.note ?? null) === answer.note
      if (task.outcome) {
        if (same(task)) return entryOf(client, task)
        throw new TaskAnswered()
      }
      if (!isActive(task.requestStatus)) throw new TaskClosed()
      if (right === 'access' && body.outcome === 'found') {
        if ((await filesOf(db.db, { taskId: id })).length === 0)
          throw new ValidationFailed([{ field: 'files', rule: 'upload the files before answering found' }])
      }
      const now = clock().toISOString()
      const written = await db.db.transaction().execute(async (trx) => {
        if (!(await answerTask(trx, id, answer, now))) return false
        await insertEvent(trx, task.requestId, {
          kind: 'task-answered',
          occurredAt: now,
          detail: `${client.name}: ${answer.outcome}`,
        })
        return true
      })
      const current = await findTask(client, id)
      // Another instance wrote this client's answer meanwhile: the same one stands; another is refused.
      if (!written && !same(current)) throw new TaskAnswered()
      return entryOf(client, current)
    },

    /** An access answer's file, stored whole or not at all, while the task waits for its answer. */
    async upload(
      client: ApiClient,
      id: string,
      file: {
        name: string
        contentType: TaskFileType
        source: AsyncIterable<Uint8Array>
        declaredDigest?: string
      },
    ): Promise<TaskFileEntry> {
      const task = await findTask(client, id)
      if (TASK_RIGHTS[task.flowType as keyof typeof TASK_RIGHTS] !== 'access')
        throw new ValidationFailed([{ field: 'task', rule: 'files only for access tasks' }])
      if (task.outcome) throw new TaskAnswered()
      if (!isActive(task.requestStatus)) throw new TaskClosed()
      return fileEntry(await files.upload({ ...file, taskId: task.id, requestId: task.requestId }))
    },
  }
}

export type BrandTaskService = ReturnType<typeof createBrandTaskService>
