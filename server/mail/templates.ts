import { escapeHtml } from '../../shared/html'
import type { Translate } from '../../shared/i18n/translate'
import type { CommunicationType, FlowType } from '../../shared/privacy-rights/request'
import type { PrivacyRequest } from '../db/privacy-request-repository'

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

export const FLOW_LABELS: Record<FlowType, string> = {
  RIGHT_OF_ACCESS: 'mail.flows.RIGHT_OF_ACCESS',
  RIGHT_TO_BE_FORGOTTEN: 'mail.flows.RIGHT_TO_BE_FORGOTTEN',
  OBJECTION: 'mail.flows.OBJECTION',
  RECTIFICATION: 'mail.flows.RECTIFICATION',
  REMOVAL_FROM_PUBLICATION: 'mail.flows.REMOVAL_FROM_PUBLICATION',
}

export const CHANNEL_LABELS: Record<CommunicationType, string> = {
  PHONE: 'mail.channels.PHONE',
  EMAIL: 'mail.channels.EMAIL',
  POSTAL: 'mail.channels.POSTAL',
  NOTIFICATIONS: 'mail.channels.NOTIFICATIONS',
}

/** A mail of paragraphs, in plain text and HTML, with at most one button. */
function compose(
  t: Translate,
  subject: string,
  paragraphs: string[],
  button?: { label: string; href: string },
): RenderedMail {
  const closing = [t('mail.closing'), t('mail.signature')]
  const text = [
    t('mail.greeting'),
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(button ? [`${button.label}: ${button.href}`, ''] : []),
    ...closing,
  ].join('\n')
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b2430;line-height:1.5;max-width:36em">
<p>${escapeHtml(t('mail.greeting'))}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
${button ? `<p><a href="${escapeHtml(button.href)}" style="display:inline-block;background:#16324f;color:#fff;padding:10px 20px;border-radius:20px;text-decoration:none">${escapeHtml(button.label)}</a></p><p style="font-size:13px;color:#4a5563">${escapeHtml(button.href)}</p>` : ''}
<p>${escapeHtml(closing[0] ?? '')}<br>${escapeHtml(closing[1] ?? '')}</p>
</body></html>`
  return { subject, text, html }
}

/** Every mail about an item carries its reference in the subject, as ticket systems expect: `… [NL-261124-K7Q2M]`. */
function referenced(subject: string, reference: string | null): string {
  return reference ? `${subject} [${reference}]` : subject
}

function summary(t: Translate, request: PrivacyRequest): string {
  const lines = [
    ...(request.reference ? [`${t('mail.team.reference')}: ${request.reference}`] : []),
    `${t('mail.summary.request')}: ${t(FLOW_LABELS[request.flowType])}`,
  ]
  if (request.brands.length > 0) lines.push(`${t('mail.summary.brands')}: ${request.brands.join(', ')}`)
  const channels = request.communicationTypes.filter((c) => c !== 'NOTIFICATIONS')
  if (channels.length > 0)
    lines.push(`${t('mail.summary.channels')}: ${channels.map((c) => t(CHANNEL_LABELS[c])).join(', ')}`)
  return lines.join('\n')
}

export function verificationMail(
  t: Translate,
  request: PrivacyRequest,
  link: string,
  ttlHours: number,
): RenderedMail {
  return compose(
    t,
    referenced(t('mail.verification.subject'), request.reference),
    [
      t('mail.verification.intro'),
      summary(t, request),
      t('mail.verification.expiry', { hours: ttlHours }),
      t('mail.verification.not_you'),
    ],
    { label: t('mail.verification.button'), href: link },
  )
}

/** The objection is recorded: after the customer's confirmation, or at once when staff took it down. */
export function objectionProcessedMail(
  t: Translate,
  request: PrivacyRequest,
  via: 'confirmation' | 'staff' = 'confirmation',
): RenderedMail {
  return compose(t, referenced(t('mail.objection.subject'), request.reference), [
    t(via === 'staff' ? 'mail.objection.intro_staff' : 'mail.objection.intro'),
    summary(t, request),
    t('mail.objection.thirty_days'),
  ])
}

export function receiptMail(t: Translate, request: PrivacyRequest, dueText: string): RenderedMail {
  const paragraphs = [
    t('mail.receipt.intro'),
    summary(t, request),
    t('mail.receipt.deadline', { date: dueText }),
  ]
  if (request.flowType === 'RIGHT_TO_BE_FORGOTTEN') {
    paragraphs.push(t('mail.receipt.retention'))
    if (request.country === 'NL') paragraphs.push(t('mail.receipt.third_parties_nl'))
  }
  return compose(t, referenced(t('mail.receipt.subject'), request.reference), paragraphs)
}

/** To the country's privacy mailbox: everything the team needs to handle the request. */
export function privacyTeamMail(t: Translate, request: PrivacyRequest, dueText: string): RenderedMail {
  const info = request.userInfo
  const address = info?.address
  const fields: [string, string | null | undefined][] = [
    [t('mail.team.reference'), request.reference ?? request.id],
    [t('mail.summary.request'), t(FLOW_LABELS[request.flowType])],
    [t('mail.team.deadline'), dueText],
    [t('mail.team.email'), request.email],
    [t('mail.team.phone'), request.phoneNumber],
    [t('mail.team.name'), [info?.firstName, info?.lastName].filter(Boolean).join(' ') || null],
    [
      t('mail.team.address'),
      address
        ? [
            [address.street, address.houseNumber, address.houseNumberExtension].filter(Boolean).join(' '),
            [address.postalCode, address.city].filter(Boolean).join(' '),
            address.country,
          ]
            .filter(Boolean)
            .join(', ')
        : null,
    ],
    [t('mail.team.brand'), request.brandName],
    [t('mail.team.article'), request.article],
    [t('mail.team.publication_link'), request.publicationLink],
    [t('mail.team.publication_date'), request.publicationDate],
    [t('mail.team.message'), request.userMessage],
    [t('mail.team.touchpoint'), request.touchpoint],
  ]
  const lines = fields.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`)
  const subject = t('mail.team.subject', { flow: t(FLOW_LABELS[request.flowType]) })
  return compose(t, referenced(subject, request.reference), [t('mail.team.intro'), lines.join('\n')])
}

