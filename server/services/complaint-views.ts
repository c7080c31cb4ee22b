import type { ComplaintView } from '#shared/political-ads.ts'
import { noticeUrls } from '#shared/political-ads.ts'
import type { Country } from '#shared/site.ts'
import { findCampaignAnyState } from '../db/campaign-repository'
import { complaintEvents, findComplaint, type StoredComplaint } from '../db/complaint-repository'
import type { Db } from '../db/database'
import type { DeskActor } from './desk'
import { NotFound } from './errors'

/** What the desk's functions work with (issue 31: a plain function per action, in complaint-actions.ts). */
export interface ComplaintDeskDeps {
  db: Db
  /** Reply-To of the outcome mail: where the complainant's answer goes. */
  mailbox: Readonly<Record<Country, string>>
  /** The country's transparency centre (a host with POLITICAL_ADS), for the notice's link; null: none. */
  noticeOrigin: (country: Country) => string | null
  /** A closing changed a notice, or named its correction: kept pages of the notices are out of date. */
  noticesChanged?: () => void
  clock: () => Date
}

/** A complaint by its reference, in any case (as the privacy desk's requests), in one of the actor's countries. */
export async function findComplaintOf(deps: ComplaintDeskDeps, actor: DeskActor, typed: string) {
  const reference = typed.toUpperCase()
  const complaint = /^[A-Z]{2}-\d{6}-[A-Z0-9]{5}$/.test(reference)
    ? await findComplaint(deps.db.db, reference)
    : null
  if (!complaint || !actor.countries.includes(complaint.country)) throw new NotFound('Complaint')
  return complaint
}

/** A complaint as the desk shows it. */
export async function complaintView(
  deps: ComplaintDeskDeps,
  complaint: StoredComplaint,
  withTimeline = true,
): Promise<ComplaintView> {
  const campaign = await findCampaignAnyState(deps.db.db, complaint.campaignId, complaint.country)
  const origin = deps.noticeOrigin(complaint.country)
  return {
    reference: complaint.reference,
    country: complaint.country,
    locale: complaint.locale,
    campaignId: complaint.campaignId,
    sponsorName: campaign?.sponsorName ?? null,
    noticeUrls: origin ? noticeUrls(origin, complaint.country, complaint.campaignId).urls : {},
    reason: complaint.reason,
    status: complaint.status,
    receivedAt: complaint.createdAt,
    dueAt: complaint.dueAt,
    closedAt: complaint.closedAt,
    name: complaint.name,
    email: complaint.email,
    explanation: complaint.explanation,
    timeline: withTimeline ? await complaintEvents(deps.db.db, complaint.id) : [],
  }
}
