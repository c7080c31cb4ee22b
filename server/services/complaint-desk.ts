import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import type { Locale } from '#shared/locale.ts'
import type {
  ComplaintOutcome,
  ComplaintQuery,
  ComplaintStatus,
  ComplaintView,
} from '#shared/political-ads.ts'
import type { StaffAction } from '#shared/privacy-rights/staff.ts'
import type { Country } from '#shared/site.ts'
import { findCampaignAnyState } from '../db/campaign-repository'
import {
  complaintEvents,
  findComplaint,
  insertComplaintEvent,
  listComplaints,
  moveComplaint,
  type StoredComplaint,
} from '../db/complaint-repository'
import type { Db } from '../db/database'
import { appendAudit } from '../db/staff-repository'
import { saveWithMails } from '../db/unit-of-work'
import { complaintOutcomeMail } from '../mail/templates'
import type { DeskActor } from './desk'
import { InvalidTransition, NotFound } from './errors'

const OPEN: readonly ComplaintStatus[] = ['received', 'under_review']

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
  note(actor: DeskActor, reference: string, text: string): Promise<ComplaintView>
}

export function createComplaintDesk(deps: {
  db: Db
  /** Reply-To of the outcome mail: where the complainant's answer goes. */
  mailbox: Readonly<Record<Country, string>>
  clock?: () => Date
}): ComplaintDesk {
  const { db } = deps
  const clock = deps.clock ?? (() => new Date())

  const find = async (actor: DeskActor, reference: string) => {
    const complaint = /^[A-Z]{2}-\d{6}-[A-Z0-9]{5}$/.test(reference)
      ? await findComplaint(db.db, reference)
      : null
    if (!complaint || !actor.countries.includes(complaint.country)) throw new NotFound('Complaint')
    return complaint
  }

  const view = async (complaint: StoredComplaint, withTimeline = true): Promise<ComplaintView> => {
    const campaign = await findCampaignAnyState(db.db, complaint.campaignId, complaint.country)
    return {
      reference: complaint.reference,
      country: complaint.country,
      locale: complaint.locale,
      campaignId: complaint.campaignId,
      sponsorName: campaign?.sponsorName ?? null,
      reason: complaint.reason,
      status: complaint.status,
      receivedAt: complaint.createdAt,
      dueAt: complaint.dueAt,
      closedAt: complaint.closedAt,
      name: complaint.name,
      email: complaint.email,
      explanation: complaint.explanation,
      timeline: withTimeline ? await complaintEvents(db.db, complaint.id) : [],
    }
  }

  const act = async (
    actor: DeskActor,
    reference: string,
    action: StaffAction,
    step: (
      complaint: StoredComplaint,
      now: string,
    ) => {
      to?: ComplaintStatus
      from?: readonly ComplaintStatus[]
      event: { kind: string; detail?: string; text?: string }
      mail?: () => Promise<{ subject: string; text: string; html: string }>
    },
  ) => {
    const complaint = await find(actor, reference)
    const now = clock().toISOString()
    const work = step(complaint, now)
    if (work.to && work.from && !work.from.includes(complaint.status))
      throw new InvalidTransition(`A ${complaint.status} complaint cannot become ${work.to}`)
    const mail = work.mail ? await work.mail() : null
    await saveWithMails(db, now, async (trx) => {
      if (work.to && work.from) {
        const closedAt = OPEN.includes(work.to) ? null : now
        if (!(await moveComplaint(trx, complaint.id, work.to, work.from, closedAt)))
          throw new InvalidTransition('The complaint changed meanwhile; reload it')
      }
      await insertComplaintEvent(trx, complaint.id, { ...work.event, occurredAt: now, actor })
      await appendAudit(trx, {
        actor,
        action,
        country: complaint.country,
        requestId: complaint.id,
        occurredAt: now,
        details: {},
      })
      return mail
        ? [
            {
              kind: 'complaint-outcome',
              aboutId: complaint.id,
              to: complaint.email,
              replyTo: deps.mailbox[complaint.country],
              ...mail,
            },
          ]
        : []
    })
    return view(await find(actor, reference))
  }

  return {
    async list(actor, query) {
      const { items, total } = await listComplaints(db.db, actor.countries, query.status, query)
      return { items: await Promise.all(items.map((complaint) => view(complaint, false))), total }
    },
    async detail(actor, reference) {
      return view(await find(actor, reference))
    },
    review(actor, reference) {
      return act(actor, reference, 'COMPLAINT_REVIEWED', () => ({
        to: 'under_review',
        from: ['received'],
        event: { kind: 'under_review' },
      }))
    },
    close(actor, reference, outcome, message) {
      return act(actor, reference, 'COMPLAINT_CLOSED', (complaint) => ({
        to: outcome,
        from: OPEN,
        event: { kind: 'closed', detail: outcome, text: message },
        mail: async () => {
          const campaign = await findCampaignAnyState(db.db, complaint.campaignId, complaint.country)
          const t = serverTranslate(complaint.locale as Locale)
          return complaintOutcomeMail(
            t,
            complaint,
            campaign?.sponsorName ?? complaint.campaignId,
            outcome,
            message,
          )
        },
      }))
    },
    note(actor, reference, text) {
      return act(actor, reference, 'NOTE_ADDED', () => ({ event: { kind: 'note', text } }))
    },
  }
}
