import type { BrandCatalog } from '#shared/brands.ts'
import { taskAnswerBy, taskState } from '#shared/privacy-rights/task-lifecycle.ts'
import { TASK_RIGHTS, type TaskOutcomeView, type TaskView } from '#shared/privacy-rights/tasks.ts'
import type { Country } from '#shared/site.ts'
import type { ApiClient } from '../db/api-client-repository'
import type { Db } from '../db/database'
import { filesOf, type StoredFile } from '../db/file-repository'
import type { PrivacyRequest } from '../db/privacy-request-repository'
import { type TaskRow, tasksOfRequest } from '../db/task-repository'
import { brandNames } from './request-mails'
import type { TaskEntry, TaskFileEntry } from './task-shapes'

/** Issue 25: a task as its brand system, the desk and the requester see it (issue 31: out of brand-tasks.ts). */

/** Every brand key of the client: its own, or every key of its country. */
export function keysOf(brands: BrandCatalog, country: Country, keys: readonly string[] | null): string[] {
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
    answerBy: taskAnswerBy(row.createdAt),
    status: taskState(row, row.requestStatus, null) as TaskEntry['status'],
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
