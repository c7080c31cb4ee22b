import '../../staff.css'
import '../../desk.css'
import { useState } from 'react'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { isOpenComplaint } from '#shared/complaint-lifecycle.ts'
import { COMPLAINT_STATUS_LABELS } from '#shared/desk-labels.ts'
import { formatDateTime } from '#shared/format.ts'
import type { ComplaintView } from '#shared/political-ads.ts'
import { localizedPath } from '#shared/routing.ts'
import { NoteCard, useDeskActions } from '../../requests/DeskActions'
import type { Data } from './+data'
import { type ComplaintAction, ComplaintActions } from './ComplaintActions'
import { ComplaintDetails, ComplaintTimeline } from './ComplaintCards'

/** Issue 18, Art. 15: a complaint as the team handles it: review, then close with an outcome mailed. */
export default function Page() {
  const { complaint: initial } = useData<Data>()
  const { lang, site } = usePageContext()
  const t = useTranslate()
  const [complaint, setComplaint] = useState<ComplaintView>(initial)
  const time = (iso: string) => formatDateTime(iso, lang, site.country)
  const open = isOpenComplaint(complaint.status)

  const { run, submit, busy, status } = useDeskActions<ComplaintView, ComplaintAction>(
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
        <ComplaintDetails complaint={complaint} time={time} open={open} />
        <ComplaintTimeline complaint={complaint} time={time} />
      </div>
      {open && <ComplaintActions complaint={complaint} run={run} submit={submit} busy={busy} />}
      <NoteCard onSubmit={submit('notes', ['text'])} busy={busy} />
    </div>
  )
}

const DONE_KEYS = {
  review: 'staff.complaints.done.review',
  close: 'staff.complaints.done.close',
  notes: 'staff.complaints.done.notes',
} as const
