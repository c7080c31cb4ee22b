import type { Kysely } from 'kysely'
import type { RejectionReason } from '#shared/privacy-rights/desk.ts'
import type { FlowType } from '#shared/privacy-rights/request.ts'
import type { Country } from '#shared/site.ts'
import type { Database } from './schema'

/**
 * Issue 29: what the figures are computed from, and nothing more: of each request its right, status and
 * dates; of its timeline the extensions and the ground of a refusal. No address, name or text is read, so the
 * figures stay the same once a closed request is anonymised (issue 25) and need nothing personal.
 */
export interface RequestFact {
  country: Country
  flowType: FlowType
  status: string
  receivedAt: string
  verifiedAt: string | null
  executedAt: string | null
  dueAt: string | null
  closedAt: string | null
  /** The ground of a refusal, from its timeline. */
  ground: RejectionReason | null
  /** When its deadline was extended, from its timeline. */
  extendedAt: string | null
}

export async function requestFacts(
  db: Kysely<Database>,
  countries: readonly Country[],
): Promise<RequestFact[]> {
  if (countries.length === 0) return []
  const rows = await db
    .selectFrom('privacy_requests as r')
    .select([
      'r.flow_type',
      'r.status',
      'r.created_at',
      'r.verified_at',
      'r.executed_at',
      'r.due_at',
      'r.closed_at',
      'r.country',
      (eb) =>
        eb
          .selectFrom('request_events as e')
          .select('e.detail')
          .whereRef('e.request_id', '=', 'r.id')
          .where('e.kind', '=', 'rejected')
          .limit(1)
          .as('ground'),
      (eb) =>
        eb
          .selectFrom('request_events as e')
          .select('e.occurred_at')
          .whereRef('e.request_id', '=', 'r.id')
          .where('e.kind', '=', 'extended')
          .limit(1)
          .as('extended_at'),
    ])
    .where('r.country', 'in', [...countries])
    .execute()
  return rows.map((row) => ({
    country: row.country as Country,
    flowType: row.flow_type as FlowType,
    status: row.status,
    receivedAt: row.created_at,
    verifiedAt: row.verified_at,
    executedAt: row.executed_at,
    dueAt: row.due_at,
    closedAt: row.closed_at,
    ground: (row.ground as RejectionReason | null) ?? null,
    extendedAt: row.extended_at ?? null,
  }))
}

/** The unconfirmed requests the retention job deleted, per right and hour received (UTC). */
export async function requestTallies(
  db: Kysely<Database>,
  countries: readonly Country[],
): Promise<{ country: Country; flowType: FlowType; receivedHour: string; received: number }[]> {
  if (countries.length === 0) return []
  const rows = await db
    .selectFrom('request_tallies')
    .selectAll()
    .where('country', 'in', [...countries])
    .execute()
  return rows.map((row) => ({
    country: row.country as Country,
    flowType: row.flow_type as FlowType,
    receivedHour: row.received_hour,
    received: Number(row.received),
  }))
}
