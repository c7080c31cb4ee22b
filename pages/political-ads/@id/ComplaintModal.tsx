import { type FormEvent, useEffect, useRef, useState } from 'react'
import { TextField, useFocusFirstError } from '#renderer/forms/Field.tsx'
import { showsErrors, useErrorTitle } from '#renderer/forms/useErrorTitle.ts'
import { postJson } from '#renderer/json.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { COMPLAINT_REASON_LABELS } from '#shared/labels.ts'
import { COMPLAINT_REASONS, type ComplaintReason } from '#shared/political-ads.ts'
import { checkEmail, MESSAGE_KEYS, type Rule } from '#shared/privacy-rights/validation.ts'
import { checkSender } from '#shared/sender-rules.ts'

type Layer = 'reason' | 'form' | 'result'
const FIELDS = ['name', 'email', 'explanation'] as const
type Errors = Partial<Record<(typeof FIELDS)[number], Rule>>

/**
 * Spec §7, §8: the server refused the complaint (400 with validationError). The form's fields it names, each
 * with its rule, as field errors (INVALID_EMAIL alone: the address cannot receive mail); null when it names
 * anything the visitor cannot correct in the form, which the result layer then reports as a failure.
 */
function refusedFields(body: unknown): Errors | null {
  const refusal = body as {
    validationError?: string
    error?: { fields?: { field: string; rule: string }[] }
  } | null
  if (!refusal?.validationError) return null
  const errors: Errors = {}
  for (const { field, rule } of refusal.error?.fields ?? []) {
    const name = FIELDS.find((known) => known === field)
    if (!name || !(rule in MESSAGE_KEYS)) return null
    errors[name] ??= rule as Rule
  }
  if (refusal.validationError === 'INVALID_EMAIL') errors.email ??= 'email_unreachable'
  return Object.keys(errors).length > 0 ? errors : null
}

/**
 * Spec §4 complaint modal, a native modal dialog (focus moves in, stays in, Escape closes, focus returns
 * to the opener): one, the reason; two, the form with that reason (back returns to one); three, the result.
 */
