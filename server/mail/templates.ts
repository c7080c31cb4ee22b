import { formatAddress } from '#shared/address.ts'
import type { ContactSubject } from '#shared/contact.ts'
import {
  COMPLAINT_OUTCOME_LABELS,
  COUNTRY_LABELS,
  REJECTION_REASON_LABELS,
  SENDER_LANGUAGE_LABELS,
} from '#shared/desk-labels.ts'
import { escapeHtml } from '#shared/html.ts'
import type { Translate } from '#shared/i18n/translate.ts'
import {
  CHANNEL_DATA_MAIL_LABELS,
  CHANNEL_LABELS,
  COMPLAINT_REASON_LABELS,
  CONTACT_SUBJECT_LABELS,
  FLOW_LABELS,
} from '#shared/labels.ts'
import { htmlLang, isLanguage, parseLocale } from '#shared/locale.ts'
import type { ComplaintOutcome, ComplaintReason } from '#shared/political-ads.ts'
import { channelData } from '#shared/privacy-rights/channel-data.ts'
import type { RejectionReason } from '#shared/privacy-rights/desk.ts'
import type { FlowType } from '#shared/privacy-rights/request.ts'
import type { Country } from '#shared/site.ts'
import type { ContactMessage as StoredContactMessage } from '../db/contact-repository'
import type { PrivacyRequest } from '../db/privacy-request-repository'

/** A request as mails show it: its brands by name (the brands' nro keys are for systems, not people). */
export type NamedRequest = PrivacyRequest & { brandNames: readonly string[] }

export interface RenderedMail {
  subject: string
  text: string
  html: string
  /** The country whose sender it goes out from (MAIL_FROM_NL, MAIL_FROM_BE): the country of its language. */
  senderCountry?: Country
}

/**
 * A mail of paragraphs, in plain text and HTML, with at most one button. Every mail is written by this one
 * function (issue 27), so every mail has what the translator's locale says: `lang` on its HTML part
 * (`nl-BE`, `fr-BE`, `nl-NL`) and the sender of its country.
 */
