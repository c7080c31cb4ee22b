import { useEffect, useState } from 'react'
import { ChannelFields } from '#pages/privacy-rights/ChannelFields.tsx'
import { EmailField, type Errors } from '#pages/privacy-rights/ContactFields.tsx'
import { type ClientRequest, EMPTY_USER_INFO } from '#pages/privacy-rights/request-store.ts'
import { useSubmit } from '#pages/privacy-rights/submit.ts'
import { useClientRequest } from '#pages/privacy-rights/useClientRequest.ts'
import { FormProgress } from '#renderer/components/FormProgress.tsx'
import { Banner } from '#renderer/forms/Banner.tsx'
import { showsErrors, useErrorTitle } from '#renderer/forms/useErrorTitle.ts'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { COMMUNICATION_TYPES, type CommunicationType } from '#shared/privacy-rights/request.ts'
import { localizedPath } from '#shared/routing.ts'
import { DIRECT_MARKETING_STEPS } from '../steps'
import type { Data } from './+data'
import { ChosenBrands, NotificationsGuide } from './ChannelsNotes'

/** Spec §4: unticking a type clears its data: phone back to "+", e-mail emptied, postal details emptied. */
const CLEARED: Record<CommunicationType, Partial<ClientRequest>> = {
  PHONE: { phone: '+' },
  EMAIL: { email: '' },
  POSTAL: { userInfo: EMPTY_USER_INFO },
  NOTIFICATIONS: {},
}

/** Spec §2 and §4, step 2: the channels, their contact data, then submit. */
export default function Page() {
  const { brands, named } = useData<Data>()
  const { site, lang } = usePageContext()
  const t = useTranslate()
  const { request, update, ready } = useClientRequest('OBJECTION')
  const [errors, setErrors] = useState<Errors>({})
  useErrorTitle(showsErrors(errors))
  const ticked = new Set(request.communicationTypes)
  const options = {
    site,
    lang: lang === 'fr' ? 'fr' : 'nl',
    brands,
    withUserInfo: ticked.has('POSTAL'),
  } as const
  const { onSubmit, banner, closeBanner, busy, formRef } = useSubmit(request, options, setErrors)

  // Spec §2: without a chosen brand this step makes no sense: back to the overview.
  useEffect(() => {
    if (ready && request.brandIds.length === 0)
      window.location.replace(localizedPath(lang, '/privacy-rights'))
  }, [ready, request.brandIds.length, lang])

  const toggle = (type: CommunicationType, on: boolean) => {
    update((r) => ({
      communicationTypes: on
        ? [...r.communicationTypes, type]
        : r.communicationTypes.filter((c) => c !== type),
      ...(on ? {} : CLEARED[type]),
    }))
    if (on) setErrors((e) => ({ ...e, communicationTypes: undefined }))
  }

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
      <Banner banner={banner} onClose={closeBanner} />
      <h1>{t('privacy_rights.channels.heading')}</h1>
      <FormProgress steps={DIRECT_MARKETING_STEPS} current={1} />
      <p className="lead">{t('privacy_rights.channels.intro')}</p>
      <ChosenBrands brands={brands} named={named} brandIds={request.brandIds} />
      <ChannelFields
        channels={COMMUNICATION_TYPES}
        legend={t('privacy_rights.channels.legend')}
        onToggle={toggle}
        form={request}
        update={update}
        errors={errors}
        setErrors={setErrors}
        between={
          ticked.has('EMAIL') && (
            <EmailField
              value={request.email}
              onChange={(email) => update({ email })}
              error={errors.email}
              setError={(rule) => setErrors((e) => ({ ...e, email: rule }))}
              required
            />
          )
        }
      />
      {ticked.has('NOTIFICATIONS') && <NotificationsGuide />}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {t('privacy_rights.form.submit')}
        </button>
      </div>
    </form>
  )
}
