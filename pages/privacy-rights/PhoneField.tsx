import { PhoneField as PhoneInput } from '#renderer/forms/PhoneField.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { MAX_LENGTH } from '#shared/privacy-rights/request.ts'
import type { Rule } from '#shared/privacy-rights/validation.ts'

/** The objection's phone number (spec §5, issue 27): required once the phone channel is ticked. */
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
    <PhoneInput
      name="phoneNumber"
      label={t('privacy_rights.form.phone')}
      hint={t('privacy_rights.form.phone_hint')}
      required
      maxLength={MAX_LENGTH.phone}
      value={value}
      onChange={onChange}
      error={error}
      setError={setError}
    />
  )
}
