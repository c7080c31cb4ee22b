import type { FormEvent } from 'react'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { REJECTION_REASON_LABELS } from '#shared/desk-labels.ts'
import { CUSTOMER_LANGUAGE_LABELS } from '#shared/labels.ts'
import { type DeskAction, REJECTION_REASONS, type RequestDetail } from '#shared/privacy-rights/desk.ts'
import { ActionForm } from '../DeskActions'
import { choiceFields, DeskTextArea } from '../DeskFields'

interface ActionsProps {
  request: RequestDetail
  submit: (
    action: DeskAction,
    fields: string[],
    optional?: string[],
  ) => (event: FormEvent<HTMLFormElement>) => void
  busy: boolean
  date: (iso: string | null) => string
  /** Issue 32: the reply's language where it is not the desk's. */
  replyLang: string | undefined
}

/** Issue 31 (moved from +Page.tsx): the actions the request's status allows: complete, extend, reject. */
export function ActionsCard({ request, submit, busy, date, replyLang }: ActionsProps) {
  const t = useTranslate()
  const waiting = request.tasks.filter((task) => task.state === 'waiting' || task.state === 'overdue').length
  if (!(request.actions.extend || request.actions.complete || request.actions.reject)) return null
  return (
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
          <p className="field__hint">{t('staff.desk.extend.hint', { date: date(request.originalDueAt) })}</p>
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
  )
}
