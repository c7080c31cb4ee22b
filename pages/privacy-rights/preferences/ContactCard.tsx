import { useRef, useState } from 'react'
import { focusInView } from '#renderer/forms/Field.tsx'
import { showsErrors, useErrorTitle } from '#renderer/forms/useErrorTitle.ts'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { PhraseKey } from '#shared/i18n/translate.ts'
import type { SuppressionChannel } from '#shared/privacy-rights/request.ts'
import type { Rule } from '#shared/privacy-rights/validation.ts'
import { AddressLookupFields } from '../AddressFields'
import { type Errors, formField, NameFields } from '../ContactFields'
import { PhoneField } from '../PhoneField'
import { EMPTY_USER_INFO } from '../request-store'

/** Issue 31 (moved from Centre.tsx): the phone number and postal address a stop of those channels needs. */
export function useContactDetails() {
  const [phone, setPhone] = useState('+')
  const [info, setInfo] = useState(EMPTY_USER_INFO)
  const [errors, setErrors] = useState<Errors>({})
  const section = useRef<HTMLElement>(null)
  useErrorTitle(showsErrors(errors))
  const hasPhone = phone.replace(/\s+/g, '') !== '+' && phone.trim() !== ''
  const hasAddress = Boolean(info.firstName.trim() || info.lastName.trim() || info.address.street.trim())
  const focusError = () =>
    requestAnimationFrame(() => {
      const field = section.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
      if (field) focusInView(field)
    })
  return {
    phone,
    setPhone,
    info,
    setInfo,
    errors,
    setErrors,
    section,
    /** What the stop sends of them: only what was given. */
    given: () => ({ ...(hasPhone ? { phoneNumber: phone } : {}), ...(hasAddress ? { userInfo: info } : {}) }),
    /** Marks what a stop needs and lacks, takes the reader there, and answers the phrase that says so. */
    lacking(channels: ReadonlySet<SuppressionChannel>): PhraseKey | null {
      const next: Errors = {}
      if (channels.has('PHONE') && !hasPhone) next.phoneNumber = 'required'
      if (channels.has('POSTAL') && !hasAddress) {
        next.firstName = 'required'
        next.lastName = 'required'
        next.address = 'address'
      }
      if (!showsErrors(next)) return null
      setErrors(next)
      focusError()
      return next.phoneNumber
        ? 'privacy_rights.preferences.needs_phone'
        : 'privacy_rights.preferences.needs_address'
    },
    /** The server refused fields (a 400): marks them and takes the reader to the first. */
    refused(fields: readonly { field: string; rule: Rule }[]) {
      setErrors(
        Object.fromEntries(
          fields.map((f) => [
            formField(f.field) === 'phoneNumber' ? 'phoneNumber' : formField(f.field),
            f.rule,
          ]),
        ),
      )
      focusError()
    },
  }
}

export type ContactDetails = ReturnType<typeof useContactDetails>

export function ContactCard({ details }: { details: ContactDetails }) {
  const t = useTranslate()
  const { phone, setPhone, info, setInfo, errors, setErrors } = details
  return (
    <section className="card" ref={details.section} aria-labelledby="contact-heading">
      <h2 id="contact-heading">{t('privacy_rights.preferences.contact_heading')}</h2>
      <p>{t('privacy_rights.preferences.contact_intro')}</p>
      <PhoneField
        value={phone}
        onChange={setPhone}
        error={errors.phoneNumber}
        setError={(rule) => setErrors((e) => ({ ...e, phoneNumber: rule }))}
      />
      <fieldset className="fieldset">
        <legend>{t('privacy_rights.channels.postal_legend')}</legend>
        <NameFields
          info={info}
          setInfo={(change) => setInfo((current) => ({ ...current, ...change }))}
          errors={errors}
          setErrors={(change) => setErrors((e) => ({ ...e, ...change }))}
          required={false}
        />
        <AddressLookupFields
          address={info.address}
          onChange={(address) => setInfo((current) => ({ ...current, address }))}
          error={errors.address}
          setError={(rule) => setErrors((e) => ({ ...e, address: rule }))}
        />
      </fieldset>
    </section>
  )
}
