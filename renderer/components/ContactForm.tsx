import { type FormEvent, useCallback, useRef, useState } from 'react'
import { CONTACT_MAX, CONTACT_SUBJECTS, type ContactSubject } from '#shared/contact.ts'
import { CONTACT_SUBJECT_LABELS } from '#shared/labels.ts'
import { phoneOrNothing } from '#shared/privacy-rights/request.ts'
import { checkEmail, checkRequired, type Rule } from '#shared/privacy-rights/validation.ts'
import { checkSender } from '#shared/sender-rules.ts'
import { Banner, type BannerState } from '../forms/Banner'
import { SelectField, TextField, useFocusFirstError } from '../forms/Field'
import { PhoneField } from '../forms/PhoneField'
import { phoneReaderFor } from '../forms/phone-reader'
import { showsErrors, useErrorTitle } from '../forms/useErrorTitle'
import { errorCode, postJson, refusedFields } from '../json'
import { usePageContext } from '../usePageContext'
import { useTranslate } from '../useTranslate'

const EMPTY = { subject: '' as ContactSubject | '', name: '', email: '', phone: '', question: '' }
export type ContactValues = typeof EMPTY
type Errors = Partial<Record<'name' | 'email' | 'phone' | 'question', Rule>>

/**
 * Spec §2, §5, §8: the contact form of home and about. Success shows contact.send_success (4 s) and
 * clears the form; EMAIL_INVALID marks the e-mail field; anything else shows contact.send_failure.
 */
export function ContactForm({ initialValues = {} }: { initialValues?: Partial<ContactValues> }) {
  const t = useTranslate()
  const { formRef, values, errors, setErrors, set, busy, banner, closeBanner, onSubmit } =
    useContactForm(initialValues)

  return (
    <form ref={formRef} className="form contact-form" noValidate onSubmit={onSubmit}>
      <SelectField
        id="contact-subject"
        name="subject"
        label={t('contact.subject')}
        value={values.subject}
        onChange={(value) => set('subject', value)}
        empty={t('contact.subject_choose')}
        options={CONTACT_SUBJECTS.map((subject) => [subject, t(CONTACT_SUBJECT_LABELS[subject])] as const)}
      />
      <TextField
        name="name"
        label={t('contact.name')}
        error={errors.name}
        required
        maxLength={CONTACT_MAX.name}
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        autoComplete="name"
      />
      <TextField
        name="email"
        type="email"
        label={t('contact.email')}
        error={errors.email}
        required
        maxLength={CONTACT_MAX.email}
        value={values.email}
        autoComplete="email"
        onChange={(e) => set('email', e.target.value)}
        onBlur={(e) => setErrors((x) => ({ ...x, email: checkEmail(e.target.value, true) ?? undefined }))}
      />
      <PhoneField
        name="phone"
        label={t('contact.phone')}
        maxLength={CONTACT_MAX.phone}
        value={values.phone}
        onChange={(phone) => set('phone', phone)}
        error={errors.phone}
        setError={(rule) => setErrors((e) => ({ ...e, phone: rule }))}
      />
      <TextField
        name="question"
        multiline
        label={t('contact.question')}
        error={errors.question}
        required
        maxLength={CONTACT_MAX.question}
        value={values.question}
        onChange={(e) => set('question', e.target.value)}
      />
      <div className="form-actions">
        {/* aria-disabled, not disabled: a disabled button loses the focus, which would drop to the page. */}
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {t('contact.send')}
        </button>
      </div>
      <Banner banner={banner} onClose={closeBanner} inline />
    </form>
  )
}

/** The form's values, their errors, the banner and the sending (spec §5, §8). */
function useContactForm(initialValues: Partial<ContactValues>) {
  const { locale, site } = usePageContext()
  const [values, setValues] = useState<ContactValues>(() => ({
    ...EMPTY,
    ...initialValues,
    subject: CONTACT_SUBJECTS.find((subject) => subject === initialValues.subject) ?? '',
  }))
  const [errors, setErrors] = useState<Errors>({})
  const [banner, setBanner] = useState<BannerState | null>(null)
  const [busy, setBusy] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const focusError = useFocusFirstError(formRef)
  useErrorTitle(showsErrors(errors))
  const closeBanner = useCallback(() => setBanner(null), [])
  const set = (field: keyof typeof EMPTY, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    if ((field === 'name' || field === 'question') && errors[field])
      setErrors((e) => ({ ...e, [field]: checkRequired(value) ?? undefined }))
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const found: Errors = checkSender(values, 'question')
    const phone = phoneOrNothing(values.phone)
    if (phone && !(await phoneReaderFor(phone))(values.phone, site.country)) found.phone = 'phone'
    setErrors(found)
    if (showsErrors(found)) {
      focusError()
      return
    }
    setBusy(true)
    const answer = await postJson(
      `/api/contact?locale=${locale}`,
      {
        name: values.name.trim(),
        email: values.email.trim(),
        question: values.question.trim(),
        ...(values.subject ? { subject: values.subject } : {}),
        ...(phone ? { phone: values.phone.trim() } : {}),
      },
      { submission: true },
    )
    setBusy(false)
    if (answer?.ok) {
      setValues(EMPTY)
      setBanner({ type: 'success', textKey: 'contact.send_success' })
    } else if (errorCode(answer) === 'EMAIL_INVALID') {
      setErrors({ email: 'email_unreachable' })
      focusError()
    } else if (refusedFields(answer).includes('phone')) {
      setErrors({ phone: 'phone' })
      focusError()
    } else {
      setBanner({ type: 'error', textKey: 'contact.send_failure' })
    }
  }
  return { formRef, values, errors, setErrors, set, busy, banner, closeBanner, onSubmit }
}
