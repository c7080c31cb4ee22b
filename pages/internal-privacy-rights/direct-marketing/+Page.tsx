import '../staff.css'
import { useState } from 'react'
import { BrandChecklist } from '#pages/privacy-rights/BrandChecklist.tsx'
import { ChannelFields } from '#pages/privacy-rights/ChannelFields.tsx'
import { EmailField, type Errors } from '#pages/privacy-rights/ContactFields.tsx'
import { EMPTY_USER_INFO } from '#pages/privacy-rights/request-store.ts'
import { toBody, toFormErrors, useFormSubmit } from '#pages/privacy-rights/submit.ts'
import { Banner } from '#renderer/forms/Banner.tsx'
import { ChoiceList } from '#renderer/forms/ChoiceList.tsx'
import { TextField } from '#renderer/forms/Field.tsx'
import { phoneReaderFor } from '#renderer/forms/phone-reader.ts'
import { showsErrors, useErrorTitle } from '#renderer/forms/useErrorTitle.ts'
import { errorCode, postJson } from '#renderer/json.ts'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { CUSTOMER_LANGUAGE_LABELS, IDENTITY_CHECK_FIELD_LABELS } from '#shared/labels.ts'
import type { SuppressionChannel } from '#shared/privacy-rights/request.ts'
import {
  checkStaffBody,
  IDENTITY_CHECKS,
  IDENTITY_NOTE_MAX_LENGTH,
  type IdentityCheck,
  STAFF_CHANNELS,
  type StaffObjectionBody,
} from '#shared/privacy-rights/staff.ts'
import { localizedPath } from '#shared/routing.ts'
import { useStaffForm } from '../staff-store'
import type { Data } from './+data'

/**
 * Issue 8: staff record a customer's objection to direct marketing (spec §2 'Staff form'). The same brands,
 * channels and contact rules as the public flow; how the customer's identity was checked; executed at once.
 */
export default function Page() {
  const { brands } = useData<Data>()
  const { site, lang } = usePageContext()
  const t = useTranslate()
  const { form, update, reset } = useStaffForm(lang === 'fr' ? 'fr' : 'nl')
  const [errors, setErrors] = useState<Errors>({})
  useErrorTitle(showsErrors(errors))
  const ticked = new Set(form.communicationTypes)
  const clearError = (field: string) => setErrors((e) => ({ ...e, [field]: undefined }))

  // The stored form is an OBJECTION, so toBody already sends the brands' nro keys and the channels.
  const body = (): StaffObjectionBody => ({
    ...(toBody(form, site, form.language, brands, ticked.has('POSTAL')) as StaffObjectionBody),
    identityCheck: {
      // Not chosen yet: checkStaffBody reports it before anything is sent.
      method: form.identityMethod as IdentityCheck,
      ...(form.identityNote.trim() ? { note: form.identityNote.trim() } : {}),
    },
  })

  const { onSubmit, banner, closeBanner, busy, formRef } = useFormSubmit(
    setErrors,
    async () => {
      const known = new Set(brands.flatMap((brand) => brand.nroKeys))
      const readPhone = await phoneReaderFor(body().phoneNumber)
      return toFormErrors(checkStaffBody(body(), site.country, known, readPhone), form, {
        'identityCheck.method': 'identityMethod',
      })
    },
    async () => {
      const answer = await postJson('/api/internal-privacy-rights/direct-marketing', body())
      const recorded = (answer?.body as { recorded?: { requestId: string } } | null)?.recorded
      if (answer?.ok && recorded) {
        reset()
        const processed = localizedPath(lang, '/internal-privacy-rights/processed')
        window.location.assign(`${processed}?request=${recorded.requestId}`)
        return 'ok'
      }
      if (answer?.status === 401) {
        // The session ended (idle or absolute time-out): sign in again; the form is kept.
        window.location.assign(localizedPath(lang, '/internal-privacy-rights/sign-in'))
        return 'ok'
      }
      return errorCode(answer) === 'INVALID_EMAIL' ? 'invalid-email' : 'failure'
    },
  )

  const toggleChannel = (channel: SuppressionChannel, on: boolean) => {
    update((f) => ({
      communicationTypes: on
        ? [...f.communicationTypes, channel]
        : f.communicationTypes.filter((c) => c !== channel),
      // Spec §4: unticking a channel clears its data. The e-mail field stays: it also serves the confirmation.
      ...(on
        ? {}
        : channel === 'PHONE'
          ? { phone: '+' }
          : channel === 'POSTAL'
            ? { userInfo: EMPTY_USER_INFO }
            : {}),
    }))
    if (on) clearError('communicationTypes')
  }
  const setBrands = (ids: string[]) => {
    update({ brandIds: ids })
    if (ids.length > 0) clearError('brands')
  }

  return (
    <form ref={formRef} className="form form--wide staff-form" noValidate onSubmit={onSubmit}>
      <Banner banner={banner} onClose={closeBanner} />
      <h1>{t('staff.form.heading')}</h1>
      <p className="lead">{t('staff.form.intro')}</p>

      <fieldset className="fieldset">
        <legend>{t('staff.form.customer_legend')}</legend>
        <EmailField
          value={form.email}
          onChange={(email) => update({ email })}
          error={errors.email}
          setError={(rule) => setErrors((e) => ({ ...e, email: rule }))}
          required={ticked.has('EMAIL')}
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

      <BrandChecklist
        brands={brands}
        chosenIds={form.brandIds}
        onChange={setBrands}
        error={Boolean(errors.brands)}
        legend={t('staff.form.brands_legend')}
      />

      <ChannelFields
        channels={STAFF_CHANNELS}
        legend={t('staff.form.channels_legend')}
        onToggle={toggleChannel}
        form={form}
        update={update}
        errors={errors}
        setErrors={setErrors}
      />

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

      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {t('staff.form.submit')}
        </button>
      </div>
    </form>
  )
}
