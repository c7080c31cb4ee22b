import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { TASK_OUTCOME_LABELS, TASK_REFUSAL_LABELS, TASK_STATE_LABELS } from '#shared/desk-labels.ts'
import { formatFileSize } from '#shared/format.ts'
import type { TaskView } from '#shared/privacy-rights/tasks.ts'
import { DeskTable } from './DeskFields'

/**
 * Issue 25: each brand system's part of the request: its brands, whether it answered (or is overdue), its
 * answer, and the files it sent, which the team may open.
 */
export function TaskCard({
  reference,
  tasks,
  time,
}: {
  reference: string
  tasks: readonly TaskView[]
  time: (iso: string) => string
}) {
  const t = useTranslate()
  const { lang, site } = usePageContext()
  return (
    <section className="card" aria-labelledby="tasks-heading">
      <h2 id="tasks-heading">{t('staff.desk.tasks.heading')}</h2>
      <DeskTable
        labelledBy="tasks-heading"
        headings={[
          t('staff.desk.tasks.system'),
          t('staff.desk.tasks.brands'),
          t('staff.desk.tasks.state'),
          t('staff.desk.tasks.answer'),
          t('staff.desk.tasks.files'),
        ]}
        rows={tasks.map((task) => ({
          key: task.id,
          cells: [
            task.client,
            task.brands.join(', '),
            <span key="state" className={`desk-task desk-task--${task.state}`}>
              {t(TASK_STATE_LABELS[task.state])}
            </span>,
            task.outcome ? (
              <span key="answer">
                {t(TASK_OUTCOME_LABELS[task.outcome])}
                {task.refusalGround && <> ({t(TASK_REFUSAL_LABELS[task.refusalGround])})</>}
                {task.answeredAt && <> · {time(task.answeredAt)}</>}
                {task.note && <span className="desk-task__note">{task.note}</span>}
              </span>
            ) : (
              t('staff.desk.tasks.since', { date: time(task.createdAt) })
            ),
            task.files.length === 0 ? (
              '–'
            ) : (
              <ul key="files" className="desk-task__files">
                {task.files.map((file) => (
                  <li key={file.id}>
                    <a href={`/api/internal-privacy-rights/requests/${reference}/files/${file.id}`} download>
                      {file.name}
                    </a>{' '}
                    ({formatFileSize(file.size, lang, site.country)})
                  </li>
                ))}
              </ul>
            ),
          ],
        }))}
      />
    </section>
  )
}
