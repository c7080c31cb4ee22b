import '../../staff.css'
import '../../desk.css'
import { useState } from 'react'
import { Summary } from '#renderer/components/Summary.tsx'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { isOpenComplaint, offeredComplaintActions } from '#shared/complaint-lifecycle.ts'
import { COMPLAINT_OUTCOME_LABELS, COMPLAINT_STATUS_LABELS } from '#shared/desk-labels.ts'
import { formatDateTime } from '#shared/format.ts'
import { COMPLAINT_REASON_LABELS } from '#shared/labels.ts'
import { type ComplaintOutcome, type ComplaintView, noticeLanguage } from '#shared/political-ads.ts'
import { localizedPath } from '#shared/routing.ts'
import { ActionForm, NoteCard, useDeskActions } from '../../requests/DeskActions'
import { choiceFields } from '../../requests/DeskFields'
import type { Data } from './+data'

type Action = 'review' | 'close' | 'notes'

/** Issue 18, Art. 15: a complaint as the team handles it: review, then close with an outcome mailed. */
export default function Page() {
  const { complaint: initial } = useData<Data>()
  const { lang, site } = usePageContext()
  const t = useTranslate()
  const [complaint, setComplaint] = useState<ComplaintView>(initial)
  const time = (iso: string) => formatDateTime(iso, lang, site.country)
  const eventLabel = (event: ComplaintView['timeline'][number]) => {
    if (event.kind === 'closed' && event.detail)
      return t(COMPLAINT_OUTCOME_LABELS[event.detail as ComplaintOutcome])
    // Issue 18: what the outcome did to the notice, with the notice's version.
    const notice = NOTICE_EVENT_KEYS[event.kind]
    if (notice) return t(notice, { version: event.detail ?? '' })
    return t(EVENT_KEYS[event.kind] ?? 'staff.complaints.event.note')
  }
  // Issue 31: what the lifecycle's table allows from this status, and nothing else, is offered.
  const offered = offeredComplaintActions(complaint.status)
  const open = isOpenComplaint(complaint.status)
  // Issue 32: the outcome is written in the complaint's language; it says so when that is not the desk's.
  const complaintLang = complaint.locale.slice(0, 2)
  const replyLang = complaintLang === lang ? undefined : complaintLang

  const { run, submit, busy, status } = useDeskActions<ComplaintView, Action>(
    `/api/internal-privacy-rights/complaints/${complaint.reference}`,
    setComplaint,
    DONE_KEYS,
  )

  return (
    <div className="desk">
      <nav aria-label={t('staff.complaints.detail.back_label')}>
        <a href={localizedPath(lang, '/internal-privacy-rights/complaints')}>
          {t('staff.complaints.detail.back')}
        </a>
      </nav>
      <h1>
        {t('staff.complaints.detail.heading', { reference: complaint.reference })}{' '}
        <span className="desk-status">{t(COMPLAINT_STATUS_LABELS[complaint.status])}</span>
      </h1>
      {status}
      <div className="desk-columns">
        <section className="card" aria-labelledby="complaint-details">
          <h2 id="complaint-details">{t('staff.complaints.detail.details')}</h2>
          <Summary
            rows={[
              [t('staff.complaints.field.notice'), <NoticeLink key="notice" complaint={complaint} />],
              [t('staff.complaints.field.reason'), t(COMPLAINT_REASON_LABELS[complaint.reason])],
              [t('staff.complaints.field.received'), time(complaint.receivedAt)],
              [t('staff.complaints.field.due'), open ? time(complaint.dueAt) : null],
              [t('staff.complaints.field.closed'), complaint.closedAt ? time(complaint.closedAt) : null],
              [t('staff.complaints.field.language'), complaint.locale],
              [t('staff.complaints.field.name'), complaint.name],
              [t('staff.complaints.field.email'), complaint.email],
              [t('staff.complaints.field.explanation'), complaint.explanation],
            ]}
          />
        </section>
        <section className="card" aria-labelledby="complaint-timeline">
          <h2 id="complaint-timeline">{t('staff.complaints.detail.timeline')}</h2>
          <ol className="desk-timeline">
            {complaint.timeline.map((event) => (
              <li key={event.id}>
                <p className="desk-timeline__head">
                  <strong>{eventLabel(event)}</strong> <time dateTime={event.at}>{time(event.at)}</time>
                  {event.by && <> · {event.by}</>}
                </p>
                {event.text && <p className="desk-timeline__text">{event.text}</p>}
              </li>
            ))}
          </ol>
        </section>
      </div>
      {open && (
        <section className="card" aria-labelledby="complaint-actions">
          <h2 id="complaint-actions">{t('staff.complaints.detail.actions')}</h2>
          {offered.review && (
            <p>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => void run('review', {}, null)}
              >
                {t('staff.complaints.detail.review')}
              </button>
            </p>
          )}
          <ActionForm
            heading={t('staff.complaints.detail.close_heading')}
            onSubmit={submit('close', ['outcome', 'message'])}
            busy={busy}
            label={t('staff.complaints.detail.close')}
          >
            {choiceFields(
              [t('staff.complaints.detail.outcome'), 'outcome', t('staff.complaints.detail.choose')],
              offered.outcomes.map((o) => [o, t(COMPLAINT_OUTCOME_LABELS[o])] as const),
              t('staff.complaints.detail.message'),
              replyLang,
            )}
          </ActionForm>
        </section>
      )}
      <NoteCard onSubmit={submit('notes', ['text'])} busy={busy} />
    </div>
  )
}

const EVENT_KEYS: Record<
  string,
  | 'staff.complaints.event.received'
  | 'staff.complaints.event.mail_queued'
  | 'staff.complaints.event.mail'
  | 'staff.complaints.event.mail_failed'
  | 'staff.complaints.event.under_review'
  | 'staff.complaints.event.note'
> = {
  received: 'staff.complaints.event.received',
  'mail-queued': 'staff.complaints.event.mail_queued',
  'mail-delivered': 'staff.complaints.event.mail',
  'mail-failed': 'staff.complaints.event.mail_failed',
  under_review: 'staff.complaints.event.under_review',
  note: 'staff.complaints.event.note',
}

const NOTICE_EVENT_KEYS: Record<
  string,
  'staff.complaints.event.notice_corrected' | 'staff.complaints.event.notice_suspended'
> = {
  'notice-corrected': 'staff.complaints.event.notice_corrected',
  'notice-suspended': 'staff.complaints.event.notice_suspended',
}

const DONE_KEYS = {
  review: 'staff.complaints.done.review',
  close: 'staff.complaints.done.close',
  notes: 'staff.complaints.done.notes',
} as const

/** The notice complained about, linked to its public page (in the desk's language where the country has it). */
function NoticeLink({ complaint }: { complaint: ComplaintView }) {
  const { lang } = usePageContext()
  const name = `${complaint.sponsorName ?? ''} (${complaint.campaignId})`.trim()
  const href = complaint.noticeUrls[noticeLanguage(complaint.country, lang)]
  return href ? <a href={href}>{name}</a> : name
}
