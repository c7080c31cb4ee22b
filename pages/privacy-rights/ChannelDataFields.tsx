import type { Dispatch, ReactNode, SetStateAction } from 'react'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { CommunicationType } from '#shared/privacy-rights/request.ts'
import { AddressLookupFields } from './AddressFields'
import { type Errors, NameFields } from './ContactFields'
import { PhoneField } from './PhoneField'
import type { ClientRequest } from './request-store'

type UserInfo = ClientRequest['userInfo']

/**
 * The contact data an objection needs for its ticked channels (spec §4, §5), in the public flow and the staff
 * form alike: the phone number, then `between` (the public flow's e-mail field), then name and address for post.
 */
export function ChannelDataFields({
  ticked,
  phone,
  onPhone,
  info,
  setInfo,
  errors,
  setErrors,
  between,
}: {
  ticked: ReadonlySet<CommunicationType>
  phone: string
  onPhone: (phone: string) => void
  info: UserInfo
  setInfo: (change: Partial<UserInfo>) => void
  errors: Errors
  setErrors: Dispatch<SetStateAction<Errors>>
  between?: ReactNode
}) {
  const t = useTranslate()
  return (
    <>
      {ticked.has('PHONE') && (
        <PhoneField
          value={phone}
          onChange={onPhone}
          error={errors.phoneNumber}
          setError={(rule) => setErrors((e) => ({ ...e, phoneNumber: rule }))}
        />
      )}
      {between}
      {ticked.has('POSTAL') && (
        <fieldset className="fieldset">
          <legend>{t('privacy_rights.channels.postal_legend')}</legend>
          <NameFields info={info} setInfo={setInfo} errors={errors} required />
          <AddressLookupFields
            address={info.address}
            onChange={(address) => setInfo({ address })}
            error={errors.address}
            setError={(rule) => setErrors((e) => ({ ...e, address: rule }))}
          />
        </fieldset>
      )}
    </>
  )
}
