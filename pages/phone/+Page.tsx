import { Link } from '#renderer/components/Link.tsx'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { BRAND_TYPE_LABELS } from '#shared/labels.ts'
import { BRAND_TYPES, telHref } from '#shared/phone.ts'
import { MAX_LENGTH } from '#shared/privacy-rights/request.ts'
import type { Data } from './+data'
import './phone.css'

const TYPE_MENU_ID = 'phone-type-menu'

/**
 * Spec §2 'Phone page': grouped by brand type, a search box, a type filter; a search resets the type. The
 * whole list is rendered here; phone-filter.ts narrows it in the browser without React (issue 19), with the
 * raw count phrase and the no-result text it needs carried as data attributes.
 */
export default function Page() {
  const { entries } = useData<Data>()
  const { site, lang, phrases } = usePageContext()
  const t = useTranslate()
  const types = BRAND_TYPES.filter((brandType) => entries.some((entry) => entry.brandType === brandType))
  const hours = site.country === 'BE' && lang === 'fr' ? t('phone.hours_fr') : t('phone.hours')
  return (
    <>
      <h1>{t('phone.heading')}</h1>
      <p className="lead">{t('phone.intro')}</p>
      <p>{hours}</p>
      <div className="phone-tools" data-phone-filter>
        <div className="field">
          <label className="field__label" htmlFor="phone-search">
            {t('phone.search')}
          </label>
          <input id="phone-search" type="search" className="field__input" maxLength={MAX_LENGTH.search} />
        </div>
        <div className="type-filter">
          <button
            type="button"
            className="button button--secondary"
            aria-expanded="false"
            aria-controls={TYPE_MENU_ID}
          >
            {t('phone.filter')}: <span data-type-label>{t(BRAND_TYPE_LABELS.all)}</span>
          </button>
          <ul id={TYPE_MENU_ID} className="type-filter__menu card" hidden>
            {(['all', ...types] as const).map((option) => (
              <li key={option}>
                <button type="button" aria-pressed={option === 'all'} data-type={option}>
                  {t(BRAND_TYPE_LABELS[option])}
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p
        role="status"
        className="phone-count"
        data-count-phrase={phrases['phone.count']}
        data-no-results={t('search.no_results')}
      >
        {t('phone.count', { smart_count: entries.length })}
      </p>
      {types.map((brandType) => (
        <section key={brandType} className="phone-group" aria-labelledby={`type-${brandType}`}>
          <h2 id={`type-${brandType}`}>{t(BRAND_TYPE_LABELS[brandType])}</h2>
          <ul className="phone-list">
            {entries
              .filter((entry) => entry.brandType === brandType)
              .map((entry) => (
                <li
                  key={entry.brandName}
                  className="phone-entry"
                  data-brand-name={entry.brandName}
                  data-brand-type={entry.brandType}
                >
                  <span className="phone-entry__brand">{entry.brandName}</span>
                  <a href={telHref(entry.phoneNumber)} className="phone-entry__number">
                    {entry.phoneNumber}
                  </a>
                </li>
              ))}
          </ul>
        </section>
      ))}
      <p className="field__hint">{t('phone.sample')}</p>
      <p>
        <Link href="/" className="button">
          {t('phone.back')}
        </Link>
      </p>
    </>
  )
}
