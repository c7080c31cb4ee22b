import { useEffect, useId, useRef, useState } from 'react'
import { Link } from '#renderer/components/Link.tsx'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { BRAND_TYPES, type BrandType, filterEntries, telHref } from '#shared/phone.ts'
import { MAX_LENGTH } from '#shared/privacy-rights/request.ts'
import type { Data } from './+data'
import './phone.css'
import { BRAND_TYPE_LABELS } from '#shared/labels.ts'

/** Spec §2 'Phone page': grouped by brand type, a search box, a type filter; a search resets the type. */
export default function Page() {
  const { entries } = useData<Data>()
  const { site, lang } = usePageContext()
  const t = useTranslate()
  const [search, setSearch] = useState('')
  const [type, setType] = useState<BrandType | 'all'>('all')
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const shown = filterEntries(entries, type, search)
  const types = BRAND_TYPES.filter((brandType) => entries.some((entry) => entry.brandType === brandType))

  useEffect(() => {
    if (!menuOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setMenuOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [menuOpen])

  const hours = site.country === 'BE' && lang === 'fr' ? t('phone.hours_fr') : t('phone.hours')
  return (
    <>
      <h1>{t('phone.heading')}</h1>
      <p className="lead">{t('phone.intro')}</p>
      <p>{hours}</p>
      <div className="phone-tools">
        <div className="field">
          <label className="field__label" htmlFor="phone-search">
            {t('phone.search')}
          </label>
          <input
            id="phone-search"
            type="search"
            className="field__input"
            maxLength={MAX_LENGTH.search}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value)
              // Spec §2: typing a search resets the type to all.
              setType('all')
            }}
          />
        </div>
        <div className="type-filter">
          <button
            ref={toggleRef}
            type="button"
            className="button button--secondary"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t('phone.filter')}: {t(BRAND_TYPE_LABELS[type])}
          </button>
          <ul id={menuId} className="type-filter__menu card" hidden={!menuOpen}>
            {(['all', ...types] as const).map((option) => (
              <li key={option}>
                <button
                  type="button"
                  aria-pressed={type === option}
                  onClick={() => {
                    setType(option)
                    setMenuOpen(false)
                    toggleRef.current?.focus()
                  }}
                >
                  {t(BRAND_TYPE_LABELS[option])}
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
      {/* Spec §8's search wording when nothing matches (issue 20: "0 merken" alone said too little). */}
      <p role="status" className="phone-count">
        {shown.length === 0 ? t('search.no_results') : t('phone.count', { smart_count: shown.length })}
      </p>
      {types.map((brandType) => {
        const group = shown.filter((entry) => entry.brandType === brandType)
        if (group.length === 0) return null
        return (
          <section key={brandType} className="phone-group" aria-labelledby={`type-${brandType}`}>
            <h2 id={`type-${brandType}`}>{t(BRAND_TYPE_LABELS[brandType])}</h2>
            <ul className="phone-list">
              {group.map((entry) => (
                <li key={entry.brandName} className="phone-entry">
                  <span className="phone-entry__brand">{entry.brandName}</span>
                  <a href={telHref(entry.phoneNumber)} className="phone-entry__number">
                    {entry.phoneNumber}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )
      })}
      <p className="field__hint">{t('phone.sample')}</p>
      <p>
        <Link href="/" className="button">
          {t('phone.back')}
        </Link>
      </p>
    </>
  )
}
