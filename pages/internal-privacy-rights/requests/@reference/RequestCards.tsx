import { Summary } from '#renderer/components/Summary.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import {
  COUNTRY_LABELS,
  EVENT_LABELS,
  REJECTION_REASON_LABELS,
  REQUEST_STATUS_LABELS,
} from '#shared/desk-labels.ts'
import { CHANNEL_LABELS, CUSTOMER_LANGUAGE_LABELS, FLOW_LABELS } from '#shared/labels.ts'
import type { RequestDetail } from '#shared/privacy-rights/desk.ts'
import type { CommunicationType } from '#shared/privacy-rights/request.ts'
import { DeskTable } from '../DeskFields'
import { isMailEvent, MAIL_EVENT_LABELS, mailKind } from './mail-events'

/** Issue 31 (moved from +Page.tsx): the request page's cards that show, each a section of its own. */

/** How the page writes a date (`–` for none) and a moment. */
export interface DeskDates {
  date: (iso: string | null) => string
  time: (iso: string) => string
}

export function DetailsCard({
  request,
  dates: { date, time },
}: {
  request: RequestDetail
  dates: DeskDates
}) {
  const t = useTranslate()
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
    <section className="card" aria-labelledby="details-heading">
      <h2 id="details-heading">{t('staff.desk.request.details')}</h2>
      <Summary rows={rows} />
    </section>
  )
}

export function TimelineCard({
  request,
  dates: { date, time },
}: {
  request: RequestDetail
  dates: DeskDates
}) {
  const t = useTranslate()
  return (
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
  )
}

export function FulfilmentCard({ request, dates: { time } }: { request: RequestDetail; dates: DeskDates }) {
  const t = useTranslate()
  return (
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
  )
}

export function RelatedCard({
  request,
  queue,
  dates: { date },
}: {
  request: RequestDetail
  queue: string
  dates: DeskDates
}) {
  const t = useTranslate()
  return (
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
  )
}
