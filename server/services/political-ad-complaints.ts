import { serverTranslate, teamTranslate } from '#shared/i18n/catalog.server.ts'
import type { Locale } from '#shared/locale.ts'
import type { ComplaintReason, Notice } from '#shared/political-ads.ts'
import { senderErrors } from '#shared/sender-rules.ts'
import type { Country, Site } from '#shared/site.ts'

import { findCampaign } from '../db/campaign-repository'

import {
  findComplaintById,
  insertComplaint,
  insertComplaintEvent,
  type PoliticalAdComplaint,
} from '../db/complaint-repository'
import type { Db } from '../db/database'
import { keyedId, writeOnce } from '../db/idempotency'
import { withFreshReference } from '../db/references'
import { saveWithMails } from '../db/unit-of-work'
import { complaintAcknowledgementMail, complaintTeamMail } from '../mail/templates'
import type { EmailDomainCheck } from './email-domain'
import { IdempotencyKeyReused, UndeliverableEmail, ValidationFailed } from './errors'
import type { RecipientMailLimit } from './recipient-limit'

/** Issue 31 (moved from political-ads.ts): a complaint about a political ad, stored and mailed; when it is due. */

export interface ComplaintBody {
  name: string
  email: string
  explanation: string
  reason: ComplaintReason
  campaignId: string
  locale: Locale
}

export interface ComplaintDeps {
  db: Db
  emailDomainCheck: EmailDomainCheck
  mailLimit: RecipientMailLimit
  /** Where complaints go, and the Reply-To of the complainant's acknowledgement. */
  complaintMailbox: Readonly<Record<Country, string>>
  /** The staff area the team handles a complaint made on a site in (host table), for its link; null: none. */
  deskOrigin?: (site: Site) => string | null
  clock: () => Date
  /** Whether the site's samples may be complained about (not on production). */
  includeSamples: boolean
}

/**
 * Stores and mails the complaint; answers its reference. Issue 30: the same `idempotencyKey` again answers
 * the first complaint's reference and stores nothing.
 */
export async function submitComplaint(
  deps: ComplaintDeps,
  body: ComplaintBody,
  site: Site,
  idempotencyKey?: string,
): Promise<{ reference: string }> {
  const { db } = deps
  const errors = senderErrors(body, 'explanation')
  const campaign = await findCampaign(db.db, body.campaignId, site.country, deps.includeSamples)
  if (!campaign) errors.push({ field: 'campaignId', rule: 'unknown' })
  if (errors.length > 0 || !campaign) throw new ValidationFailed(errors)
  const email = body.email.trim().toLowerCase()
  if (!(await deps.emailDomainCheck(email))) throw new UndeliverableEmail()
  const at = deps.clock()
  const now = at.toISOString()
  const complaint: PoliticalAdComplaint = {
    id: idempotencyKey ? keyedId('complaint', site.country, idempotencyKey) : crypto.randomUUID(),
    reference: '',
    country: site.country,
    locale: body.locale,
    campaignId: campaign.id,
    reason: body.reason,
    name: body.name.trim(),
    email,
    explanation: body.explanation.trim(),
    createdAt: now,
    dueAt: complaintDueAt(at, campaign),
    origin: site.origin,
  }
  const team = teamTranslate(site.country)
  const visitor = serverTranslate(body.locale)
  // Beyond the limit the complaint is stored and handled as usual; only the acknowledgement is not sent.
  const acknowledge = await deps.mailLimit.allows('acknowledgement', email)
  // The team's mail links to the complaint on the desk (issue 27), in the staff area of this site's kind.
  const desk = deps.deskOrigin?.(site) ?? null
  const deskLink = (reference: string) =>
    desk ? `${desk}/nl/internal-privacy-rights/complaints/${reference}` : null
  const store = () =>
    withFreshReference(site.country, at, async (reference) => {
      complaint.reference = reference
      await saveWithMails(db, now, async (trx) => {
        await insertComplaint(trx, complaint)
        await insertComplaintEvent(trx, complaint.id, { kind: 'received', occurredAt: now })
        return [
          {
            kind: 'complaint',
            aboutId: complaint.id,
            to: deps.complaintMailbox[site.country],
            ...complaintTeamMail(team, complaint, campaign, deskLink(complaint.reference)),
          },
          acknowledge && {
            kind: 'complaint-acknowledgement',
            aboutId: complaint.id,
            to: email,
            replyTo: deps.complaintMailbox[site.country],
            ...complaintAcknowledgementMail(visitor, complaint, campaign),
          },
        ]
      })
    })
  const replay = async () => {
    const first = await findComplaintById(db.db, complaint.id)
    if (first?.email !== email) throw new IdempotencyKeyReused()
    return first.reference ?? ''
  }
  return { reference: await writeOnce(idempotencyKey, () => store().then(() => complaint.reference), replay) }
}

/** Complaints are answered within this many days (docs/decisions/004-complaints.md)... */
export const COMPLAINT_DAYS = 14
/** ...and within 48 hours when the vote the ad is linked to is less than a month away. */
const ELECTION_WINDOW_DAYS = 30

/** When a complaint about this notice, received at `at`, should have its answer. */
export function complaintDueAt(
  at: Date,
  campaign: Pick<Notice, 'linkedProcessDate' | 'linkedProcessType'>,
): string {
  const day = 86_400_000
  const vote = campaign.linkedProcessDate ? Date.parse(`${campaign.linkedProcessDate}T23:59:59Z`) : Number.NaN
  const nearVote =
    (campaign.linkedProcessType === 'ELECTION' || campaign.linkedProcessType === 'REFERENDUM') &&
    vote >= at.getTime() &&
    vote - at.getTime() <= ELECTION_WINDOW_DAYS * day
  return new Date(at.getTime() + (nearVote ? 2 * day : COMPLAINT_DAYS * day)).toISOString()
}
