import { useTranslate } from '#renderer/useTranslate.tsx'
import type { Brand } from '#shared/brands.ts'

/** The brands of an objection with select-all: the public brands step (spec §4) and the staff form. */
export function BrandChecklist({
  brands,
  chosenIds,
  onChange,
  error,
  legend,
}: {
  brands: readonly Brand[]
  chosenIds: readonly string[]
  onChange: (ids: string[]) => void
  error: boolean
  legend: string
}) {
  const t = useTranslate()
  const chosen = new Set(chosenIds)
  const allChosen = brands.length > 0 && brands.every((brand) => chosen.has(brand.id))
  return (
    <fieldset className="fieldset" aria-describedby={error ? 'brands-error' : undefined}>
      <legend>{legend}</legend>
      {error && (
        <p id="brands-error" className="field__error">
          {t('validation.required_option')}
        </p>
      )}
      <label className="check check--all">
        <input
          id="select-all"
          type="checkbox"
          checked={allChosen}
          aria-invalid={error || undefined}
          onChange={() => onChange(allChosen ? [] : brands.map((brand) => brand.id))}
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
                  onChange(
                    event.target.checked
                      ? [...chosenIds, brand.id]
                      : chosenIds.filter((id) => id !== brand.id),
                  )
                }
              />
              <span>{brand.description}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}
