import { type FormEvent, useRef, useState } from 'react'
import { useData } from '../../../../renderer/useData'
import { usePageContext } from '../../../../renderer/usePageContext'
import { useTranslate } from '../../../../renderer/useTranslate'
import { localizedPath } from '../../../../shared/routing'
import { useClientRequest } from '../../request-store'
import type { Data } from './+data'

/** Spec §2 and §4, step 1: choose at least one brand; select-all toggles every brand. */
export default function Page() {
  const { brands, named } = useData<Data>()
  const { lang } = usePageContext()
  const t = useTranslate()
  const { request, update } = useClientRequest('OBJECTION')
  const [error, setError] = useState(false)
  const errorRef = useRef<HTMLParagraphElement>(null)
  const chosen = new Set(request.brandIds)
  const allChosen = brands.length > 0 && brands.every((brand) => chosen.has(brand.id))
  const setChosen = (ids: string[]) => {
    update({ brandIds: ids })
    if (ids.length > 0) setError(false)
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (chosen.size === 0) {
      setError(true)
      requestAnimationFrame(() => document.getElementById('select-all')?.focus())
      return
    }
    window.location.assign(localizedPath(lang, '/privacy-rights/direct-marketing/communication-types'))
  }
  return (
    <form className="form form--wide" noValidate onSubmit={onSubmit}>
      <h1>{t('privacy_rights.brands.heading')}</h1>
      <img
        src="/images/progress/step-1.svg"
        alt={t('privacy_rights.progress.step_1')}
        className="progress"
        width="320"
        height="24"
      />
      <p className="lead">{t('privacy_rights.brands.intro')}</p>
      {named.length > 0 && <p>{t('privacy_rights.brands.named', { brands: named.join(' · ') })}</p>}
      <fieldset className="fieldset" aria-describedby={error ? 'brands-error' : undefined}>
        <legend>{t('privacy_rights.brands.legend')}</legend>
        {error && (
          <p id="brands-error" ref={errorRef} className="field__error">
            {t('validation.required_option')}
          </p>
        )}
        <label className="check check--all">
          <input
            id="select-all"
            type="checkbox"
            checked={allChosen}
            aria-invalid={error || undefined}
            onChange={() => setChosen(allChosen ? [] : brands.map((brand) => brand.id))}
          />
          <span>{t('privacy_rights.brands.select_all')}</span>
        </label>
        <ul className="check-grid">
          {brands.map((brand) => (
            <li key={brand.id}>
              <label className="check">
                <input
                  type="checkbox"
                  name="brand"
                  value={brand.id}
                  checked={chosen.has(brand.id)}
                  onChange={(event) =>
                    setChosen(
                      event.target.checked
                        ? [...request.brandIds, brand.id]
                        : request.brandIds.filter((id) => id !== brand.id),
                    )
                  }
                />
                <span>{brand.description}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button">
          {t('privacy_rights.brands.next')}
        </button>
      </div>
    </form>
  )
}
