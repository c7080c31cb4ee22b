import { TextField } from '#renderer/forms/Field.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { COMPLAINT_REASON_LABELS } from '#shared/labels.ts'
import { COMPLAINT_REASONS, type ComplaintReason } from '#shared/political-ads.ts'
import { checkEmail } from '#shared/privacy-rights/validation.ts'
import type { Complaint } from './useComplaint'

/** The complaint dialog's three layers (spec §4): the reason, the form with that reason, the result. */

/** Layer one: the reason, required before the form. */
export function ReasonLayer({
  reason,
  missing,
  choose,
  refuse,
  next,
}: {
  reason: ComplaintReason | null
  missing: boolean
  choose: (reason: ComplaintReason) => void
  refuse: () => void
  next: () => void
}) {
  const t = useTranslate()
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        if (!reason) {
          refuse()
          // The error is read out (role alert) and the keyboard is back in the group.
          event.currentTarget.querySelector<HTMLElement>('input[name="reason"]')?.focus()
          return
        }
        next()
      }}
    >
      <fieldset className="fieldset" aria-describedby={missing ? 'reason-error' : undefined}>
        <legend>{t('political_ads.complaint.reason')}</legend>
        {missing && (
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
              onChange={() => choose(option)}
            />
            <span>{t(COMPLAINT_REASON_LABELS[option])}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button">
        {t('political_ads.complaint.next')}
      </button>
    </form>
  )
}

/** Layer two: the sender and the explanation, with the chosen reason; back returns to layer one. */
export function FormLayer({
  reason,
  complaint,
  back,
}: {
  reason: ComplaintReason
  complaint: Complaint
  back: () => void
}) {
  const t = useTranslate()
  const { form, values, setValues, errors, setErrors, busy, submit } = complaint
  return (
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
        onBlur={(e) => setErrors((x) => ({ ...x, email: checkEmail(e.target.value, true) ?? undefined }))}
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
        <button type="button" className="button button--secondary" onClick={back}>
          {t('political_ads.complaint.back')}
        </button>
        <button type="submit" className="button" disabled={busy}>
          {t('political_ads.complaint.send')}
        </button>
      </div>
    </form>
  )
}

/**
 * Layer three: the result. Issue 20 (WCAG 2.4.3, 4.1.3): its heading takes the focus and names the outcome;
 * the message and the reference are a live region, read out as they appear.
 */
export function ResultLayer({ complaint, close }: { complaint: Complaint; close: () => void }) {
  const t = useTranslate()
  const { outcome, reference } = complaint
  const sent = outcome === 'success'
  return (
    <section className="complaint-dialog__result" aria-labelledby="complaint-result">
      <h3 id="complaint-result" tabIndex={-1}>
        {t(sent ? 'political_ads.complaint.result_sent' : 'political_ads.complaint.result_failed')}
      </h3>
      <div role={sent ? 'status' : 'alert'}>
        <p className={sent ? 'lead' : 'field__error'}>
          {t(sent ? 'political_ads.complaint.success' : 'political_ads.complaint.failure')}
        </p>
        {sent && reference && (
          <p>
            {t('political_ads.complaint.reference')} <strong className="reference">{reference}</strong>
          </p>
        )}
      </div>
      <button type="button" className="button" onClick={close}>
        {t('political_ads.complaint.close')}
      </button>
    </section>
  )
}
