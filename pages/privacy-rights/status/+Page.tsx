import './status.css'
import { Link } from '#renderer/components/Link.tsx'
import { Summary } from '#renderer/components/Summary.tsx'
import { useData } from '#renderer/useData.ts'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { REQUEST_STATUS_LABELS } from '#shared/desk-labels.ts'
import { FLOW_LABELS } from '#shared/labels.ts'
import type { Data } from './+data'
import { CodeStep } from './CodeStep'
import { AccessPackage, Outcomes, Replies, useLongDate } from './StatusSections'

/**
 * Issue 16 item 7 and issue 25 item 4: where a request stands, for the requester. The link is the key to the
 * request's course and each brand's outcome; the replies and the access package also need the code we mail
 * to the request's address. Plain forms (no script): they post, and come back here.
 */
export default function Page() {
  const { view, token, notice } = useData<Data>()
  const t = useTranslate()
  const date = useLongDate()
  if (!view) {
    return (
      <section className="result-page card">
        <h1>{t('privacy_rights.status.unknown_heading')}</h1>
        <p className="lead">{t('privacy_rights.status.unknown')}</p>
        <p>
          <Link href="/privacy-rights" className="button">
            {t('privacy_rights.status.new_request')}
          </Link>
        </p>
      </section>
    )
  }
  const rows: [string, string | null][] = [
    [t('privacy_rights.status.reference'), view.reference],
    [t('privacy_rights.status.type'), t(FLOW_LABELS[view.flowType])],
    [t('privacy_rights.status.status'), t(REQUEST_STATUS_LABELS[view.status])],
    [t('privacy_rights.status.received'), date(view.receivedAt)],
    [
      t('privacy_rights.status.due'),
      view.dueAt && (view.status === 'open' || view.status === 'extended') ? date(view.dueAt) : null,
    ],
  ]
  return (
    <section className="result-page card">
      <h1>{t('privacy_rights.status.heading')}</h1>
      {notice === 'sent' && (
        <p className="status-notice status-notice--success" role="status">
          {t('privacy_rights.status.code_sent')}
        </p>
      )}
      {notice === 'limited' && (
        <p className="status-notice status-notice--error" role="alert">
          {t('privacy_rights.status.code_limited')}
        </p>
      )}
      <Summary rows={rows} />
      <Outcomes outcomes={view.outcomes} />
      <Replies view={view} />
      <AccessPackage view={view} token={token} notice={notice} />
      <CodeStep view={view} token={token} notice={notice} />
      <p>{t('privacy_rights.status.questions')}</p>
    </section>
  )
}
