import { TextField } from '#renderer/forms/Field.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { MAX_LENGTH, phoneOrNothing } from '#shared/privacy-rights/request.ts'
import { acceptPhoneInput, checkPhone, type Rule } from '#shared/privacy-rights/validation.ts'

/** Spec §5: keypress accepts digits and "+" only; checked on blur once more than "+" is typed. */
export function PhoneField({
  value,
  onChange,
  error,
  setError,
}: {
  value: string
  onChange: (value: string) => void
  error: Rule | undefined
  setError: (rule: Rule | undefined) => void
}) {
  const t = useTranslate()
  return (
    <TextField
      name="phoneNumber"
      type="tel"
      label={t('privacy_rights.form.phone')}
      hint={t('privacy_rights.form.phone_hint')}
      error={error}
      required
      maxLength={MAX_LENGTH.phone}
      value={value}
      autoComplete="tel"
      onChange={(event) => {
        const next = event.target.value.replace(/\s+/g, '')
        if (!acceptPhoneInput(next)) return
        onChange(next)
        if (error) setError(checkPhone(next) ?? undefined)
      }}
      onBlur={(event) => {
        // A lone "+" is the empty field (spec §4): nothing to check yet.
        if (phoneOrNothing(event.target.value)) setError(checkPhone(event.target.value) ?? undefined)
      }}
    />
  )
}
