import { TextField } from '#renderer/forms/Field.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { MAX_LENGTH } from '#shared/privacy-rights/request.ts'
import { checkEmail, checkRequired, type Rule } from '#shared/privacy-rights/validation.ts'
import type { ClientRequest } from './request-store'

/** Field name → the rule it breaks, as the request forms show them. */
export type Errors = Partial<Record<string, Rule>>

/** The body field a rule names, as the form's field name. */
export function formField(field: string): string {
  return field.replace(/^userInfo\./, '')
}

const NAME_FIELDS = [
  { field: 'firstName', label: 'privacy_rights.form.first_name', autoComplete: 'given-name' },
  { field: 'lastName', label: 'privacy_rights.form.last_name', autoComplete: 'family-name' },
] as const

/**
 * First and last name. Where they are required (post), a shown error is checked again on input and goes as
 * soon as the name is there (spec §5: required text is checked on input), as in the other forms.
 */
export function NameFields({
  info,
  setInfo,
  errors,
  setErrors,
  required,
}: {
  info: ClientRequest['userInfo']
  setInfo: (change: Partial<ClientRequest['userInfo']>) => void
  errors: Errors
  setErrors?: (change: Errors) => void
  required: boolean
}) {
  const t = useTranslate()
  const set = (field: 'firstName' | 'lastName', value: string) => {
    setInfo({ [field]: value })
    if (required && errors[field]) setErrors?.({ [field]: checkRequired(value) ?? undefined })
  }
  return (
    <div className="field-row">
      {NAME_FIELDS.map(({ field, label, autoComplete }) => (
        <TextField
          key={field}
          name={field}
          label={t(label)}
          error={errors[field]}
          required={required}
          maxLength={MAX_LENGTH[field]}
          value={info[field]}
          onChange={(e) => set(field, e.target.value)}
          autoComplete={autoComplete}
        />
      ))}
    </div>
  )
}

/** The e-mail field: checked on blur (spec §5), and again on submit. */
export function EmailField({
  value,
  onChange,
  error,
  setError,
  required,
  hint,
}: {
  value: string
  onChange: (value: string) => void
  error: Rule | undefined
  setError: (rule: Rule | undefined) => void
  required: boolean
  hint?: string
}) {
  const t = useTranslate()
  return (
    <TextField
      name="email"
      type="email"
      label={t('privacy_rights.form.email')}
      hint={hint}
      error={error}
      required={required}
      maxLength={MAX_LENGTH.email}
      value={value}
      autoComplete="email"
      onChange={(e) => {
        onChange(e.target.value)
        if (error === 'required' && e.target.value.trim()) setError(undefined)
      }}
      onBlur={(e) => setError(checkEmail(e.target.value, required) ?? undefined)}
    />
  )
}
