import type { Transaction } from 'kysely'
import {
  CLOSE_ACTIONS,
  type ComplaintAction,
  complaintTransition,
  isOpenComplaint,
} from '#shared/complaint-lifecycle.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import type { Locale } from '#shared/locale.ts'
import { type ComplaintOutcome, noticeLanguage, noticeUrl } from '#shared/political-ads.ts'
import type { StaffAction } from '#shared/privacy-rights/staff.ts'
import { addSuspension, findCampaignAnyState, versionAt } from '../db/campaign-repository'
import { insertComplaintEvent, moveComplaint, type StoredComplaint } from '../db/complaint-repository'
import type { Database } from '../db/schema'
import { appendAudit } from '../db/staff-repository'
import { saveWithMails } from '../db/unit-of-work'
import { complaintOutcomeMail } from '../mail/templates'
import { type ComplaintDeskDeps, complaintView, findComplaintOf } from './complaint-views'
import type { DeskActor } from './desk'
import { InvalidTransition, NoticeNotCorrected } from './errors'
import { noteOnce } from './note-once'

/*
 * Issue 31 (out of complaint-desk.ts): the desk's actions on a complaint, each a plain function. Whether the
 * complaint may move is the lifecycle's table to say (shared/complaint-lifecycle.ts).
 */

/** What an action writes besides its move: its timeline event, what it does to the notice, its mail. */
interface ComplaintWork {
  event: { id?: string; kind: string; detail?: string; text?: string }
  /** What the outcome does to the notice, in the same transaction: the timeline event it adds. */
  notice?: (trx: Transaction<Database>) => Promise<{ kind: string; version: number } | null>
  /** The complainant's mail, given the notice's version the outcome names (if any). */
  mail?: (noticeVersion: number | null) => { subject: string; text: string; html: string }
}

/**
 * Issue 18: an outcome shows on the notice. "Ad suspended" adds a dated suspension naming the complaint (a
 * new version of the notice, in the closing's transaction); "notice corrected" names the version that
 * corrected it (the lifecycle's guard refused one unchanged since the complaint came in).
 */
async function noticeOutcome(
  complaint: StoredComplaint,
  outcome: ComplaintOutcome,
  now: string,
  currentVersion: number | null,
) {
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
async function transition(deps: ComplaintDeskDeps, complaint: StoredComplaint, action: ComplaintAction) {
  const noticeCorrected =
    action === 'correct_notice' &&
    ((await currentVersion(deps, complaint)) ?? 0) >
      (await versionAt(deps.db.db, complaint.campaignId, complaint.createdAt))
  const decision = complaintTransition(complaint.status, action, { noticeCorrected })
  if (decision.ok) return decision.transition
  if (decision.refusedBy.includes('noticeCorrected')) throw new NoticeNotCorrected()
  throw new InvalidTransition(`A ${complaint.status} complaint cannot be ${action}`)
}
const currentVersion = async (deps: ComplaintDeskDeps, complaint: StoredComplaint) =>
  (await findCampaignAnyState(deps.db.db, complaint.campaignId, complaint.country))?.version ?? null

async function act(
  deps: ComplaintDeskDeps,
  actor: DeskActor,
  reference: string,
  audit: StaffAction,
  action: ComplaintAction | null,
  step: (complaint: StoredComplaint, now: string) => Promise<ComplaintWork>,
) {
  const complaint = await findComplaintOf(deps, actor, reference)
  const now = deps.clock().toISOString()
  const move = action ? await transition(deps, complaint, action) : null
  const work = await step(complaint, now)
  await saveWithMails(deps.db, now, async (trx) => {
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
  return complaintView(deps, await findComplaintOf(deps, actor, reference))
}

/** Marks a received complaint as under review. */
export function reviewComplaint(deps: ComplaintDeskDeps, actor: DeskActor, reference: string) {
  return act(deps, actor, reference, 'COMPLAINT_REVIEWED', 'review', async () => ({
    event: { kind: 'under_review' },
  }))
}

/** Closes the complaint with an outcome, mailed to the complainant in their language. */
export function closeComplaint(
  deps: ComplaintDeskDeps,
  actor: DeskActor,
  reference: string,
  outcome: ComplaintOutcome,
  message: string,
) {
  return act(deps, actor, reference, 'COMPLAINT_CLOSED', CLOSE_ACTIONS[outcome], async (complaint, now) => {
    const campaign = await findCampaignAnyState(deps.db.db, complaint.campaignId, complaint.country)
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
}

/** An internal note: never mailed, on the complaint whatever its status. */
export async function noteComplaint(
  deps: ComplaintDeskDeps,
  actor: DeskActor,
  reference: string,
  text: string,
  key?: string,
) {
  const complaint = await findComplaintOf(deps, actor, reference)
  return noteOnce(
    deps.db,
    'complaint',
    complaint.id,
    text,
    key,
    (id) =>
      act(deps, actor, reference, 'NOTE_ADDED', null, async () => ({
        event: { ...(id ? { id } : {}), kind: 'note', text },
      })),
    async () => complaintView(deps, await findComplaintOf(deps, actor, reference)),
  )
}
