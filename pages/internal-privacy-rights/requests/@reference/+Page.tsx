import '../../staff.css'
import '../../desk.css'
import { useState } from 'react'
import { Summary } from '#renderer/components/Summary.tsx'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import {
  COUNTRY_LABELS,
  DESK_DONE_LABELS,
  EVENT_LABELS,
  REJECTION_REASON_LABELS,
  REQUEST_STATUS_LABELS,
} from '#shared/desk-labels.ts'
import { formatDateTime, formatLongDate } from '#shared/format.ts'
import { CHANNEL_LABELS, CUSTOMER_LANGUAGE_LABELS, FLOW_LABELS } from '#shared/labels.ts'
import { type DeskAction, REJECTION_REASONS, type RequestDetail } from '#shared/privacy-rights/desk.ts'
import type { CommunicationType } from '#shared/privacy-rights/request.ts'
import { localizedPath } from '#shared/routing.ts'
import { ActionForm, NoteCard, useDeskActions } from '../DeskActions'
import { choiceFields, DeskTable, DeskTextArea } from '../DeskFields'
import { DueBadge } from '../DueBadge'
import { TaskCard } from '../TaskCard'
import type { Data } from './+data'
import { isMailEvent, MAIL_EVENT_LABELS, mailKind } from './mail-events'

/**
 * Issue 16: a request as the privacy team handles it: every field, the timeline, the same address's other
 * requests, and the actions its status allows. Each action answers the updated request; the page shows it and
 * says what happened in a status message that takes the focus.
 */
