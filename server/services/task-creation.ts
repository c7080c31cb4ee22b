import type { Transaction } from 'kysely'
import type { BrandCatalog } from '#shared/brands.ts'
import { isTaskFlow } from '#shared/privacy-rights/tasks.ts'
import { insertEvent } from '../db/desk-repository'
import type { PrivacyRequest } from '../db/privacy-request-repository'
import type { Database } from '../db/schema'
import { insertTasks, type TaskRow, taskClients } from '../db/task-repository'
import { taskEntry } from './task-views'
import { publish } from './webhooks'

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
