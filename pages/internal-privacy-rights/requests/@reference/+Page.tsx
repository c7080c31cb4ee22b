import '../../staff.css'
import '../../desk.css'
import { useState } from 'react'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { DESK_DONE_LABELS, REQUEST_STATUS_LABELS } from '#shared/desk-labels.ts'
import { formatDateTime, formatLongDate } from '#shared/format.ts'
import type { DeskAction, RequestDetail } from '#shared/privacy-rights/desk.ts'
import { localizedPath } from '#shared/routing.ts'
import { NoteCard, useDeskActions } from '../DeskActions'
import { DueBadge } from '../DueBadge'
import { TaskCard } from '../TaskCard'
import type { Data } from './+data'
import { ActionsCard } from './ActionsCard'
import { type DeskDates, DetailsCard, FulfilmentCard, RelatedCard, TimelineCard } from './RequestCards'

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
  const dates: DeskDates = {
    date: (iso) => (iso ? formatLongDate(iso.slice(0, 10), lang, site.country) : '–'),
    time: (iso) => formatDateTime(iso, lang, site.country),
  }
  const queue = localizedPath(lang, '/internal-privacy-rights/requests')
  // Issue 32: the reply is written in the request's language; it says so when that is not the desk's.
  const replyLang = request.language === lang ? undefined : request.language

  const { submit, busy, status } = useDeskActions<RequestDetail, DeskAction>(
    `/api/internal-privacy-rights/requests/${request.reference}`,
    setRequest,
    DESK_DONE_LABELS,
  )

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
        <DetailsCard request={request} dates={dates} />
        <TimelineCard request={request} dates={dates} />
      </div>

      <ActionsCard request={request} submit={submit} busy={busy} date={dates.date} replyLang={replyLang} />

      <NoteCard onSubmit={submit('notes', ['text'])} busy={busy} />

      {request.tasks.length > 0 && (
        <TaskCard reference={request.reference} tasks={request.tasks} time={dates.time} />
      )}

      {request.fulfilment.length > 0 && <FulfilmentCard request={request} dates={dates} />}

      <RelatedCard request={request} queue={queue} dates={dates} />
    </div>
  )
}
