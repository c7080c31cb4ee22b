import '../../staff.css'
import '../../desk.css'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Summary } from '#renderer/components/Summary.tsx'
import { errorCode, postJson } from '#renderer/json.ts'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { COMPLAINT_OUTCOME_LABELS, COMPLAINT_STATUS_LABELS } from '#shared/desk-labels.ts'
import { formatDateTime } from '#shared/format.ts'
import { COMPLAINT_REASON_LABELS } from '#shared/labels.ts'
import { COMPLAINT_OUTCOMES, type ComplaintOutcome, type ComplaintView } from '#shared/political-ads.ts'
import { localizedPath } from '#shared/routing.ts'
import { DeskSelect, DeskTextArea } from '../../requests/DeskFields'
import type { Data } from './+data'

type Action = 'review' | 'close' | 'notes'

/** Issue 18, Art. 15: a complaint as the team handles it: review, then close with an outcome mailed. */
export default function Page() {
  const { complaint: initial } = useData<Data>()
  const { lang, site } = usePageContext()
  const t = useTranslate()
  const [complaint, setComplaint] = useState<ComplaintView>(initial)
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const messageRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (message) messageRef.current?.focus()
  }, [message])
  const time = (iso: string) => formatDateTime(iso, lang, site.country)
  const open = complaint.status === 'received' || complaint.status === 'under_review'

  const run = async (action: Action, body: Record<string, string>, form: HTMLFormElement | null) => {
    setBusy(true)
    const answer = await postJson(
      `/api/internal-privacy-rights/complaints/${complaint.reference}/${action}`,
      body,
    )
    setBusy(false)
    if (answer?.ok) {
      setComplaint(answer.body as ComplaintView)
      form?.reset()
      setMessage({ kind: 'success', text: t(DONE_KEYS[action]) })
      return
    }
    const code = errorCode(answer)
    setMessage({
      kind: 'error',
      text: t(
        code === 'INVALID_TRANSITION'
          ? 'staff.desk.error.transition'
          : code === 'VALIDATION_FAILED'
            ? 'staff.desk.error.empty'
            : 'staff.desk.error.failed',
      ),
    })
  }
  const submit = (action: Action, fields: string[]) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    void run(
      action,
      Object.fromEntries(fields.map((name) => [name, String(data.get(name) ?? '')])),
      event.currentTarget,
    )
  }

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
      <p
        ref={messageRef}
        tabIndex={-1}
        role="status"
        className={message ? `desk-message desk-message--${message.kind}` : 'desk-message'}
      >
        {message?.text}
      </p>
      <div className="desk-columns">
        <section className="card" aria-labelledby="complaint-details">
          <h2 id="complaint-details">{t('staff.complaints.detail.details')}</h2>
          <Summary
            rows={[
              [
                t('staff.complaints.field.notice'),
                `${complaint.sponsorName ?? ''} (${complaint.campaignId})`,
              ],
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
                  <strong>
                    {event.kind === 'closed' && event.detail
                      ? t(COMPLAINT_OUTCOME_LABELS[event.detail as ComplaintOutcome])
                      : t(EVENT_KEYS[event.kind] ?? 'staff.complaints.event.note')}
                  </strong>{' '}
                  <time dateTime={event.at}>{time(event.at)}</time>
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
          {complaint.status === 'received' && (
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
          <form className="desk-action" onSubmit={submit('close', ['outcome', 'message'])}>
            <h3>{t('staff.complaints.detail.close_heading')}</h3>
            <DeskSelect
              label={t('staff.complaints.detail.outcome')}
              name="outcome"
              value=""
              options={COMPLAINT_OUTCOMES.map((outcome) => [outcome, t(COMPLAINT_OUTCOME_LABELS[outcome])])}
              placeholder={{ label: t('staff.complaints.detail.choose'), required: true }}
            />
            <DeskTextArea label={t('staff.complaints.detail.message')} name="message" rows={6} />
            <button type="submit" className="button" disabled={busy}>
              {t('staff.complaints.detail.close')}
            </button>
          </form>
        </section>
      )}
      <section className="card" aria-labelledby="complaint-note">
        <h2 id="complaint-note">{t('staff.desk.note.heading')}</h2>
        <form className="desk-action" onSubmit={submit('notes', ['text'])}>
          <DeskTextArea label={t('staff.desk.note.text')} name="text" rows={3} />
          <button type="submit" className="button button--secondary" disabled={busy}>
            {t('staff.desk.note.submit')}
          </button>
        </form>
      </section>
    </div>
  )
}

const EVENT_KEYS: Record<
  string,
  | 'staff.complaints.event.received'
  | 'staff.complaints.event.mail'
  | 'staff.complaints.event.under_review'
  | 'staff.complaints.event.note'
> = {
  received: 'staff.complaints.event.received',
  'mail-delivered': 'staff.complaints.event.mail',
  under_review: 'staff.complaints.event.under_review',
  note: 'staff.complaints.event.note',
}

const DONE_KEYS = {
  review: 'staff.complaints.done.review',
  close: 'staff.complaints.done.close',
  notes: 'staff.complaints.done.notes',
} as const