export function ComplaintModal({ campaignId }: { campaignId: string }) {
  const { locale } = usePageContext()
  const t = useTranslate()
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const form = useRef<HTMLFormElement>(null)
  const focusError = useFocusFirstError(form)
  const [layer, setLayer] = useState<Layer>('reason')
  const [reason, setReason] = useState<ComplaintReason | null>(null)
  const [reasonMissing, setReasonMissing] = useState(false)
  const [values, setValues] = useState({ name: '', email: '', explanation: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [outcome, setOutcome] = useState<'success' | 'error'>('success')
  const [reference, setReference] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // While the dialog's form shows errors (a reason not chosen, a field refused), the page's title says so.
  useErrorTitle((layer === 'reason' && reasonMissing) || (layer === 'form' && showsErrors(errors)))

  // Issue 20 (WCAG 2.4.3, 4.1.3): moving between layers moves the focus into the new layer, so it is never
  // lost to the page: the chosen (or first) reason, the first field, or the result, which is then read out.
  const moved = useRef(false)
  const go = (next: Layer) => {
    moved.current = true
    setLayer(next)
  }
  useEffect(() => {
    if (!moved.current || !dialog.current) return
    moved.current = false
    const target =
      layer === 'reason'
        ? (dialog.current.querySelector<HTMLElement>('input[name="reason"]:checked') ??
          dialog.current.querySelector<HTMLElement>('input[name="reason"]'))
        : layer === 'form'
          ? dialog.current.querySelector<HTMLElement>('input[name="name"]')
          : dialog.current.querySelector<HTMLElement>('#complaint-result')
    target?.focus()
  }, [layer])

  const open = () => {
    setLayer('reason')
    dialog.current?.showModal()
  }
  const close = () => dialog.current?.close()
  const onClosed = () => {
    setLayer('reason')
    setReasonMissing(false)
    setErrors({})
    opener.current?.focus()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found: Errors = checkSender(values, 'explanation')
    setErrors(found)
    if (Object.values(found).some(Boolean)) {
      focusError()
      return
    }
    setBusy(true)
    const answer = await postJson(
      '/api/political-ad-complaint',
      { ...values, reason, campaignId, locale },
      { submission: true },
    )
    setBusy(false)
    // Spec §8: a 400 with validationError INVALID_EMAIL marks the e-mail field, and any other field the
    // server names is marked too; the form stays, with the focus on the first.
    const refused = answer?.status === 400 ? refusedFields(answer.body) : null
    if (refused) {
      setErrors(refused)
      focusError()
      return
    }
    setOutcome(answer?.ok ? 'success' : 'error')
    setReference((answer?.ok && (answer.body as { reference?: string } | null)?.reference) || null)
    if (answer?.ok) setValues({ name: '', email: '', explanation: '' })
    go('result')
  }

  return (
    <>
      <p className="section">
        <button ref={opener} type="button" className="button" onClick={open}>
          {t('political_ads.complaint.open')}
        </button>
      </p>
      <dialog ref={dialog} className="complaint-dialog" aria-labelledby="complaint-title" onClose={onClosed}>
        <button type="button" className="button button--secondary complaint-dialog__close" onClick={close}>
          {t('political_ads.complaint.close')}
        </button>
        <h2 id="complaint-title">{t('political_ads.complaint.title')}</h2>
        {layer === 'reason' && (
          <form
            onSubmit={(event) => {
              event.preventDefault()
              if (!reason) {
                setReasonMissing(true)
                // The error is read out (role alert) and the keyboard is back in the group.
                dialog.current?.querySelector<HTMLElement>('input[name="reason"]')?.focus()
                return
              }
              go('form')
            }}
          >
            <fieldset className="fieldset" aria-describedby={reasonMissing ? 'reason-error' : undefined}>
              <legend>{t('political_ads.complaint.reason')}</legend>
              {reasonMissing && (
                <p id="reason-error" className="field__error" role="alert">
                  {t('validation.required_option')}
                </p>
              )}
              {COMPLAINT_REASONS.map((option) => (
                <label key={option} className="check">
                  <input
                    type="radio"
                    name="reason"
                    value={option}
                    checked={reason === option}
                    onChange={() => {
                      setReason(option)
                      setReasonMissing(false)
                    }}
                  />
                  <span>{t(COMPLAINT_REASON_LABELS[option])}</span>
                </label>
              ))}
            </fieldset>
            <button type="submit" className="button">
              {t('political_ads.complaint.next')}
            </button>
          </form>
        )}
        {layer === 'form' && reason && (
          <form ref={form} noValidate onSubmit={submit}>
            <p>
              {t('political_ads.complaint.chosen')} <strong>{t(COMPLAINT_REASON_LABELS[reason])}</strong>
            </p>
            <TextField
              name="name"
              label={t('political_ads.complaint.name')}
              error={errors.name}
              required
              maxLength={100}
              value={values.name}
              onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
            />
            <TextField
              name="email"
              type="email"
              label={t('political_ads.complaint.email')}
              error={errors.email}
              required
              maxLength={254}
              value={values.email}
              onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
              onBlur={(e) =>
                setErrors((x) => ({ ...x, email: checkEmail(e.target.value, true) ?? undefined }))
              }
            />
            <TextField
              name="explanation"
              multiline
              label={t('political_ads.complaint.explanation')}
              error={errors.explanation}
              required
              maxLength={5000}
              value={values.explanation}
              onChange={(e) => setValues((v) => ({ ...v, explanation: e.target.value }))}
            />
            <div className="form-actions">
              <button type="button" className="button button--secondary" onClick={() => go('reason')}>
                {t('political_ads.complaint.back')}
              </button>
              <button type="submit" className="button" disabled={busy}>
                {t('political_ads.complaint.send')}
              </button>
            </div>
          </form>
        )}
        {layer === 'result' && (
          // Issue 20 (WCAG 2.4.3, 4.1.3): the result's heading takes the focus and names the outcome; the
          // message and the reference are a live region, read out as they appear.
          <section className="complaint-dialog__result" aria-labelledby="complaint-result">
            <h3 id="complaint-result" tabIndex={-1}>
              {t(
                outcome === 'success'
                  ? 'political_ads.complaint.result_sent'
                  : 'political_ads.complaint.result_failed',
              )}
            </h3>
            <div role={outcome === 'success' ? 'status' : 'alert'}>
              <p className={outcome === 'success' ? 'lead' : 'field__error'}>
                {t(
                  outcome === 'success'
                    ? 'political_ads.complaint.success'
                    : 'political_ads.complaint.failure',
                )}
              </p>
              {outcome === 'success' && reference && (
                <p>
                  {t('political_ads.complaint.reference')} <strong className="reference">{reference}</strong>
                </p>
              )}
            </div>
            <button type="button" className="button" onClick={close}>
              {t('political_ads.complaint.close')}
            </button>
          </section>
        )}
      </dialog>
    </>
  )
}
