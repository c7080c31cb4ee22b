import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useFocusFirstError } from '#renderer/forms/Field.tsx'
import { errorCode, type JsonAnswer, postJson } from '#renderer/json.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { PhraseKey } from '#shared/i18n/translate.ts'
import { localizedPath } from '#shared/routing.ts'
import { DeskTextArea, FieldErrors } from './DeskFields'

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
    // Issue 30: a note is written once per key, also when its POST is sent again (actions are guarded by
    // their status: a second completion is a 409).
    const answer = await postJson(`${base}/${action}`, body, { submission: action === 'notes' })
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
    setMessage({ kind: 'error', text: t(refusalText(answer)) })
  }
  /** Posts the form's `fields`; an `optional` field left blank is not sent. */
  const submit =
    (action: A, fields: string[], optional: string[] = []) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const form = event.currentTarget
      const data = new FormData(form)
      const value = (name: string) => String(data.get(name) ?? '')
      const sent = [...fields, ...optional.filter((name) => value(name).trim() !== '')]
      void run(action, Object.fromEntries(sent.map((name) => [name, value(name)])), form)
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

/** What the desk says when the API refused an action. */
function refusalText(answer: JsonAnswer | null): PhraseKey {
  const code = errorCode(answer)
  const rules = (answer?.body as { error?: { fields?: { rule?: string }[] } } | null)?.error?.fields ?? []
  if (code === 'INVALID_TRANSITION') return 'staff.desk.error.transition'
  if (code === 'NOTICE_NOT_CORRECTED') return 'staff.desk.error.not_corrected'
  // Issue 25: brand systems have not answered yet; a template's placeholder is still in the text.
  if (code === 'TASKS_OPEN') return 'staff.desk.error.tasks_open'
  if (code === 'VALIDATION_FAILED' && rules.some((field) => field.rule === 'placeholder'))
    return 'staff.desk.error.placeholder'
  if (code === 'VALIDATION_FAILED') return 'staff.desk.error.empty'
  return 'staff.desk.error.failed'
}

/**
 * One action's form: its fields, then its button; named by its heading (issue 32). A required field left
 * empty or holding only spaces is refused on the field itself (its message beside it, `aria-invalid`, the
 * focus on the first such field) before anything is sent: the browser's own check lets spaces through.
 */
export function ActionForm({
  heading,
  labelledBy,
  onSubmit,
  busy,
  label,
  secondary,
  children,
}: {
  heading?: string
  /** The id of the heading that names the form when it has none of its own. */
  labelledBy?: string
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  busy: boolean
  label: string
  secondary?: boolean
  children: ReactNode
}) {
  const headingId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [blank, setBlank] = useState<readonly string[]>([])
  const focusFirstError = useFocusFirstError(formRef)
  const check = (event: FormEvent<HTMLFormElement>) => {
    const refused = [...event.currentTarget.elements]
      .filter(
        (field): field is HTMLTextAreaElement | HTMLSelectElement =>
          (field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) &&
          field.required &&
          field.value.trim() === '',
      )
      .map((field) => field.name)
    setBlank(refused)
    if (refused.length === 0) return onSubmit(event)
    event.preventDefault()
    focusFirstError()
  }
  return (
    <form
      ref={formRef}
      className="desk-action"
      onSubmit={check}
      noValidate
      aria-labelledby={heading ? headingId : labelledBy}
    >
      {heading && <h3 id={headingId}>{heading}</h3>}
      <FieldErrors value={blank}>{children}</FieldErrors>
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
      <ActionForm
        labelledBy="note-heading"
        onSubmit={onSubmit}
        busy={busy}
        label={t('staff.desk.note.submit')}
        secondary
      >
        <DeskTextArea label={t('staff.desk.note.text')} name="text" rows={3} />
      </ActionForm>
    </section>
  )
}
