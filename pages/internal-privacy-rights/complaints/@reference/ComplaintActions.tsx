import type { FormEvent } from 'react'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { offeredComplaintActions } from '#shared/complaint-lifecycle.ts'
import { COMPLAINT_OUTCOME_LABELS } from '#shared/desk-labels.ts'
import type { ComplaintView } from '#shared/political-ads.ts'
import { ActionForm } from '../../requests/DeskActions'
import { choiceFields } from '../../requests/DeskFields'

/** What the team does to a complaint, each an API action. */
export type ComplaintAction = 'review' | 'close' | 'notes'

interface ActionsProps {
  complaint: ComplaintView
  run: (action: ComplaintAction, body: Record<string, string>, form: HTMLFormElement | null) => Promise<void>
  submit: (action: ComplaintAction, fields: string[]) => (event: FormEvent<HTMLFormElement>) => void
  busy: boolean
}

/** Issue 31 (moved from +Page.tsx): an open complaint's actions: review, then close with an outcome. */
export function ComplaintActions({ complaint, run, submit, busy }: ActionsProps) {
  const { lang } = usePageContext()
  const t = useTranslate()
  // Issue 31: what the lifecycle's table allows from this status, and nothing else, is offered.
  const offered = offeredComplaintActions(complaint.status)
  // Issue 32: the outcome is written in the complaint's language; it says so when that is not the desk's.
  const complaintLang = complaint.locale.slice(0, 2)
  const replyLang = complaintLang === lang ? undefined : complaintLang
  return (
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
  )
}
