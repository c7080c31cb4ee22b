import { REJECTION_REASON_LABELS } from '#shared/desk-labels.ts'
import type { Translate } from '#shared/i18n/translate.ts'
import type { RejectionReason } from '#shared/privacy-rights/desk.ts'

import { compose, type NamedRequest, paragraphsOf, type RenderedMail, referenced, summary } from './layout'

/**
 * Issue 31 (moved from templates.ts): the mails to a requester about their privacy request and preferences.
 */

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
