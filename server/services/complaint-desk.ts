import type { ComplaintOutcome, ComplaintQuery, ComplaintView } from '#shared/political-ads.ts'
import { listComplaints } from '../db/complaint-repository'
import { closeComplaint, noteComplaint, reviewComplaint } from './complaint-actions'
import { type ComplaintDeskDeps, complaintView, findComplaintOf } from './complaint-views'
import type { DeskActor } from './desk'

/**
 * Issue 18, Art. 15: the privacy team handles complaints about political ads on the desk: review, then close
 * with an outcome that is mailed to the complainant in their language; notes stay internal.
 */
export interface ComplaintDesk {
  /** A page of the list (open ones first, soonest due), and how many match in all. */
  list(actor: DeskActor, query: ComplaintQuery): Promise<{ items: ComplaintView[]; total: number }>
  detail(actor: DeskActor, reference: string): Promise<ComplaintView>
  review(actor: DeskActor, reference: string): Promise<ComplaintView>
  close(
    actor: DeskActor,
    reference: string,
    outcome: ComplaintOutcome,
    message: string,
  ): Promise<ComplaintView>
  /** Issue 30: with an Idempotency-Key, the same note sent again is written once. */
  note(actor: DeskActor, reference: string, text: string, key?: string): Promise<ComplaintView>
}

export function createComplaintDesk(
  options: Omit<ComplaintDeskDeps, 'clock'> & { clock?: () => Date },
): ComplaintDesk {
  const deps: ComplaintDeskDeps = { ...options, clock: options.clock ?? (() => new Date()) }
  return {
    async list(actor, query) {
      const { items, total } = await listComplaints(deps.db.db, actor.countries, query.status, query)
      return {
        items: await Promise.all(items.map((complaint) => complaintView(deps, complaint, false))),
        total,
      }
    },
    detail: async (actor, reference) => complaintView(deps, await findComplaintOf(deps, actor, reference)),
    review: (actor, reference) => reviewComplaint(deps, actor, reference),
    close: (actor, reference, outcome, message) => closeComplaint(deps, actor, reference, outcome, message),
    note: (actor, reference, text, key) => noteComplaint(deps, actor, reference, text, key),
  }
}