export default function Page() {
  const { request: initial } = useData<Data>()
  const { lang, site } = usePageContext()
  const t = useTranslate()
  const [request, setRequest] = useState<RequestDetail>(initial)
  const date = (iso: string | null) => (iso ? formatLongDate(iso.slice(0, 10), lang, site.country) : '–')
  const time = (iso: string) => formatDateTime(iso, lang, site.country)
  const queue = localizedPath(lang, '/internal-privacy-rights/requests')
  // Issue 32: the reply is written in the request's language; it says so when that is not the desk's.
  const replyLang = request.language === lang ? undefined : request.language
  const waiting = request.tasks.filter((task) => task.state === 'waiting' || task.state === 'overdue').length

  const { submit, busy, status } = useDeskActions<RequestDetail, DeskAction>(
    `/api/internal-privacy-rights/requests/${request.reference}`,
    setRequest,
    DESK_DONE_LABELS,
  )

  const rows: [string, string | null][] = [
    [t('staff.desk.field.type'), t(FLOW_LABELS[request.flowType])],
    [t('staff.desk.field.status'), t(REQUEST_STATUS_LABELS[request.status])],
    [t('staff.desk.field.country'), t(COUNTRY_LABELS[request.country])],
    [t('staff.desk.field.language'), t(CUSTOMER_LANGUAGE_LABELS[request.language])],
    [t('staff.desk.field.received'), time(request.receivedAt)],
    [t('staff.desk.field.verified'), request.verifiedAt ? time(request.verifiedAt) : null],
    [t('staff.desk.field.due'), request.dueAt ? date(request.dueAt) : null],
    [t('staff.desk.field.closed'), request.closedAt ? time(request.closedAt) : null],
    [t('staff.desk.field.email'), request.email],
    [t('staff.desk.field.phone'), request.phoneNumber],
    [t('staff.desk.field.name'), request.name],
    [t('staff.desk.field.address'), request.address],
    [t('staff.desk.field.brand'), request.brandName],
    [t('staff.desk.field.brands'), request.brands.join(', ') || null],
    [
      t('staff.desk.field.channels'),
      request.channels.map((channel) => t(CHANNEL_LABELS[channel as CommunicationType])).join(', ') || null,
    ],
    [t('staff.desk.field.article'), request.article],
    [t('staff.desk.field.publication_link'), request.publicationLink],
    [t('staff.desk.field.publication_date'), request.publicationDate],
    [t('staff.desk.field.message'), request.userMessage],
    [t('staff.desk.field.touchpoint'), request.touchpoint],
  ]

  return (
    <div className="desk">
      <nav aria-label={t('staff.desk.request.back_label')}>
        <a href={queue}>{t('staff.desk.request.back')}</a>
      </nav>
      <h1>
        {t('staff.desk.request.heading', { reference: request.reference })}{' '}
        <span className={`desk-status desk-status--${request.status}`}>
          {t(REQUEST_STATUS_LABELS[request.status])}
        </span>{' '}
        <DueBadge daysLeft={request.daysLeft} />
      </h1>
      {status}

      <div className="desk-columns">
        <section className="card" aria-labelledby="details-heading">
          <h2 id="details-heading">{t('staff.desk.request.details')}</h2>
          <Summary rows={rows} />
        </section>

        <section className="card" aria-labelledby="timeline-heading">
          <h2 id="timeline-heading">{t('staff.desk.request.timeline')}</h2>
          <ol className="desk-timeline">
            {request.timeline.map((event) => (
              <li key={event.id}>
                <p className="desk-timeline__head">
                  <strong>
                    {isMailEvent(event.kind)
                      ? t(MAIL_EVENT_LABELS[event.kind], { kind: mailKind(t, event.detail) })
                      : t(EVENT_LABELS[event.kind])}
                  </strong>{' '}
                  <time dateTime={event.at}>{time(event.at)}</time>
                  {event.by && <> · {event.by}</>}
                </p>
                {event.kind === 'mail-failed' && <p>{t('staff.desk.event.mail_failed_hint')}</p>}
                {event.kind === 'rejected' && event.detail && (
                  <p>{t(REJECTION_REASON_LABELS[event.detail as keyof typeof REJECTION_REASON_LABELS])}</p>
                )}
                {event.kind === 'extended' && event.detail && (
                  <p>{t('staff.desk.event.new_due', { date: date(event.detail) })}</p>
                )}
                {event.text && <p className="desk-timeline__text">{event.text}</p>}
              </li>
            ))}
          </ol>
        </section>
      </div>

      {(request.actions.extend || request.actions.complete || request.actions.reject) && (
        <section className="card" aria-labelledby="actions-heading">
          <h2 id="actions-heading">{t('staff.desk.request.actions')}</h2>
          {request.actions.complete && (
            <ActionForm
              heading={t('staff.desk.complete.heading')}
              onSubmit={submit('complete', ['message'], ['closeWithoutTasks'])}
              busy={busy}
              label={t('staff.desk.complete.submit')}
            >
              <DeskTextArea
                label={t('staff.desk.complete.message', {
                  language: t(CUSTOMER_LANGUAGE_LABELS[request.language]),
                })}
                name="message"
                rows={8}
                lang={replyLang}
              />
              {waiting > 0 && (
                <DeskTextArea
                  label={t('staff.desk.complete.without_tasks', { smart_count: waiting })}
                  hint={t('staff.desk.complete.without_tasks_hint')}
                  name="closeWithoutTasks"
                  rows={3}
                  required={false}
                />
              )}
            </ActionForm>
          )}
          {request.actions.extend && (
            <ActionForm
              heading={t('staff.desk.extend.heading')}
              onSubmit={submit('extend', ['reason'])}
              busy={busy}
              label={t('staff.desk.extend.submit')}
              secondary
            >
              <p className="field__hint">
                {t('staff.desk.extend.hint', { date: date(request.originalDueAt) })}
              </p>
              <DeskTextArea label={t('staff.desk.extend.reason')} name="reason" rows={4} />
            </ActionForm>
          )}
          {request.actions.reject && (
            <ActionForm
              heading={t('staff.desk.reject.heading')}
              onSubmit={submit('reject', ['reason', 'message'])}
              busy={busy}
              label={t('staff.desk.reject.submit')}
              secondary
            >
              {choiceFields(
                [t('staff.desk.reject.reason'), 'reason', t('staff.desk.reject.choose')],
                REJECTION_REASONS.map((r) => [r, t(REJECTION_REASON_LABELS[r])] as const),
                t('staff.desk.reject.message'),
                replyLang,
              )}
            </ActionForm>
          )}
        </section>
      )}

      <NoteCard onSubmit={submit('notes', ['text'])} busy={busy} />

      {request.tasks.length > 0 && (
        <TaskCard reference={request.reference} tasks={request.tasks} time={time} />
      )}

      {request.fulfilment.length > 0 && (
        <section className="card" aria-labelledby="fulfilment-heading">
          <h2 id="fulfilment-heading">{t('staff.desk.fulfilment.heading')}</h2>
          <DeskTable
            labelledBy="fulfilment-heading"
            narrow
            headings={[
              t('staff.desk.fulfilment.brand_key'),
              t('staff.desk.field.channels'),
              t('staff.desk.fulfilment.state'),
            ]}
            rows={request.fulfilment.map((row) => ({
              key: `${row.brandKey}-${row.channel}-${row.client ?? ''}`,
              cells: [
                row.brandKey,
                t(CHANNEL_LABELS[row.channel as CommunicationType]),
                row.appliedAt
                  ? t('staff.desk.fulfilment.applied', {
                      date: time(row.appliedAt),
                      client: row.client ?? '',
                    })
                  : t('staff.desk.fulfilment.pending'),
              ],
            }))}
          />
        </section>
      )}

      <section className="card" aria-labelledby="related-heading">
        <h2 id="related-heading">{t('staff.desk.request.related')}</h2>
        {request.related.length === 0 ? (
          <p>{t('staff.desk.request.related_none')}</p>
        ) : (
          <ul>
            {request.related.map((other) => (
              <li key={other.reference}>
                <a href={`${queue}/${other.reference}`}>{other.reference}</a> ·{' '}
                {t(COUNTRY_LABELS[other.country])} · {t(FLOW_LABELS[other.flowType])} ·{' '}
                {t(REQUEST_STATUS_LABELS[other.status])} · {date(other.receivedAt)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
