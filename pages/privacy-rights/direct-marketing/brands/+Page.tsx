import { type FormEvent, useState } from 'react'
import { BrandChecklist } from '#pages/privacy-rights/BrandChecklist.tsx'
import { useClientRequest } from '#pages/privacy-rights/useClientRequest.ts'
import { FormProgress } from '#renderer/components/FormProgress.tsx'
import { focusInView } from '#renderer/forms/Field.tsx'
import { useErrorTitle } from '#renderer/forms/useErrorTitle.ts'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { localizedPath } from '#shared/routing.ts'
import { DIRECT_MARKETING_STEPS } from '../steps'
import type { Data } from './+data'

/** Spec §2 and §4, step 1: choose at least one brand; select-all toggles every brand. */
export default function Page() {
  const { brands, named } = useData<Data>()
  const { lang } = usePageContext()
  const t = useTranslate()
  const { request, update } = useClientRequest('OBJECTION')
  const [error, setError] = useState(false)
  useErrorTitle(error)
  const setChosen = (ids: string[]) => {
    update({ brandIds: ids })
    if (ids.length > 0 && error) setError(false)
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (request.brandIds.length === 0) {
      setError(true)
      requestAnimationFrame(() => {
        const selectAll = document.getElementById('select-all')
        if (selectAll) focusInView(selectAll)
      })
      return
    }
    window.location.assign(localizedPath(lang, '/privacy-rights/direct-marketing/communication-types'))
  }
  return (
    <form className="form form--wide" noValidate onSubmit={onSubmit}>
      <h1>{t('privacy_rights.brands.heading')}</h1>
      <FormProgress steps={DIRECT_MARKETING_STEPS} current={0} />
      <p className="lead">{t('privacy_rights.brands.intro')}</p>
      {named.length > 0 && <p>{t('privacy_rights.brands.named', { brands: named.join(' · ') })}</p>}
      <BrandChecklist
        brands={brands}
        chosenIds={request.brandIds}
        onChange={setChosen}
        error={error}
        legend={t('privacy_rights.brands.legend')}
      />
      <div className="form-actions">
        <button type="submit" className="button">
          {t('privacy_rights.brands.next')}
        </button>
      </div>
    </form>
  )
}