function compose(
  t: Translate,
  subject: string,
  paragraphs: string[],
  button?: { label: string; href: string },
): RenderedMail {
  const locale = t.locale ? parseLocale(t.locale) : null
  const closing = [t('mail.closing'), t('mail.signature')]
  const text = [
    t('mail.greeting'),
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(button ? [`${button.label}: ${button.href}`, ''] : []),
    ...closing,
  ].join('\n')
  const lang = locale ? htmlLang(locale.lang, locale.country) : 'nl'
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:Arial,sans-serif;color:#1b2430;line-height:1.5;max-width:36em">
<p>${escapeHtml(t('mail.greeting'))}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
${button ? `<p><a href="${escapeHtml(button.href)}" style="display:inline-block;background:#16324f;color:#fff;padding:10px 20px;border-radius:20px;text-decoration:none">${escapeHtml(button.label)}</a></p><p style="font-size:13px;color:#4a5563">${escapeHtml(button.href)}</p>` : ''}
<p>${escapeHtml(closing[0] ?? '')}<br>${escapeHtml(closing[1] ?? '')}</p>
</body></html>`
  return { subject, text, html, ...(locale ? { senderCountry: locale.country } : {}) }
}

/** Every mail about an item carries its reference in the subject, as ticket systems expect: `… [NL-261124-K7Q2M]`. */
function referenced(subject: string, reference: string | null): string {
  return reference ? `${subject} [${reference}]` : subject
}

/** The contact data an objection will stop (issue 27), so the requester sees it before confirming. */
function contactLines(t: Translate, request: NamedRequest): string[] {
  return channelData(request).map(([channel, value]) => `${t(CHANNEL_DATA_MAIL_LABELS[channel])}: ${value}`)
}

function summary(t: Translate, request: NamedRequest, withContactData = false): string {
  const lines = [
    ...(request.reference ? [`${t('mail.team.reference')}: ${request.reference}`] : []),
    `${t('mail.summary.request')}: ${t(FLOW_LABELS[request.flowType])}`,
  ]
  if (request.brandNames.length > 0)
    lines.push(`${t('mail.summary.brands')}: ${request.brandNames.join(', ')}`)
  const channels = request.communicationTypes.filter((c) => c !== 'NOTIFICATIONS')
  if (channels.length > 0)
    lines.push(`${t('mail.summary.channels')}: ${channels.map((c) => t(CHANNEL_LABELS[c])).join(', ')}`)
  if (withContactData) lines.push(...contactLines(t, request))
  return lines.join('\n')
}

export function verificationMail(
  t: Translate,
  request: NamedRequest,
  link: string,
  ttlHours: number,
): RenderedMail {
  return compose(
    t,
    referenced(t('mail.verification.subject'), request.reference),
    [
      t('mail.verification.intro'),
      summary(t, request, true),
      t('mail.verification.expiry', { hours: ttlHours }),
      t('mail.verification.not_you'),
    ],
    { label: t('mail.verification.button'), href: link },
  )
}

/** The objection is recorded: after the customer's confirmation, or at once when staff took it down. */
export function objectionProcessedMail(
  t: Translate,
  request: NamedRequest,
  via: 'confirmation' | 'staff' | 'preferences' = 'confirmation',
): RenderedMail {
  const intro = {
    confirmation: 'mail.objection.intro',
    staff: 'mail.objection.intro_staff',
    preferences: 'mail.objection.intro_preferences',
  } as const
  return compose(t, referenced(t('mail.objection.subject'), request.reference), [
    t(intro[via]),
    summary(t, request),
    t('mail.objection.thirty_days'),
  ])
}

export function receiptMail(
  t: Translate,
  request: NamedRequest,
  dueText: string,
  statusLink: string,
): RenderedMail {
  const paragraphs = [
    t('mail.receipt.intro'),
    summary(t, request),
    t('mail.receipt.deadline', { date: dueText }),
  ]
  if (request.flowType === 'RIGHT_TO_BE_FORGOTTEN') {
    paragraphs.push(t('mail.receipt.retention'))
    if (request.country === 'NL') paragraphs.push(t('mail.receipt.third_parties_nl'))
  }
  paragraphs.push(t('mail.receipt.status_intro'))
  return compose(t, referenced(t('mail.receipt.subject'), request.reference), paragraphs, {
    label: t('mail.receipt.status_button'),
    href: statusLink,
  })
}

/** One reminder, 24 hours after an unconfirmed request, with a fresh link that ends when the first does. */
export function reminderMail(t: Translate, request: NamedRequest, link: string, until: string): RenderedMail {
  return compose(
    t,
    referenced(t('mail.desk.reminder_subject'), request.reference),
    [
      t('mail.desk.reminder_intro'),
      summary(t, request, true),
      t('mail.desk.reminder_until', { date: until }),
    ],
    { label: t('mail.verification.button'), href: link },
  )
}

/** The link expired unconfirmed: nothing was done, and this is how to start again. */
export function expiredMail(t: Translate, request: NamedRequest, startAgain: string): RenderedMail {
  return compose(
    t,
    referenced(t('mail.desk.expired_subject'), request.reference),
    [t('mail.desk.expired_intro'), summary(t, request), t('mail.desk.expired_again')],
    { label: t('mail.desk.expired_button'), href: startAgain },
  )
}

/** GDPR Art. 12(3): two more months, with the reasons, told within the first month. */
export function extensionMail(t: Translate, request: NamedRequest, reason: string, dueText: string) {
  return compose(t, referenced(t('mail.desk.extended_subject'), request.reference), [
    summary(t, request),
    t('mail.desk.extended_intro', { date: dueText }),
    reason,
    t('mail.desk.extended_rule'),
  ])
}

/**
 * The team's answer, as they wrote it, and (issue 25) the request's page: per brand what was done and, for an
 * access request, the package of the person's data until `until`, behind a code mailed when asked.
 */
export function replyMail(
  t: Translate,
  request: NamedRequest,
  message: string,
  page: { link: string; until: string | null },
): RenderedMail {
  return compose(
    t,
    referenced(t('mail.desk.completed_subject'), request.reference),
    [
      summary(t, request),
      ...paragraphsOf(message),
      page.until ? t('mail.desk.package_ready', { date: page.until }) : t('mail.desk.outcomes_page'),
    ],
    { label: t('mail.desk.status_button'), href: page.link },
  )
}

/** Issue 28: the link to the reader's preference centre; it changes nothing by being opened. */
export function preferenceLinkMail(t: Translate, link: string, days: number): RenderedMail {
  return compose(
    t,
    t('mail.preferences.subject'),
    [t('mail.preferences.intro'), t('mail.preferences.validity', { days }), t('mail.preferences.not_you')],
    { label: t('mail.preferences.button'), href: link },
  )
}

/** Issue 25: the status page's second factor; the code only in the body, never in the subject. */
export function codeMail(t: Translate, request: NamedRequest, code: string, minutes: number): RenderedMail {
  return compose(t, referenced(t('mail.code.subject'), request.reference), [
    t('mail.code.intro'),
    code,
    t('mail.code.validity', { minutes }),
    t('mail.code.not_you'),
  ])
}

/** A refusal names its ground and, as Art. 12(4) requires, the right to complain to the regulator. */
export function rejectionMail(
  t: Translate,
  request: NamedRequest,
  reason: RejectionReason,
  message: string,
): RenderedMail {
  return compose(t, referenced(t('mail.desk.rejected_subject'), request.reference), [
    summary(t, request),
    `${t('mail.desk.rejected_reason')}: ${t(REJECTION_REASON_LABELS[reason])}`,
    ...paragraphsOf(message),
    t(request.country === 'BE' ? 'mail.desk.regulator_be' : 'mail.desk.regulator_nl'),
  ])
}

/** A brand system's task that it has not answered for TASK_OVERDUE_DAYS (issue 25). */
export interface OverdueTaskLine {
  reference: string
  flowType: FlowType
  client: string
  sinceText: string
}

const taskLine = (t: Translate, task: OverdueTaskLine) =>
  `${task.reference} · ${t(FLOW_LABELS[task.flowType])} · ${task.client} · ${t('mail.tasks.since', { date: task.sinceText })}`

/**
 * The daily digest to a country's privacy mailbox: what is due within 7 days and what is overdue, and (issue 25)
 * the brand systems' tasks unanswered for 10 days.
 */
export function digestMail(
  t: Translate,
  rows: { reference: string; flowType: FlowType; dueText: string; overdue: boolean }[],
  deskLink: string | null,
  tasks: readonly OverdueTaskLine[] = [],
): RenderedMail {
  const line = (row: (typeof rows)[number]) =>
    `${row.reference} · ${t(FLOW_LABELS[row.flowType])} · ${row.dueText}`
  const overdue = rows.filter((row) => row.overdue)
  const soon = rows.filter((row) => !row.overdue)
  return compose(
    t,
    t('mail.desk.digest_subject', { soon: soon.length, overdue: overdue.length }),
    [
      t('mail.desk.digest_intro'),
      ...(overdue.length > 0 ? [`${t('mail.desk.digest_overdue')}\n${overdue.map(line).join('\n')}`] : []),
      ...(soon.length > 0 ? [`${t('mail.desk.digest_soon')}\n${soon.map(line).join('\n')}`] : []),
      ...(tasks.length > 0
        ? [
            `${t('mail.tasks.digest', { smart_count: tasks.length })}\n${tasks.map((task) => taskLine(t, task)).join('\n')}`,
          ]
        : []),
    ],
    deskLink ? { label: t('mail.desk.digest_button'), href: deskLink } : undefined,
  )
}

/** Issue 25: once per task, to a brand system's contact: its tasks unanswered for 10 days. */
export function overdueTasksMail(
  t: Translate,
  client: string,
  tasks: readonly OverdueTaskLine[],
): RenderedMail {
  return compose(t, t('mail.tasks.overdue_subject', { client, smart_count: tasks.length }), [
    t('mail.tasks.overdue_intro', { client }),
    tasks.map((task) => taskLine(t, task)).join('\n'),
    t('mail.tasks.overdue_how'),
  ])
}

/** A text the team typed: its blank lines separate paragraphs. */
function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
}

/** A language by its name in the team's language; a stored value that names none stays as it is. */
const languageName = (t: Translate, language: string) =>
  isLanguage(language) ? t(SENDER_LANGUAGE_LABELS[language]) : language

/** The lines that tell a team mail's reader in which language to answer, and for which country. */
const senderLines = (t: Translate, language: string, country: Country) => [
  `${t('mail.team.sender_language')}: ${languageName(t, language)}`,
  `${t('mail.team.country')}: ${t(COUNTRY_LABELS[country])}`,
]

/** To the country's privacy mailbox: everything the team needs to handle the request. */
export function privacyTeamMail(
  t: Translate,
  request: NamedRequest,
  dueText: string,
  deskLink: string | null,
): RenderedMail {
  const info = request.userInfo
  const fields: [string, string | null | undefined][] = [
    [t('mail.team.reference'), request.reference ?? request.id],
    [t('mail.summary.request'), t(FLOW_LABELS[request.flowType])],
    [t('mail.team.deadline'), dueText],
    [t('mail.team.language'), languageName(t, request.language)],
    [t('mail.team.country'), t(COUNTRY_LABELS[request.country])],
    [t('mail.summary.brands'), request.brandNames.join(', ') || null],
    [t('mail.team.email'), request.email],
    [t('mail.team.phone'), request.phoneNumber],
    [t('mail.team.name'), [info?.firstName, info?.lastName].filter(Boolean).join(' ') || null],
    [t('mail.team.address'), formatAddress(info?.address)],
    [t('mail.team.brand'), request.brandName],
    [t('mail.team.article'), request.article],
    [t('mail.team.publication_link'), request.publicationLink],
    [t('mail.team.publication_date'), request.publicationDate],
    [t('mail.team.message'), request.userMessage],
    [t('mail.team.touchpoint'), request.touchpoint],
  ]
  const lines = fields.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`)
  const subject = t('mail.team.subject', { flow: t(FLOW_LABELS[request.flowType]) })
  const button = deskLink ? { label: t('mail.team.open_desk'), href: deskLink } : undefined
  return compose(t, referenced(subject, request.reference), [t('mail.team.intro'), lines.join('\n')], button)
}

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

