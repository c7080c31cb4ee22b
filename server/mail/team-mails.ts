import { formatAddress } from '#shared/address.ts'
import { COUNTRY_LABELS } from '#shared/desk-labels.ts'
import type { Translate } from '#shared/i18n/translate.ts'
import { FLOW_LABELS } from '#shared/labels.ts'
import type { FlowType } from '#shared/privacy-rights/request.ts'

import { compose, languageName, type NamedRequest, type RenderedMail, referenced } from './layout'

/**
 * Issue 31 (moved from templates.ts): the mails to the teams and the brand systems: requests, digests,
 * overdue tasks.
 */

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
