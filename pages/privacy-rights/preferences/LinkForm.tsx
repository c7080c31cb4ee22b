import { type FormEvent, useRef, useState } from 'react'
import { focusInView } from '#renderer/forms/Field.tsx'
import { useErrorTitle } from '#renderer/forms/useErrorTitle.ts'
import { errorCode, postJson } from '#renderer/json.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { checkEmail, type Rule } from '#shared/privacy-rights/validation.ts'
import { EmailField } from '../ContactFields'
import { type Message, StatusLine } from './StatusLine'

/** Issue 31 (moved from +Page.tsx): without a working link, a form that mails one. */

export function LinkForm({ lapsed }: { lapsed: boolean }) {
  const t = useTranslate()
  const { lang, site } = usePageContext()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<Rule | undefined>()
  const [message, setMessage] = useState<Message>(null)
  const [busy, setBusy] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  useErrorTitle(Boolean(error))
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const rule = checkEmail(email, true)
    setError(rule ?? undefined)
    if (rule) {
      const field = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
      if (field) focusInView(field)
      return
    }
    setBusy(true)
    const answer = await postJson('/api/privacy-rights/preferences/link', {
      email,
      country: site.country,
      language: lang,
    })
    setBusy(false)
    if (answer?.status === 202) setMessage({ kind: 'success', text: t('privacy_rights.preferences.sent') })
    else if (answer?.status === 400 && errorCode(answer) === 'INVALID_EMAIL') setError('email')
    else setMessage({ kind: 'error', text: t('privacy_rights.preferences.failed') })
  }
  return (
    <>
      {lapsed && (
        <p className="preferences-message preferences-message--error" role="alert">
          {t('privacy_rights.preferences.unknown')}
        </p>
      )}
      <p className="lead">{t('privacy_rights.preferences.intro')}</p>
      <form ref={form} className="form card" noValidate onSubmit={submit}>
        <EmailField value={email} onChange={setEmail} error={error} setError={setError} required />
        <button type="submit" className="button" disabled={busy}>
          {t('privacy_rights.preferences.ask')}
        </button>
      </form>
      <StatusLine message={message} />
    </>
  )
}
