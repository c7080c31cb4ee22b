import { Summary } from '#renderer/components/Summary.tsx'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { COMPLAINT_OUTCOME_LABELS } from '#shared/desk-labels.ts'
import { COMPLAINT_REASON_LABELS } from '#shared/labels.ts'
import { type ComplaintOutcome, type ComplaintView, noticeLanguage } from '#shared/political-ads.ts'

/** Issue 31 (moved from +Page.tsx): the complaint page's cards that show, each a section of its own. */

interface CardProps {
  complaint: ComplaintView
  /** How the page writes a moment. */
  time: (iso: string) => string
}

export function ComplaintDetails({ complaint, time, open }: CardProps & { open: boolean }) {
  const t = useTranslate()
  return (
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
  )
}

export function ComplaintTimeline({ complaint, time }: CardProps) {
  const t = useTranslate()
  const eventLabel = (event: ComplaintView['timeline'][number]) => {
    if (event.kind === 'closed' && event.detail)
      return t(COMPLAINT_OUTCOME_LABELS[event.detail as ComplaintOutcome])
    // Issue 18: what the outcome did to the notice, with the notice's version.
    const notice = NOTICE_EVENT_KEYS[event.kind]
    if (notice) return t(notice, { version: event.detail ?? '' })
    return t(EVENT_KEYS[event.kind] ?? 'staff.complaints.event.note')
  }
  return (
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

/** The notice complained about, linked to its public page (in the desk's language where the country has it). */
function NoticeLink({ complaint }: { complaint: ComplaintView }) {
  const { lang } = usePageContext()
  const name = `${complaint.sponsorName ?? ''} (${complaint.campaignId})`.trim()
  const href = complaint.noticeUrls[noticeLanguage(complaint.country, lang)]
  return href ? <a href={href}>{name}</a> : name
}
