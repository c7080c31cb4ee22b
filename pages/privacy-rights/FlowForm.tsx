import { type ReactNode, useState } from 'react'
import { Banner } from '#renderer/forms/Banner.tsx'
import { SelectField, TextField } from '#renderer/forms/Field.tsx'
import { showsErrors, useErrorTitle } from '#renderer/forms/useErrorTitle.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { PhraseKey } from '#shared/i18n/translate.ts'
import { SALUTATION_LABELS } from '#shared/labels.ts'
import { type FlowType, MAX_LENGTH, SALUTATIONS } from '#shared/privacy-rights/request.ts'
import type { Rule } from '#shared/privacy-rights/validation.ts'
import { EmailField, type Errors, NameFields } from './ContactFields'
import { MessageField, PublicationFields } from './FlowFields'
import { type ClientRequest, EMPTY_USER_INFO } from './request-store'
import { useSubmit } from './submit'
import { useClientRequest } from './useClientRequest'

/** The account-details block (spec §4): optional; its data is cleared before sending when it is hidden. */
export function AccountDetails({
  request,
  update,
  errors,
  open,
  setOpen,
  intro,
}: {
  request: ClientRequest
  update: (change: Partial<ClientRequest>) => void
  errors: Errors
  open: boolean
  setOpen: (open: boolean) => void
  intro: string
}) {
  const t = useTranslate()
  const info = request.userInfo
  const setInfo = (change: Partial<ClientRequest['userInfo']>) => update({ userInfo: { ...info, ...change } })
  const addressField = (name: AddressPart, label: PhraseKey, autoComplete?: string) => (
    <TextField
      name={name}
      label={t(label)}
      error={null}
      maxLength={MAX_LENGTH[name]}
      value={info.address[name]}
      onChange={(e) => setAddress({ [name]: e.target.value })}
      autoComplete={autoComplete}
    />
  )
  const setAddress = (change: Partial<ClientRequest['userInfo']['address']>) =>
    setInfo({ address: { ...info.address, ...change } })
  return (
    <fieldset className="fieldset">
      <legend>{t('privacy_rights.form.account.legend')}</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={open}
          onChange={(event) => {
            setOpen(event.target.checked)
            if (!event.target.checked) setInfo(EMPTY_USER_INFO)
          }}
        />
        <span>{t('privacy_rights.form.account.toggle')}</span>
      </label>
      {open && (
        <div className="account-details">
          <p className="field__hint">{intro}</p>
          <SelectField
            id="salutation"
            label={t('privacy_rights.form.salutation')}
            value={info.salutation}
            onChange={(value) => setInfo({ salutation: value as ClientRequest['userInfo']['salutation'] })}
            empty={t('privacy_rights.form.salutation_choose')}
            options={SALUTATIONS.map((salutation) => [salutation, t(SALUTATION_LABELS[salutation])] as const)}
          />
          <NameFields info={info} setInfo={setInfo} errors={errors} required={false} />
          <div className="field-row">
            {addressField('postalCode', 'privacy_rights.form.postal_code', 'postal-code')}
            {addressField('houseNumber', 'privacy_rights.form.house_number')}
            {addressField('houseNumberExtension', 'privacy_rights.form.house_number_extension')}
          </div>
          {addressField('street', 'privacy_rights.form.street', 'address-line1')}
          {addressField('city', 'privacy_rights.form.city', 'address-level2')}
        </div>
      )}
    </fieldset>
  )
}

/** The parts of the optional account address, each with its own maximum length (spec §5). */
type AddressPart = 'postalCode' | 'houseNumber' | 'houseNumberExtension' | 'street' | 'city'

/** Access, rectification, removal from publication and erasure: one form, its fields per flow. */
export function FlowForm({
  flowType,
  intro,
  accountIntro,
  fields,
  children,
}: {
  flowType: FlowType
  intro: ReactNode
  accountIntro: string
  fields: { message: 'required' | 'optional'; brandNames?: string[]; publication?: boolean }
  children?: ReactNode
}) {
  const { site, lang } = usePageContext()
  const t = useTranslate()
  const { request, update } = useClientRequest(flowType)
  const [errors, setErrors] = useState<Errors>({})
  useErrorTitle(showsErrors(errors))
  const [accountOpen, setAccountOpen] = useState(false)
  const options = { site, lang: lang === 'fr' ? 'fr' : 'nl', brands: [], withUserInfo: accountOpen } as const
  const { onSubmit, banner, closeBanner, busy, formRef } = useSubmit(request, options, setErrors)
  const setError = (field: string, rule: Rule | null | undefined) =>
    setErrors((e) => ({ ...e, [field]: rule ?? undefined }))
  const fieldProps = { request, update, errors, setError }
  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
      <Banner banner={banner} onClose={closeBanner} />
      {intro}
      {fields.brandNames && (
        <SelectField
          id="brandName"
          label={t('privacy_rights.form.brand')}
          value={request.brandName}
          onChange={(brandName) => update({ brandName })}
          empty={t('privacy_rights.form.brand_choose')}
          options={fields.brandNames.map((name) => [name, name] as const)}
        />
      )}
      {fields.publication && <PublicationFields {...fieldProps} />}
      <MessageField {...fieldProps} required={fields.message === 'required'} />
      <EmailField
        value={request.email}
        onChange={(email) => update({ email })}
        error={errors.email}
        setError={(rule) => setError('email', rule)}
        required
      />
      <AccountDetails
        request={request}
        update={update}
        errors={errors}
        open={accountOpen}
        setOpen={setAccountOpen}
        intro={accountIntro}
      />
      {children}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {t('privacy_rights.form.submit')}
        </button>
      </div>
    </form>
  )
}
