import type { Transaction } from 'kysely'
import {
  CLOSE_ACTIONS,
  type ComplaintAction,
  complaintTransition,
  isOpenComplaint,
} from '#shared/complaint-lifecycle.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import type { Locale } from '#shared/locale.ts'
import type { ComplaintOutcome, ComplaintQuery, ComplaintView } from '#shared/political-ads.ts'
import { noticeLanguage, noticeUrl, noticeUrls } from '#shared/political-ads.ts'
import type { StaffAction } from '#shared/privacy-rights/staff.ts'
import type { Country } from '#shared/site.ts'
import { addSuspension, findCampaignAnyState, versionAt } from '../db/campaign-repository'
import {
  complaintEvents,
  findComplaint,
  insertComplaintEvent,
  listComplaints,
  moveComplaint,
  type StoredComplaint,
} from '../db/complaint-repository'
import type { Db } from '../db/database'
import type { Database } from '../db/schema'
import { appendAudit } from '../db/staff-repository'
import { saveWithMails } from '../db/unit-of-work'
import { complaintOutcomeMail } from '../mail/templates'
import type { DeskActor } from './desk'
import { InvalidTransition, NotFound, NoticeNotCorrected } from './errors'

/** What an action writes besides its move: its timeline event, what it does to the notice, its mail. */
interface ComplaintWork {
  event: { kind: string; detail?: string; text?: string }
  /** What the outcome does to the notice, in the same transaction: the timeline event it adds. */
  notice?: (trx: Transaction<Database>) => Promise<{ kind: string; version: number } | null>
  /** The complainant's mail, given the notice's version the outcome names (if any). */
  mail?: (noticeVersion: number | null) => { subject: string; text: string; html: string }
}

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
  /** The country's transparency centre (a host with POLITICAL_ADS), for the notice's link; null: none. */
  noticeOrigin: (country: Country) => string | null
  /** A closing changed a notice, or named its correction: kept pages of the notices are out of date. */
  noticesChanged?: () => void
  clock?: () => Date
}): ComplaintDesk {
  const { db } = deps
  const clock = deps.clock ?? (() => new Date())

  const find = async (actor: DeskActor, typed: string) => {
    // In any case, as the privacy desk's requests (a reference typed from a letter or a phone call).
    const reference = typed.toUpperCase()
    const complaint = /^[A-Z]{2}-\d{6}-[A-Z0-9]{5}$/.test(reference)
      ? await findComplaint(db.db, reference)
      : null
    if (!complaint || !actor.countries.includes(complaint.country)) throw new NotFound('Complaint')
    return complaint
  }

  const view = async (complaint: StoredComplaint, withTimeline = true): Promise<ComplaintView> => {
    const campaign = await findCampaignAnyState(db.db, complaint.campaignId, complaint.country)
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
      timeline: withTimeline ? await complaintEvents(db.db, complaint.id) : [],
    }
  }

  /**
   * Issue 18: an outcome shows on the notice. "Ad suspended" adds a dated suspension naming the complaint (a
   * new version of the notice, in the closing's transaction); "notice corrected" names the version that
   * corrected it (the lifecycle's guard refused one unchanged since the complaint came in).
   */
  const noticeOutcome = async (
    complaint: StoredComplaint,
    outcome: ComplaintOutcome,
    now: string,
    currentVersion: number | null,
  ) => {
    if (outcome === 'ad_suspended')
      return async (trx: Transaction<Database>) => {
        const suspension = { date: now.slice(0, 10), complaint: complaint.reference }
        const version = await addSuspension(trx, complaint.campaignId, complaint.country, suspension, now)
        return version === null ? null : { kind: 'notice-suspended', version }
      }
    // The table's guard saw the newer version (noticeCorrected).
    if (outcome === 'notice_corrected' && currentVersion !== null)
      return async () => ({ kind: 'notice-corrected', version: currentVersion })
    return undefined
  }

  /** The table's answer for this action (issue 31): the row taken, or the refusal's error. */
  const transition = async (complaint: StoredComplaint, action: ComplaintAction) => {
    const noticeCorrected =
      action === 'correct_notice' &&
      ((await currentVersion(complaint)) ?? 0) >
        (await versionAt(db.db, complaint.campaignId, complaint.createdAt))
    const decision = complaintTransition(complaint.status, action, { noticeCorrected })
    if (decision.ok) return decision.transition
    if (decision.refusedBy.includes('noticeCorrected')) throw new NoticeNotCorrected()
    throw new InvalidTransition(`A ${complaint.status} complaint cannot be ${action}`)
  }
  const currentVersion = async (complaint: StoredComplaint) =>
    (await findCampaignAnyState(db.db, complaint.campaignId, complaint.country))?.version ?? null

  const act = async (
    actor: DeskActor,
    reference: string,
    audit: StaffAction,
    action: ComplaintAction | null,
    step: (complaint: StoredComplaint, now: string) => Promise<ComplaintWork>,
  ) => {
    const complaint = await find(actor, reference)
    const now = clock().toISOString()
    const move = action ? await transition(complaint, action) : null
    const work = await step(complaint, now)
    await saveWithMails(db, now, async (trx) => {
      if (move) {
        const closedAt = isOpenComplaint(move.to) ? null : now
        if (!(await moveComplaint(trx, complaint.id, move.to, [move.from], closedAt)))
          throw new InvalidTransition('The complaint changed meanwhile; reload it')
      }
      await insertComplaintEvent(trx, complaint.id, { ...work.event, occurredAt: now, actor })
      const noticeChange = work.notice ? await work.notice(trx) : null
      if (noticeChange)
        await insertComplaintEvent(trx, complaint.id, {
          kind: noticeChange.kind,
          detail: String(noticeChange.version),
          occurredAt: now,
          actor,
        })
      const mail = work.mail ? work.mail(noticeChange?.version ?? null) : null
      await appendAudit(trx, {
        actor,
        action: audit,
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
    // The notice's page shows the outcome at once (an "ad suspended" adds a suspension to it).
    if (work.notice) deps.noticesChanged?.()
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
      return act(actor, reference, 'COMPLAINT_REVIEWED', 'review', async () => ({
        event: { kind: 'under_review' },
      }))
    },
    close(actor, reference, outcome, message) {
      return act(actor, reference, 'COMPLAINT_CLOSED', CLOSE_ACTIONS[outcome], async (complaint, now) => {
        const campaign = await findCampaignAnyState(db.db, complaint.campaignId, complaint.country)
        const t = serverTranslate(complaint.locale as Locale)
        const language = noticeLanguage(complaint.country, complaint.locale.slice(0, 2))
        // Where the complaint was made (a local run links to itself, never to acceptance); before issue 27
        // the country's first transparency centre.
        const origin = complaint.origin ?? deps.noticeOrigin(complaint.country)
        const noticeLink = origin ? noticeUrl(origin, language, complaint.campaignId) : null
        return {
          event: { kind: 'closed', detail: outcome, text: message },
          notice: await noticeOutcome(complaint, outcome, now, campaign?.version ?? null),
          mail: (version) =>
            complaintOutcomeMail(
              t,
              complaint,
              campaign?.sponsorName ?? complaint.campaignId,
              outcome,
              message,
              version === null ? null : { version, link: noticeLink },
            ),
        }
      })
    },
    note(actor, reference, text) {
      return act(actor, reference, 'NOTE_ADDED', null, async () => ({ event: { kind: 'note', text } }))
    },
  }
}
