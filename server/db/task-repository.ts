import type { Kysely, Transaction } from 'kysely'
import type { RequestStatus } from '#shared/privacy-rights/desk.ts'
import type { FlowType, UserInfo } from '#shared/privacy-rights/request.ts'
import type { TaskOutcome, TaskRefusalGround } from '#shared/privacy-rights/tasks.ts'
import type { Country } from '#shared/site.ts'
import type { Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

/** A brand system's answer to a task. */
export interface TaskAnswer {
  outcome: TaskOutcome
  refusalGround: TaskRefusalGround | null
  note: string | null
}

/** A task with what its brand system may learn of the request (the service trims it to the client's view). */
export interface TaskRow extends Omit<TaskAnswer, 'outcome'> {
  /** Null until the client answers. */
  outcome: TaskOutcome | null
  id: string
  seq: number
  requestId: string
  createdAt: string
  answeredAt: string | null
  reference: string
  flowType: FlowType
  requestStatus: RequestStatus
  country: Country
  language: 'nl' | 'fr'
  dueAt: string | null
  email: string | null
  phoneNumber: string | null
  userInfo: UserInfo | null
  userMessage: string | null
  brandName: string | null
}

/** The live clients of a country that take tasks. */
export async function taskClients(db: Executor, country: Country) {
  return db
    .selectFrom('api_clients')
    .select(['id', 'brands'])
    .where('country', '=', country)
    .where('revoked_at', 'is', null)
    .where('tasks', '=', 1)
    .orderBy('name')
    .execute()
}

/** One task per client for a request, numbered for the feed under the counter's lock (as suppressions are). */
export async function insertTasks(
  db: Executor,
  requestId: string,
  clientIds: readonly string[],
  now: string,
) {
  if (clientIds.length === 0) return []
  const counter = await db
    .updateTable('feed_sequence')
    .set((eb) => ({ value: eb('value', '+', clientIds.length) }))
    .where('name', '=', 'tasks')
    .returning('value')
    .executeTakeFirstOrThrow()
  const first = Number(counter.value) - clientIds.length + 1
  const rows = clientIds.map((clientId, index) => ({
    id: crypto.randomUUID(),
    seq: first + index,
    request_id: requestId,
    client_id: clientId,
    created_at: now,
  }))
  await db.insertInto('brand_tasks').values(rows).execute()
  return rows.map((row) => ({ id: row.id, clientId: row.client_id, seq: row.seq }))
}

/** Writes the answer once: false when the task was answered meanwhile (by this client on another instance). */
export async function answerTask(db: Executor, id: string, answer: TaskAnswer, now: string) {
  const result = await db
    .updateTable('brand_tasks')
    .set({
      outcome: answer.outcome,
      refusal_ground: answer.refusalGround,
      note: answer.note,
      answered_at: now,
    })
    .where('id', '=', id)
    .where('outcome', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** A request's tasks with their clients, in the order they were given (desk, status page, package). */
export async function tasksOfRequest(db: Executor, requestId: string) {
  const rows = await db
    .selectFrom('brand_tasks as t')
    .innerJoin('api_clients as c', 'c.id', 't.client_id')
    .select([
      't.id',
      't.created_at',
      't.outcome',
      't.refusal_ground',
      't.note',
      't.answered_at',
      'c.name as client',
      'c.brands',
      'c.country',
    ])
    .where('t.request_id', '=', requestId)
    .orderBy('t.seq')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    outcome: row.outcome as TaskOutcome | null,
    refusalGround: row.refusal_ground as TaskRefusalGround | null,
    note: row.note,
    answeredAt: row.answered_at,
    client: row.client,
    country: row.country as Country,
    /** Null: every brand of its country. */
    brandKeys: row.brands ? (JSON.parse(row.brands) as string[]) : null,
  }))
}

export type RequestTask = Awaited<ReturnType<typeof tasksOfRequest>>[number]

/**
 * Unanswered tasks of open or extended requests given before `before`: overdue. With `unreminded`, only those
 * whose client has not been mailed about them yet, and whose client has a contact address.
 */
export async function overdueTasks(
  db: Executor,
  options: { before: string; country?: Country; unreminded?: boolean },
) {
  let query = db
    .selectFrom('brand_tasks as t')
    .innerJoin('privacy_requests as r', 'r.id', 't.request_id')
    .innerJoin('api_clients as c', 'c.id', 't.client_id')
    .select(['t.id', 't.created_at', 'r.reference', 'r.flow_type', 'c.id as client_id', 'c.name as client'])
    .select(['c.contact_email', 'r.country'])
    .where('t.outcome', 'is', null)
    .where('t.created_at', '<', options.before)
    .where('r.status', 'in', ['open', 'extended'])
  if (options.country) query = query.where('r.country', '=', options.country)
  if (options.unreminded)
    query = query.where('t.reminded_at', 'is', null).where('c.contact_email', 'is not', null)
  return query.orderBy('t.seq').execute()
}

/** Marks tasks as mailed to their client; answers the ids this caller marked (another instance may race). */
export async function markTasksReminded(db: Executor, ids: readonly string[], now: string) {
  if (ids.length === 0) return []
  const rows = await db
    .updateTable('brand_tasks')
    .set({ reminded_at: now })
    .where('id', 'in', ids)
    .where('reminded_at', 'is', null)
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}
