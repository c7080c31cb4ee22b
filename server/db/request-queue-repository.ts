import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely'
import {
  ACTIVE_STATUSES,
  type DeskQuery,
  type QueueItem,
  type RequestStatus,
} from '#shared/privacy-rights/desk.ts'
import type { FlowType } from '#shared/privacy-rights/request.ts'
import type { Country } from '#shared/site.ts'
import type { PrivacyRequest } from './privacy-request-repository'
import type { Database } from './schema'

type Executor = Kysely<Database> | Transaction<Database>

const DAY_MS = 86_400_000

/** A queue line as stored; the service adds the days left. */
export type QueueRow = Omit<QueueItem, 'daysLeft'> & {
  verifiedAt: string | null
  closedAt: string | null
  /** When the request was extended, and the ground of its refusal (the CSV export, issue 27). */
  extendedAt: string | null
  refusalGround: string | null
}

const REFERENCE = /^(?:NL|BE)-\d{6}-[A-Z0-9]{5}$/

/** A column of the request's first timeline event of a kind (an extension happens once, a refusal closes). */
function timelineDetail(
  eb: ExpressionBuilder<Database, 'privacy_requests'>,
  kind: 'extended' | 'rejected',
  column: 'occurred_at' | 'detail',
) {
  return eb
    .selectFrom('request_events as e')
    .select(`e.${column}`)
    .whereRef('e.request_id', '=', 'privacy_requests.id')
    .where('e.kind', '=', kind)
    .orderBy('e.occurred_at')
    .limit(1)
}

/** The queue: the filters of DeskQuery within the staff member's countries, soonest due first. */
export async function listRequests(
  db: Executor,
  query: DeskQuery & { countries: readonly Country[]; now: Date },
  page: { limit: number; offset: number },
): Promise<{ rows: QueueRow[]; total: number }> {
  const filtered = filteredRequests(db, query)
  const counted = await filtered
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow()
  const rows = inQueueOrder(queueColumns(filtered)).limit(page.limit).offset(page.offset)
  return { total: Number(counted.total), rows: (await rows.execute()).map(toQueueRow) }
}

/** The requests DeskQuery's filters keep, within the staff member's countries. */
export function filteredRequests(
  db: Executor,
  query: DeskQuery & { countries: readonly Country[]; now: Date },
) {
  const nowIso = query.now.toISOString()
  let filtered = db.selectFrom('privacy_requests').where('country', 'in', [...query.countries])
  if (query.country) filtered = filtered.where('country', '=', query.country)
  if (query.status) filtered = filtered.where('status', '=', query.status)
  if (query.flowType) filtered = filtered.where('flow_type', '=', query.flowType)
  if (query.due) {
    filtered = filtered.where('status', 'in', [...ACTIVE_STATUSES]).where('due_at', 'is not', null)
    filtered =
      query.due === 'overdue'
        ? filtered.where('due_at', '<', nowIso)
        : filtered
            .where('due_at', '>=', nowIso)
            .where('due_at', '<=', new Date(query.now.getTime() + 7 * DAY_MS).toISOString())
  }
  if (query.q) {
    const q = query.q.trim()
    filtered = q.includes('@')
      ? filtered.where('email', '=', q.toLowerCase())
      : filtered.where('reference', '=', REFERENCE.test(q.toUpperCase()) ? q.toUpperCase() : '-')
  }
  return filtered
}

type RequestQuery<O> = SelectQueryBuilder<Database, 'privacy_requests', O>

/** Due first (soonest, overdue at the top), then those without a due date, newest first. */
export function inQueueOrder<O>(query: RequestQuery<O>): RequestQuery<O> {
  return query
    .orderBy(sql`case when due_at is null then 1 else 0 end`)
    .orderBy('due_at')
    .orderBy('created_at', 'desc')
    .orderBy('id')
}

/** What a queue line shows of a request. */
export function queueColumns<O>(query: RequestQuery<O>) {
  return query.select([
    'reference',
    'flow_type',
    'country',
    'language',
    'status',
    'created_at',
    'due_at',
    'verified_at',
    'closed_at',
    (eb) => timelineDetail(eb, 'extended', 'occurred_at').as('extended_at'),
    (eb) => timelineDetail(eb, 'rejected', 'detail').as('refusal_ground'),
  ])
}

type QueueColumns = Awaited<ReturnType<ReturnType<typeof queueColumns>['execute']>>[number]

export function toQueueRow(row: QueueColumns): QueueRow {
  return {
    reference: row.reference ?? '',
    flowType: row.flow_type as FlowType,
    country: row.country as Country,
    language: row.language as 'nl' | 'fr',
    status: row.status as RequestStatus,
    receivedAt: row.created_at,
    dueAt: row.due_at,
    verifiedAt: row.verified_at,
    closedAt: row.closed_at,
    extendedAt: row.extended_at ?? null,
    refusalGround: row.refusal_ground ?? null,
  }
}

/**
 * The same e-mail address's other requests since `since`: repeats and duplicates (GDPR Art. 12(5)). One person
 * may ask on the Dutch and the Belgian site: every country the staff member may see counts.
 */
export async function relatedRequests(
  db: Executor,
  request: PrivacyRequest,
  since: string,
  countries: readonly Country[],
) {
  if (!request.email) return []
  const rows = await db
    .selectFrom('privacy_requests')
    .select(['reference', 'flow_type', 'status', 'country', 'created_at'])
    .where('email', '=', request.email)
    .where('country', 'in', [...countries])
    .where('id', '!=', request.id)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute()
  return rows.map((row) => ({
    reference: row.reference ?? '',
    flowType: row.flow_type as FlowType,
    status: row.status as RequestStatus,
    country: row.country as Country,
    receivedAt: row.created_at,
  }))
}
