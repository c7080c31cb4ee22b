import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { errorCode, postJson } from '#renderer/json.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { PhraseKey } from '#shared/i18n/translate.ts'
import { localizedPath } from '#shared/routing.ts'
import { DeskTextArea } from './DeskFields'

type Message = { kind: 'success' | 'error'; text: string }

/**
 * The actions of a desk page (a request's, a complaint's): each POSTs its form's fields to `{base}/{action}`,
 * takes the item the API answers, and says what happened in a status message that takes the focus, so it is
 * read out and the next Tab continues from it. A session that ended leads to sign-in.
 */
export function useDeskActions<T, A extends string>(
  base: string,
  setItem: (item: T) => void,
  done: Record<A, PhraseKey>,
) {
  const { lang } = usePageContext()
  const t = useTranslate()
  const [message, setMessage] = useState<Message | null>(null)
  const [busy, setBusy] = useState(false)
  const messageRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (message) messageRef.current?.focus()
  }, [message])

  const run = async (action: A, body: Record<string, string>, form: HTMLFormElement | null) => {
    setBusy(true)
    const answer = await postJson(`${base}/${action}`, body)
    setBusy(false)
    if (answer?.ok) {
      setItem(answer.body as T)
      form?.reset()
      setMessage({ kind: 'success', text: t(done[action]) })
      return
    }
    if (answer?.status === 401) {
      window.location.assign(localizedPath(lang, '/internal-privacy-rights/sign-in'))
      return
    }
    const code = errorCode(answer)
    const text =
      code === 'INVALID_TRANSITION'
        ? 'staff.desk.error.transition'
        : code === 'NOTICE_NOT_CORRECTED'
          ? 'staff.desk.error.not_corrected'
          : code === 'VALIDATION_FAILED'
            ? 'staff.desk.error.empty'
            : 'staff.desk.error.failed'
    setMessage({ kind: 'error', text: t(text) })
  }
  const submit = (action: A, fields: string[]) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    void run(action, Object.fromEntries(fields.map((name) => [name, String(data.get(name) ?? '')])), form)
  }
  const status = (
    <p
      ref={messageRef}
      tabIndex={-1}
      role="status"
      className={message ? `desk-message desk-message--${message.kind}` : 'desk-message'}
    >
      {message?.text}
    </p>
  )
  return { run, submit, busy, status }
}

/** One action's form: its fields, then its button. */
export function ActionForm({
  heading,
  onSubmit,
  busy,
  label,
  secondary,
  children,
}: {
  heading?: string
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  busy: boolean
  label: string
  secondary?: boolean
  children: ReactNode
}) {
  return (
    <form className="desk-action" onSubmit={onSubmit}>
      {heading && <h3>{heading}</h3>}
      {children}
      <button type="submit" className={secondary ? 'button button--secondary' : 'button'} disabled={busy}>
        {label}
      </button>
    </form>
  )
}

/** The internal note of a desk page: on the timeline, never mailed. */
export function NoteCard({
  onSubmit,
  busy,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  busy: boolean
}) {
  const t = useTranslate()
  return (
    <section className="card" aria-labelledby="note-heading">
      <h2 id="note-heading">{t('staff.desk.note.heading')}</h2>
      <ActionForm onSubmit={onSubmit} busy={busy} label={t('staff.desk.note.submit')} secondary>
        <DeskTextArea label={t('staff.desk.note.text')} name="text" rows={3} />
      </ActionForm>
    </section>
  )
}
