import type { Kysely, Transaction } from 'kysely'
import type { EventKind } from '#shared/privacy-rights/desk.ts'
import type { Database } from './schema'
import { appendEvent, eventsOf as timelineOf } from './timeline-repository'

type Executor = Kysely<Database> | Transaction<Database>

export interface RequestEvent {
  /** Issue 30: a keyed note's id (timeline-repository.ts `keyedNoteId`). */
  id?: string
  kind: EventKind
  occurredAt: string
  actor?: { email: string; name: string | null } | null
  detail?: string | null
  text?: string | null
}

export function insertEvent(db: Executor, requestId: string, event: RequestEvent): Promise<void> {
  return appendEvent(db, 'request', requestId, event)
}

export async function eventsOf(db: Executor, requestId: string) {
  return (await timelineOf(db, 'request', requestId)).map((event) => ({
    ...event,
    kind: event.kind as EventKind,
  }))
}

/** Claims a daily job's period: true for the one instance that may run it. */
export async function claimJobRun(db: Executor, job: string, period: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('job_runs')
    .values({ job, period, ran_at: now })
    .onConflict((oc) => oc.columns(['job', 'period']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}
