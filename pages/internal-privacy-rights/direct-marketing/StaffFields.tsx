import type { Dispatch, SetStateAction } from 'react'
import { EmailField, type Errors } from '#pages/privacy-rights/ContactFields.tsx'
import { ChoiceList } from '#renderer/forms/ChoiceList.tsx'
import { TextField } from '#renderer/forms/Field.tsx'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { CUSTOMER_LANGUAGE_LABELS, IDENTITY_CHECK_FIELD_LABELS } from '#shared/labels.ts'
import { IDENTITY_CHECKS, IDENTITY_NOTE_MAX_LENGTH } from '#shared/privacy-rights/staff.ts'
import type { StaffForm } from '../staff-store'

/** Issue 31 (moved from +Page.tsx): the staff form's own fieldsets, beside the public flow's brands and channels. */

interface FieldsProps {
  form: StaffForm
  update: (change: Partial<StaffForm>) => void
  errors: Errors
}

/** The customer: the e-mail address and, in Belgium, the language of the confirmation mail. */
export function CustomerFields({
  form,
  update,
  errors,
  setErrors,
}: FieldsProps & { setErrors: Dispatch<SetStateAction<Errors>> }) {
  const { site } = usePageContext()
  const t = useTranslate()
  return (
    <fieldset className="fieldset">
      <legend>{t('staff.form.customer_legend')}</legend>
      <EmailField
        value={form.email}
        onChange={(email) => update({ email })}
        error={errors.email}
        setError={(rule) => setErrors((e) => ({ ...e, email: rule }))}
        required={form.communicationTypes.includes('EMAIL')}
        hint={t('staff.form.email_hint')}
      />
      {site.country === 'BE' && (
        <fieldset className="fieldset fieldset--inline">
          <legend>{t('staff.form.language_legend')}</legend>
          {(['nl', 'fr'] as const).map((language) => (
            <label key={language} className="check">
              <input
                type="radio"
                name="language"
                value={language}
                checked={form.language === language}
                onChange={() => update({ language })}
              />
              <span>{t(CUSTOMER_LANGUAGE_LABELS[language])}</span>
            </label>
          ))}
        </fieldset>
      )}
    </fieldset>
  )
}

/** How the customer's identity was checked, with an optional note. */
export function IdentityFields({
  form,
  update,
  errors,
  clearError,
}: FieldsProps & { clearError: (field: string) => void }) {
  const t = useTranslate()
  return (
    <ChoiceList
      type="radio"
      name="identityMethod"
      legend={t('staff.form.identity_legend')}
      errorId="identity-error"
      error={Boolean(errors.identityMethod)}
      choices={IDENTITY_CHECKS.map((method) => ({
        value: method,
        label: t(IDENTITY_CHECK_FIELD_LABELS[method]),
      }))}
      checked={(method) => form.identityMethod === method}
      onChange={(method) => {
        update({ identityMethod: method })
        clearError('identityMethod')
      }}
    >
      <TextField
        name="identityNote"
        multiline
        label={t('staff.form.identity_note')}
        hint={t('staff.form.identity_note_hint')}
        error={null}
        maxLength={IDENTITY_NOTE_MAX_LENGTH}
        value={form.identityNote}
        onChange={(event) => update({ identityNote: event.target.value })}
      />
    </ChoiceList>
  )
}
