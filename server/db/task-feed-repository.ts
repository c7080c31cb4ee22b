import type { Kysely, Transaction } from 'kysely'
import type { RequestStatus } from '#shared/privacy-rights/desk.ts'
import type { FlowType, UserInfo } from '#shared/privacy-rights/request.ts'
import type { TaskOutcome, TaskRefusalGround } from '#shared/privacy-rights/tasks.ts'
import type { Country } from '#shared/site.ts'
import type { ApiClient } from './api-client-repository'
import type { Database } from './schema'
import type { TaskRow } from './task-repository'

type Executor = Kysely<Database> | Transaction<Database>

/** Issue 31 (out of task-repository.ts): a brand system's reads of its tasks, each with its request. */

function tasksWithRequests(db: Executor) {
  return db
    .selectFrom('brand_tasks as t')
    .innerJoin('privacy_requests as r', 'r.id', 't.request_id')
    .select([
      't.id',
      't.seq',
      't.request_id',
      't.created_at',
      't.outcome',
      't.refusal_ground',
      't.note',
      't.answered_at',
      'r.reference',
      'r.flow_type',
      'r.status',
      'r.country',
      'r.language',
      'r.due_at',
      'r.email',
      'r.phone_number',
      'r.user_info',
      'r.user_message',
      'r.brand_name',
    ])
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof tasksWithRequests>['executeTakeFirstOrThrow']>>

function toTaskRow(row: JoinedRow): TaskRow {
  return {
    id: row.id,
    seq: Number(row.seq),
    requestId: row.request_id,
    createdAt: row.created_at,
    answeredAt: row.answered_at,
    outcome: row.outcome as TaskOutcome | null,
    refusalGround: row.refusal_ground as TaskRefusalGround | null,
    note: row.note,
    reference: row.reference ?? '',
    flowType: row.flow_type as FlowType,
    requestStatus: row.status as RequestStatus,
    country: row.country as Country,
    language: row.language as 'nl' | 'fr',
    dueAt: row.due_at,
    email: row.email,
    phoneNumber: row.phone_number,
    userInfo: row.user_info ? (JSON.parse(row.user_info) as UserInfo) : null,
    userMessage: row.user_message,
    brandName: row.brand_name,
  }
}

/** The client's tasks after `after` (a feed number), oldest first. */
export async function taskPage(db: Executor, client: ApiClient, after: number, limit: number) {
  const rows = await tasksWithRequests(db)
    .where('t.client_id', '=', client.id)
    .where('t.seq', '>', after)
    .orderBy('t.seq')
    .limit(limit)
    .execute()
  return rows.map(toTaskRow)
}

/** The feed number of one of the client's tasks; null for any other id (unknown and foreign alike). */
export async function taskSequenceOf(db: Executor, client: ApiClient, id: string): Promise<number | null> {
  const row = await db
    .selectFrom('brand_tasks')
    .select('seq')
    .where('id', '=', id)
    .where('client_id', '=', client.id)
    .executeTakeFirst()
  return row ? Number(row.seq) : null
}

/** One of the client's tasks; null when it is another's or none. */
export async function findClientTask(db: Executor, client: ApiClient, id: string): Promise<TaskRow | null> {
  const row = await tasksWithRequests(db)
    .where('t.id', '=', id)
    .where('t.client_id', '=', client.id)
    .executeTakeFirst()
  return row ? toTaskRow(row) : null
}
