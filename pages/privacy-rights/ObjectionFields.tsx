import { TextField } from '../../renderer/forms/Field'
import { useTranslate } from '../../renderer/useTranslate'
import type { Brand } from '../../shared/brands'
import { type CommunicationType, MAX_LENGTH } from '../../shared/privacy-rights/request'
import { acceptPhoneInput, checkPhone, type Rule } from '../../shared/privacy-rights/validation'

/**
 * The pieces of an objection that the public flow (spec §4) and the staff form (issue 8) share: the brand
 * checklist with select-all, the channel checklist, and the phone field with its keypress filter.
 */
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

export function ChannelChecklist<C extends CommunicationType>({
  channels,
  ticked,
  onToggle,
  error,
  legend,
}: {
  channels: readonly { type: C; labelKey: string }[]
  ticked: ReadonlySet<CommunicationType>
  onToggle: (type: C, on: boolean) => void
  error: boolean
  legend: string
}) {
  const t = useTranslate()
  return (
    <fieldset className="fieldset" aria-describedby={error ? 'channels-error' : undefined}>
      <legend>{legend}</legend>
      {error && (
        <p id="channels-error" className="field__error">
          {t('validation.required_option')}
        </p>
      )}
      {channels.map((channel, index) => (
        <label key={channel.type} className="check">
          <input
            type="checkbox"
            name="communicationType"
            value={channel.type}
            checked={ticked.has(channel.type)}
            aria-invalid={(index === 0 && error) || undefined}
            onChange={(event) => onToggle(channel.type, event.target.checked)}
          />
          <span>{t(channel.labelKey)}</span>
        </label>
      ))}
    </fieldset>
  )
}

/** Spec §5: keypress accepts digits and "+" only; checked on blur once more than "+" is typed. */
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
    <TextField
      name="phoneNumber"
      type="tel"
      label={t('privacy_rights.form.phone')}
      hint={t('privacy_rights.form.phone_hint')}
      error={error}
      required
      maxLength={MAX_LENGTH.phone}
      value={value}
      autoComplete="tel"
      onChange={(event) => {
        const next = event.target.value.replace(/\s+/g, '')
        if (!acceptPhoneInput(next)) return
        onChange(next)
        if (error) setError(checkPhone(next) ?? undefined)
      }}
      onBlur={(event) => {
        if (event.target.value !== '+') setError(checkPhone(event.target.value) ?? undefined)
      }}
    />
  )
}
