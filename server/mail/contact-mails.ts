import type { ContactSubject } from '#shared/contact.ts'
import { COMPLAINT_OUTCOME_LABELS } from '#shared/desk-labels.ts'
import type { Translate } from '#shared/i18n/translate.ts'
import { COMPLAINT_REASON_LABELS, CONTACT_SUBJECT_LABELS } from '#shared/labels.ts'
import type { ComplaintOutcome, ComplaintReason } from '#shared/political-ads.ts'
import type { Country } from '#shared/site.ts'
import type { ContactMessage as StoredContactMessage } from '../db/contact-repository'

import { compose, paragraphsOf, type RenderedMail, referenced, senderLines } from './layout'

/**
 * Issue 31 (moved from templates.ts): the mails of contact messages and of complaints about a political ad.
 */

type ContactMessage = Pick<
  StoredContactMessage,
  'reference' | 'country' | 'language' | 'subject' | 'name' | 'email' | 'phoneNumber' | 'question'
>

const subjectLabel = (t: Translate, subject: ContactSubject | null) =>
  subject ? t(CONTACT_SUBJECT_LABELS[subject]) : '-'

/** To the country's customer-service mailbox. */
export function customerServiceMail(t: Translate, message: ContactMessage): RenderedMail {
  const lines = [
    `${t('mail.team.reference')}: ${message.reference}`,
    `${t('mail.contact.subject_label')}: ${subjectLabel(t, message.subject)}`,
    ...senderLines(t, message.language, message.country),
    `${t('mail.team.name')}: ${message.name}`,
    `${t('mail.team.email')}: ${message.email}`,
    ...(message.phoneNumber ? [`${t('mail.team.phone')}: ${message.phoneNumber}`] : []),
  ]
  return compose(t, referenced(t('mail.contact.team_subject'), message.reference), [
    lines.join('\n'),
    message.question,
  ])
}

/**
 * To the visitor: received, answer within 5 working days. It names the subject and the reference, never the
 * visitor's own text: whatever a stranger typed must not reach someone else's mailbox from our domain.
 */
export function contactAcknowledgementMail(t: Translate, message: ContactMessage): RenderedMail {
  return compose(t, referenced(t('mail.contact.ack_subject'), message.reference), [
    t('mail.contact.ack_intro'),
    [
      `${t('mail.contact.subject_label')}: ${subjectLabel(t, message.subject)}`,
      `${t('mail.team.reference')}: ${message.reference}`,
    ].join('\n'),
    t('mail.contact.ack_hint'),
  ])
}

/** To the country's privacy mailbox: the complaint with the campaign's id and sponsor. */
export function complaintTeamMail(
  t: Translate,
  complaint: {
    reference: string
    country: Country
    locale: string
    reason: ComplaintReason
    name: string
    email: string
    explanation: string
  },
  campaign: { id: string; sponsorName: string },
  /** The complaint on the desk (issue 27); null: the deployment has no staff area. */
  deskLink: string | null = null,
): RenderedMail {
  const lines = [
    `${t('mail.team.reference')}: ${complaint.reference}`,
    `${t('mail.complaint.campaign')}: ${campaign.id} (${campaign.sponsorName})`,
    `${t('mail.complaint.reason')}: ${t(COMPLAINT_REASON_LABELS[complaint.reason])}`,
    ...senderLines(t, complaint.locale.slice(0, 2), complaint.country),
    `${t('mail.team.name')}: ${complaint.name}`,
    `${t('mail.team.email')}: ${complaint.email}`,
  ]
  return compose(
    t,
    referenced(t('mail.complaint.team_subject', { id: campaign.id }), complaint.reference),
    [lines.join('\n'), complaint.explanation],
    deskLink ? { label: t('mail.team.open_desk'), href: deskLink } : undefined,
  )
}

/** To the visitor: the campaign and the reference, never the visitor's own text. */
export function complaintAcknowledgementMail(
  t: Translate,
  complaint: { reference: string },
  campaign: { id: string; sponsorName: string },
): RenderedMail {
  return compose(t, referenced(t('mail.complaint.ack_subject'), complaint.reference), [
    t('mail.complaint.ack_intro', { sponsor: campaign.sponsorName }),
    `${t('mail.team.reference')}: ${complaint.reference}`,
    t('mail.complaint.ack_hint'),
  ])
}

/** Issue 18: the outcome of a complaint about a political ad, in the complainant's language. */
export function complaintOutcomeMail(
  t: Translate,
  complaint: { reference: string },
  sponsor: string,
  outcome: ComplaintOutcome,
  message: string,
  /** Issue 18: the notice's version that shows the outcome (corrected, or the suspension added), and its link. */
  notice: { version: number; link: string | null } | null = null,
): RenderedMail {
  const shown =
    notice &&
    t(outcome === 'ad_suspended' ? 'mail.complaint.outcome_suspended' : 'mail.complaint.outcome_corrected', {
      version: notice.version,
    })
  return compose(t, referenced(t('mail.complaint.outcome_subject'), complaint.reference), [
    t('mail.complaint.outcome_intro', { sponsor }),
    [
      `${t('mail.team.reference')}: ${complaint.reference}`,
      `${t('mail.complaint.outcome_label')}: ${t(COMPLAINT_OUTCOME_LABELS[outcome])}`,
    ].join('\n'),
    ...paragraphsOf(message),
    ...(shown ? [notice.link ? `${shown} ${notice.link}` : shown] : []),
  ])
}