interface ContactMessage {
  reference: string
  subject: string | null
  name: string
  email: string
  phone_number: string | null
  question: string
}

const SUBJECT_LABELS: Record<string, string> = {
  subscription: 'contact.subjects.subscription',
  delivery: 'contact.subjects.delivery',
  account: 'contact.subjects.account',
  privacy: 'contact.subjects.privacy',
  advertising: 'contact.subjects.advertising',
  other: 'contact.subjects.other',
}

const subjectLabel = (t: Translate, subject: string | null) =>
  subject ? t(SUBJECT_LABELS[subject] ?? 'contact.subjects.other') : '-'

/** To the country's customer-service mailbox. */
export function customerServiceMail(t: Translate, message: ContactMessage): RenderedMail {
  const lines = [
    `${t('mail.team.reference')}: ${message.reference}`,
    `${t('mail.contact.subject_label')}: ${subjectLabel(t, message.subject)}`,
    `${t('mail.team.name')}: ${message.name}`,
    `${t('mail.team.email')}: ${message.email}`,
    ...(message.phone_number ? [`${t('mail.team.phone')}: ${message.phone_number}`] : []),
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

const REASON_LABELS: Record<string, string> = {
  MISLEADING: 'political_ads.reasons.MISLEADING',
  INCORRECT: 'political_ads.reasons.INCORRECT',
  DISCRIMINATORY: 'political_ads.reasons.DISCRIMINATORY',
  ALCOHOL_DRUGS_SEX: 'political_ads.reasons.ALCOHOL_DRUGS_SEX',
}

/** To the country's privacy mailbox: the complaint with the campaign's id and sponsor. */
export function complaintTeamMail(
  t: Translate,
  complaint: { reference: string; reason: string; name: string; email: string; explanation: string },
  campaign: { id: string; sponsorName: string },
): RenderedMail {
  const lines = [
    `${t('mail.team.reference')}: ${complaint.reference}`,
    `${t('mail.complaint.campaign')}: ${campaign.id} (${campaign.sponsorName})`,
    `${t('mail.complaint.reason')}: ${t(REASON_LABELS[complaint.reason] ?? 'political_ads.reasons.MISLEADING')}`,
    `${t('mail.team.name')}: ${complaint.name}`,
    `${t('mail.team.email')}: ${complaint.email}`,
  ]
  return compose(t, referenced(t('mail.complaint.team_subject', { id: campaign.id }), complaint.reference), [
    lines.join('\n'),
    complaint.explanation,
  ])
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
