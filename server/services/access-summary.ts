import { TASK_OUTCOME_LABELS, TASK_REFUSAL_LABELS } from '#shared/desk-labels.ts'
import { formatDateTime, formatFileSize, formatLongDate } from '#shared/format.ts'
import { escapeHtml } from '#shared/html.ts'
import type { Translate } from '#shared/i18n/translate.ts'
import { FLOW_LABELS } from '#shared/labels.ts'
import type { TaskView } from '#shared/privacy-rights/tasks.ts'
import type { PrivacyRequest } from '../db/privacy-request-repository'

/**
 * Issue 25 item 4: the summary page of an access package, in the requester's language: which brand systems
 * were asked and for which brands, each one's outcome, what each found (its files and note), the recipients
 * (GDPR Art. 19: every system the request was passed to), the team's reply, and how to complain to the
 * regulator. A file of its own: it opens offline in any browser, with no script and no outside resource.
 */
export function accessSummary(
  t: Translate,
  request: Pick<PrivacyRequest, 'reference' | 'flowType' | 'language' | 'country' | 'createdAt' | 'closedAt'>,
  tasks: readonly TaskView[],
  reply: string | null,
  paths: ReadonlyMap<string, string>,
): string {
  const { language: lang, country } = request
  const date = (iso: string | null | undefined) =>
    iso ? formatLongDate(iso.slice(0, 10), lang, country) : '–'
  const e = escapeHtml
  const outcome = (task: TaskView) => {
    if (!task.outcome) return t('package.no_answer')
    const label = t(TASK_OUTCOME_LABELS[task.outcome])
    return task.refusalGround ? `${label}: ${t(TASK_REFUSAL_LABELS[task.refusalGround])}` : label
  }
  const rows = tasks.map((task) => {
    const files = task.files.map(
      (file) =>
        `<li><a href="${e(encodeURI(paths.get(file.id) ?? ''))}">${e(file.name)}</a> (${formatFileSize(file.size, lang, country)})</li>`,
    )
    return `<tr><td>${e(task.client)}</td><td>${e(task.brands.join(', '))}</td><td>${e(outcome(task))}${
      task.note ? `<p>${e(task.note)}</p>` : ''
    }</td><td>${task.answeredAt ? e(formatDateTime(task.answeredAt, lang, country)) : '–'}</td><td>${
      files.length > 0 ? `<ul>${files.join('')}</ul>` : e(t('package.no_files'))
    }</td></tr>`
  })
  const paragraphs = (text: string) =>
    text
      .split(/\n{2,}/)
      .map((p) => `<p>${e(p).replace(/\n/g, '<br>')}</p>`)
      .join('\n')
  const title = t('package.title', { reference: request.reference ?? '' })
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<style>
body{font-family:Arial,Helvetica,sans-serif;color:#1b2430;line-height:1.5;max-width:60em;margin:2em auto;padding:0 1em}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #8a94a3;padding:.5em;text-align:left;vertical-align:top}
th{background:#e8ebf0}td ul{margin:0;padding-left:1.2em}a{color:#16324f}
</style>
</head>
<body>
<main>
<h1>${e(title)}</h1>
<p>${e(t('package.intro', { flow: t(FLOW_LABELS[request.flowType]), received: date(request.createdAt), closed: date(request.closedAt) }))}</p>
<h2>${e(t('package.brands_heading'))}</h2>
<p>${e(t('package.brands_intro'))}</p>
<table>
<thead><tr><th scope="col">${e(t('package.column_system'))}</th><th scope="col">${e(t('package.column_brands'))}</th><th scope="col">${e(t('package.column_outcome'))}</th><th scope="col">${e(t('package.column_answered'))}</th><th scope="col">${e(t('package.column_files'))}</th></tr></thead>
<tbody>
${rows.length > 0 ? rows.join('\n') : `<tr><td colspan="5">${e(t('package.no_systems'))}</td></tr>`}
</tbody>
</table>
<h2>${e(t('package.recipients_heading'))}</h2>
<p>${e(t('package.recipients_intro'))}</p>
<ul>
${tasks.map((task) => `<li>${e(task.client)}: ${e(task.brands.join(', '))}</li>`).join('\n')}
</ul>
${reply ? `<h2>${e(t('package.reply_heading'))}</h2>\n${paragraphs(reply)}` : ''}
<h2>${e(t('package.complaint_heading'))}</h2>
<p>${e(t(country === 'BE' ? 'package.complaint_be' : 'package.complaint_nl'))}</p>
</main>
</body>
</html>
`
}