/** The unconfirmed-suppressions mail lists at most this many, the oldest; it says how many there are in all. */
export const UNCONFIRMED_LISTED = 1000

/**
 * To a country's privacy mailbox: suppressions no brand system confirmed within 25 days (issue 17), the
 * oldest (at most UNCONFIRMED_LISTED); when there are more, it says how many wait in all.
 */
export function unconfirmedMail(
  t: Translate,
  rows: { reference: string | null; brandKey: string; channel: string; since: string }[],
  total: number,
): RenderedMail {
  const lines = rows.map((row) => `${row.reference ?? '-'} · ${row.brandKey} · ${row.channel} · ${row.since}`)
  const cut = total > rows.length
  return compose(t, t('mail.desk.unconfirmed_subject', { smart_count: total }), [
    t('mail.desk.unconfirmed_intro'),
    ...(cut ? [t('mail.desk.unconfirmed_cut', { shown: rows.length, total })] : []),
    lines.join('\n'),
    t('mail.desk.unconfirmed_hint'),
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

/**
 * Issue 29: to the country's political-ads mailbox, once a day: notices whose current version no registered
 * system took for the EU repository within 60 hours (Art. 13(4) of Regulation (EU) 2024/900 allows 72).
 */
export function repositoryDigestMail(
  t: Translate,
  notices: readonly { id: string; version: number; sponsorName: string; startText: string }[],
  total: number,
): RenderedMail {
  const line = (notice: (typeof notices)[number]) =>
    t('mail.notices.repository_line', {
      id: notice.id,
      version: notice.version,
      sponsor: notice.sponsorName,
      start: notice.startText,
    })
  return compose(t, t('mail.notices.repository_subject', { smart_count: total }), [
    t('mail.notices.repository_intro'),
    notices.map(line).join('\n'),
    ...(total > notices.length
      ? [t('mail.notices.repository_more', { smart_count: total - notices.length })]
      : []),
    t('mail.notices.repository_how'),
  ])
}
