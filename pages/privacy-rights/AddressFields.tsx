import { TextField } from '#renderer/forms/Field.tsx'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { MAX_LENGTH } from '#shared/privacy-rights/request.ts'
import type { Rule } from '#shared/privacy-rights/validation.ts'
import { type AddressState, useAddressLookup } from './useAddressLookup'

/**
 * Spec §5 address widget: NL looks up postal code + house number (+ suffix), BE postal code + street +
 * number, through GET /api/address. A found address fills street and city; none clears them and shows
 * validation.address. When the registers cannot be reached, the visitor types street and city.
 */
export function AddressLookupFields({
  address,
  onChange,
  error,
  setError,
}: {
  address: AddressState
  onChange: (address: AddressState) => void
  error: Rule | undefined
  setError: (rule: Rule | undefined) => void
}) {
  const { site } = usePageContext()
  const t = useTranslate()
  const { manual, looking, lookUp } = useAddressLookup(address, onChange, setError)
  const belgium = site.country === 'BE'

  const field = (
    name: keyof AddressState,
    label: string,
    max: number,
    extra: Record<string, unknown> = {},
  ) => (
    <TextField
      name={name}
      label={label}
      error={error && name === 'postalCode' ? error : null}
      maxLength={max}
      value={address[name]}
      onChange={(e) => {
        const next = { ...address, [name]: e.target.value }
        // Changing what was looked up invalidates the found street and city.
        if (!manual && name !== 'street' && name !== 'city')
          Object.assign(next, belgium ? { city: '' } : { street: '', city: '' })
        onChange(next)
      }}
      onBlur={() => void lookUp(address)}
      {...extra}
    />
  )

  return (
    <div className="address-lookup" aria-busy={looking}>
      <div className="field-row">
        {field('postalCode', t('privacy_rights.form.postal_code'), MAX_LENGTH.postalCode, {
          required: true,
          autoComplete: 'postal-code',
        })}
        {belgium &&
          field('street', t('privacy_rights.form.street'), MAX_LENGTH.street, {
            required: true,
            autoComplete: 'address-line1',
          })}
        {field('houseNumber', t('privacy_rights.form.house_number'), MAX_LENGTH.houseNumber, {
          required: true,
        })}
        {field(
          'houseNumberExtension',
          t('privacy_rights.form.house_number_extension'),
          MAX_LENGTH.houseNumberExtension,
        )}
      </div>
      {manual ? (
        <>
          <p className="field__hint">{t('privacy_rights.form.address_manual')}</p>
          {!belgium &&
            field('street', t('privacy_rights.form.street'), MAX_LENGTH.street, { required: true })}
          {field('city', t('privacy_rights.form.city'), MAX_LENGTH.city, { required: true })}
        </>
      ) : (
        <p className="address-lookup__result" aria-live="polite">
          {address.street && address.city
            ? `${address.street} ${address.houseNumber}${address.houseNumberExtension ? ` ${address.houseNumberExtension}` : ''}, ${address.postalCode} ${address.city}`
            : t('privacy_rights.form.address_hint')}
        </p>
      )}
    </div>
  )
}
