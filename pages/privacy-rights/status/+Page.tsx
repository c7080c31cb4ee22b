import './status.css'
import { Link } from '#renderer/components/Link.tsx'
import { Summary } from '#renderer/components/Summary.tsx'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { REQUEST_STATUS_LABELS, STATUS_REPLY_LABELS } from '#shared/desk-labels.ts'
import { formatDateTime, formatLongDate } from '#shared/format.ts'
import { FLOW_LABELS } from '#shared/labels.ts'
import type { Data } from './+data'

/** Issue 16 item 7: where a request stands, for the requester; the link is the key, so nothing personal shows. */
export default function Page() {
  const { view } = useData<Data>()
  const { lang, site } = usePageContext()
  const t = useTranslate()
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
    [t('privacy_rights.status.received'), formatLongDate(view.receivedAt.slice(0, 10), lang, site.country)],
    [
      t('privacy_rights.status.due'),
      view.dueAt && (view.status === 'open' || view.status === 'extended')
        ? formatLongDate(view.dueAt.slice(0, 10), lang, site.country)
        : null,
    ],
  ]
  return (
    <section className="result-page card">
      <h1>{t('privacy_rights.status.heading')}</h1>
      <Summary rows={rows} />
      <h2>{t('privacy_rights.status.replies')}</h2>
      {view.replies.length === 0 ? (
        <p>{t('privacy_rights.status.no_replies')}</p>
      ) : (
        <ol className="status-replies">
          {view.replies.map((reply) => (
            <li key={reply.id}>
              <p>
                <strong>{t(STATUS_REPLY_LABELS[reply.kind])}</strong>{' '}
                <time dateTime={reply.at}>{formatDateTime(reply.at, lang, site.country)}</time>
              </p>
              <p className="status-replies__text">{reply.text}</p>
            </li>
          ))}
        </ol>
      )}
      <p>{t('privacy_rights.status.questions')}</p>
    </section>
  )
}
