import '../staff.css'
import { useState } from 'react'
import { BrandChecklist } from '#pages/privacy-rights/BrandChecklist.tsx'
import { ChannelFields } from '#pages/privacy-rights/ChannelFields.tsx'
import type { Errors } from '#pages/privacy-rights/ContactFields.tsx'
import { EMPTY_USER_INFO } from '#pages/privacy-rights/request-store.ts'
import { Banner } from '#renderer/forms/Banner.tsx'
import { showsErrors, useErrorTitle } from '#renderer/forms/useErrorTitle.ts'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { SuppressionChannel } from '#shared/privacy-rights/request.ts'
import { STAFF_CHANNELS } from '#shared/privacy-rights/staff.ts'
import { useStaffForm } from '../staff-store'
import type { Data } from './+data'
import { CustomerFields, IdentityFields } from './StaffFields'
import { useRecordObjection } from './useRecordObjection'

/**
 * Issue 8: staff record a customer's objection to direct marketing (spec §2 'Staff form'). The same brands,
 * channels and contact rules as the public flow; how the customer's identity was checked; executed at once.
 */
export default function Page() {
  const { brands } = useData<Data>()
  const { lang } = usePageContext()
  const t = useTranslate()
  const { form, update, reset } = useStaffForm(lang === 'fr' ? 'fr' : 'nl')
  const [errors, setErrors] = useState<Errors>({})
  useErrorTitle(showsErrors(errors))
  const clearError = (field: string) => setErrors((e) => ({ ...e, [field]: undefined }))
  const { onSubmit, banner, closeBanner, busy, formRef } = useRecordObjection(form, brands, setErrors, reset)

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
      <CustomerFields form={form} update={update} errors={errors} setErrors={setErrors} />
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
      <IdentityFields form={form} update={update} errors={errors} clearError={clearError} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {t('staff.form.submit')}
        </button>
      </div>
    </form>
  )
}
