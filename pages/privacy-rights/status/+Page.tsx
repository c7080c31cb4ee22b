import './status.css'
import { Link } from '#renderer/components/Link.tsx'
import { Summary } from '#renderer/components/Summary.tsx'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import {
  REQUEST_STATUS_LABELS,
  STATUS_REPLY_LABELS,
  TASK_OUTCOME_LABELS,
  TASK_REFUSAL_LABELS,
  TASK_STATE_LABELS,
} from '#shared/desk-labels.ts'
import { formatDateTime, formatLongDate } from '#shared/format.ts'
import { FLOW_LABELS } from '#shared/labels.ts'
import type { Data } from './+data'

/** The code field's error, per refusal of the unlock form (issue 25). */
const CODE_ERRORS = {
  wrong: 'privacy_rights.status.code_wrong',
  expired: 'privacy_rights.status.code_expired',
  locked: 'privacy_rights.status.code_locked',
  locked_package: 'privacy_rights.status.code_required',
} as const

/**
 * Issue 16 item 7 and issue 25 item 4: where a request stands, for the requester. The link is the key to the
 * request's course and each brand's outcome; the replies and the access package also need the code we mail
 * to the request's address. Plain forms (no script): they post, and come back here.
 */
export default function Page() {
  const { view, token, notice } = useData<Data>()
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
  const date = (iso: string) => formatLongDate(iso.slice(0, 10), lang, site.country)
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
  const base = `/${lang}/privacy-rights/status`
  const codeError = notice && notice in CODE_ERRORS ? CODE_ERRORS[notice as keyof typeof CODE_ERRORS] : null
  const protectedContent = view.replies.length > 0 || view.package !== null
  const showCodeField = !view.unlocked && (view.codePending || codeError !== null)
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

      {view.outcomes.length > 0 && (
        <>
          <h2>{t('privacy_rights.status.brands_heading')}</h2>
          <p>{t('privacy_rights.status.brands_intro')}</p>
          <ul className="status-outcomes">
            {view.outcomes.map((outcome) => (
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
      )}

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

      {view.package && (
        <>
          <h2>{t('privacy_rights.status.package_heading')}</h2>
          {view.package.expired ? (
            <div className={notice === 'gone' ? 'status-notice status-notice--error' : undefined}>
              <p>{t('privacy_rights.status.package_gone', { date: date(view.package.until) })}</p>
              <p>
                <Link href="/privacy-rights/access">{t('privacy_rights.status.package_again')}</Link>
              </p>
            </div>
          ) : view.unlocked ? (
            <>
              <p>{t('privacy_rights.status.package_ready', { date: date(view.package.until) })}</p>
              <p>
                <a className="button" href={`${base}/package?token=${encodeURIComponent(token)}`} download>
                  {t('privacy_rights.status.package_download')}
                </a>
              </p>
            </>
          ) : (
            <p>{t('privacy_rights.status.package_locked', { date: date(view.package.until) })}</p>
          )}
        </>
      )}

      {protectedContent && !view.unlocked && (
        <div className="status-unlock">
          <h2>{t('privacy_rights.status.code_heading')}</h2>
          <p>{t('privacy_rights.status.code_intro')}</p>
          {showCodeField && (
            // Two forms side by side, each named by what it does (IBM's checker: form names unique).
            <form
              method="post"
              action={`${base}/unlock`}
              className="form"
              noValidate
              aria-label={t('privacy_rights.status.code_heading')}
            >
              <input type="hidden" name="token" value={token} />
              <div className="field">
                <label htmlFor="status-code" className="field__label">
                  {t('privacy_rights.status.code_label')}
                </label>
                <p id="status-code-hint" className="field__hint">
                  {t('privacy_rights.status.code_hint')}
                </p>
                <input
                  id="status-code"
                  name="code"
                  className={
                    codeError ? 'field__input field__input--error status-code' : 'field__input status-code'
                  }
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]{6}"
                  maxLength={6}
                  required
                  aria-invalid={codeError ? true : undefined}
                  aria-describedby={codeError ? 'status-code-hint status-code-error' : 'status-code-hint'}
                  // biome-ignore lint/a11y/noAutofocus: the page comes back after a wrong code: the field to correct
                  autoFocus={codeError !== null}
                />
                {codeError && (
                  <p id="status-code-error" className="field__error">
                    {t(codeError)}
                  </p>
                )}
              </div>
              <button type="submit" className="button">
                {t('privacy_rights.status.code_submit')}
              </button>
            </form>
          )}
          <form
            method="post"
            action={`${base}/code`}
            aria-label={t(
              showCodeField ? 'privacy_rights.status.code_again' : 'privacy_rights.status.code_send',
            )}
          >
            <input type="hidden" name="token" value={token} />
            <button type="submit" className={showCodeField ? 'button button--secondary' : 'button'}>
              {t(showCodeField ? 'privacy_rights.status.code_again' : 'privacy_rights.status.code_send')}
            </button>
          </form>
        </div>
      )}
      <p>{t('privacy_rights.status.questions')}</p>
    </section>
  )
}
