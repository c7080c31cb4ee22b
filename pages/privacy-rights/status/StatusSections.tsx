import { Link } from '#renderer/components/Link.tsx'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import {
  STATUS_REPLY_LABELS,
  TASK_OUTCOME_LABELS,
  TASK_REFUSAL_LABELS,
  TASK_STATE_LABELS,
} from '#shared/desk-labels.ts'
import { formatDateTime, formatLongDate } from '#shared/format.ts'
import type { RequestStatusView, StatusNotice } from '#shared/privacy-rights/status-page.ts'

/** The requester's status page's sections (issue 16 item 7, issue 25 item 4). */

/** What the page's parts below its summary read: the request's view, the link's token, the notice. */
export interface StatusParts {
  view: RequestStatusView
  token: string
  notice: StatusNotice | null
}

/** A day as the page writes it, from an ISO timestamp. */
export function useLongDate() {
  const { lang, site } = usePageContext()
  return (iso: string) => formatLongDate(iso.slice(0, 10), lang, site.country)
}

/** Each brand system's brands and answer, never data; nothing before a brand system has a task. */
export function Outcomes({ outcomes }: { outcomes: RequestStatusView['outcomes'] }) {
  const t = useTranslate()
  const date = useLongDate()
  if (outcomes.length === 0) return null
  return (
    <>
      <h2>{t('privacy_rights.status.brands_heading')}</h2>
      <p>{t('privacy_rights.status.brands_intro')}</p>
      <ul className="status-outcomes">
        {outcomes.map((outcome) => (
          <li key={outcome.id}>
            <strong>{outcome.brands.join(', ')}</strong>:{' '}
            {outcome.outcome
              ? t(TASK_OUTCOME_LABELS[outcome.outcome])
              : t(TASK_STATE_LABELS[outcome.state === 'overdue' ? 'waiting' : outcome.state])}
            {outcome.refusalGround && <> ({t(TASK_REFUSAL_LABELS[outcome.refusalGround])})</>}
            {outcome.answeredAt && (
              <>
                {' '}
                · <time dateTime={outcome.answeredAt}>{date(outcome.answeredAt)}</time>
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  )
}

/** The replies, each with its kind and time; its text only once the page is unlocked. */
export function Replies({ view }: { view: RequestStatusView }) {
  const { lang, site } = usePageContext()
  const t = useTranslate()
  return (
    <>
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
              {view.unlocked ? (
                reply.text !== null && <p className="status-replies__text">{reply.text}</p>
              ) : (
                <p>{t('privacy_rights.status.reply_hidden')}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  )
}

/** A completed access request's package: gone, to download once unlocked, or locked until then. */
export function AccessPackage({ view, token, notice }: StatusParts) {
  const { lang } = usePageContext()
  const t = useTranslate()
  const date = useLongDate()
  if (!view.package) return null
  const until = date(view.package.until)
  return (
    <>
      <h2>{t('privacy_rights.status.package_heading')}</h2>
      {view.package.expired ? (
        <div className={notice === 'gone' ? 'status-notice status-notice--error' : undefined}>
          <p>{t('privacy_rights.status.package_gone', { date: until })}</p>
          <p>
            <Link href="/privacy-rights/access">{t('privacy_rights.status.package_again')}</Link>
          </p>
        </div>
      ) : view.unlocked ? (
        <>
          <p>{t('privacy_rights.status.package_ready', { date: until })}</p>
          <p>
            <a
              className="button"
              href={`/${lang}/privacy-rights/status/package?token=${encodeURIComponent(token)}`}
              download
            >
              {t('privacy_rights.status.package_download')}
            </a>
          </p>
        </>
      ) : (
        <p>{t('privacy_rights.status.package_locked', { date: until })}</p>
      )}
    </>
  )
}
