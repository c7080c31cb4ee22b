import type { Dispatch, ReactNode, SetStateAction } from 'react'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { CommunicationType } from '#shared/privacy-rights/request.ts'
import { AddressLookupFields } from './AddressFields'
import { ChannelChecklist } from './ChannelChecklist'
import { type Errors, NameFields } from './ContactFields'
import { PhoneField } from './PhoneField'
import type { ClientRequest } from './request-store'

type ChannelData = Pick<ClientRequest, 'communicationTypes' | 'phone' | 'userInfo'>

/**
 * The channels of an objection and the contact data its ticked channels need (spec §4, §5), in the public flow
 * and the staff form alike: the checklist, the phone number, then `between` (the public flow's e-mail field),
 * then name and address for post.
 */
export function ChannelFields<C extends CommunicationType>({
  channels,
  legend,
  onToggle,
  form,
  update,
  errors,
  setErrors,
  between,
}: {
  channels: readonly C[]
  legend: string
  onToggle: (type: C, on: boolean) => void
  /** The stored form (public request or staff form) and its `update`. */
  form: ChannelData
  update: (change: Partial<ChannelData>) => void
  errors: Errors
  setErrors: Dispatch<SetStateAction<Errors>>
  between?: ReactNode
}) {
  const t = useTranslate()
  const ticked = new Set(form.communicationTypes)
  const info = form.userInfo
  const setInfo = (change: Partial<ChannelData['userInfo']>) => update({ userInfo: { ...info, ...change } })
  return (
    <>
      <ChannelChecklist
        channels={channels}
        ticked={ticked}
        onToggle={onToggle}
        error={Boolean(errors.communicationTypes)}
        legend={legend}
      />
      {ticked.has('PHONE') && (
        <PhoneField
          value={form.phone}
          onChange={(phone) => update({ phone })}
          error={errors.phoneNumber}
          setError={(rule) => setErrors((e) => ({ ...e, phoneNumber: rule }))}
        />
      )}
      {between}
      {ticked.has('POSTAL') && (
        <fieldset className="fieldset">
          <legend>{t('privacy_rights.channels.postal_legend')}</legend>
          <NameFields
            info={info}
            setInfo={setInfo}
            errors={errors}
            setErrors={(change) => setErrors((e) => ({ ...e, ...change }))}
            required
          />
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
