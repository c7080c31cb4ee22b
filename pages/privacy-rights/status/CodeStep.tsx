import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { StatusParts } from './StatusSections'

/** The code field's error, per refusal of the unlock form (issue 25). */
const CODE_ERRORS = {
  wrong: 'privacy_rights.status.code_wrong',
  expired: 'privacy_rights.status.code_expired',
  locked: 'privacy_rights.status.code_locked',
  locked_package: 'privacy_rights.status.code_required',
} as const

/**
 * Issue 25 item 4: the replies and the access package need the code we mail to the request's address. Two
 * plain forms (no script): the code to unlock the page, once one was sent (or refused), and one to send a
 * code (again). Nothing once unlocked, or when there is nothing to protect.
 */
export function CodeStep({ view, token, notice }: StatusParts) {
  const { lang } = usePageContext()
  const t = useTranslate()
  const protectedContent = view.replies.length > 0 || view.package !== null
  if (!protectedContent || view.unlocked) return null
  const base = `/${lang}/privacy-rights/status`
  const codeError = notice && notice in CODE_ERRORS ? CODE_ERRORS[notice as keyof typeof CODE_ERRORS] : null
  const showCodeField = view.codePending || codeError !== null
  return (
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
        aria-label={t(showCodeField ? 'privacy_rights.status.code_again' : 'privacy_rights.status.code_send')}
      >
        <input type="hidden" name="token" value={token} />
        <button type="submit" className={showCodeField ? 'button button--secondary' : 'button'}>
          {t(showCodeField ? 'privacy_rights.status.code_again' : 'privacy_rights.status.code_send')}
        </button>
      </form>
    </div>
  )
}
