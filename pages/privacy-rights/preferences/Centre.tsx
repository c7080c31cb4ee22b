import { type FormEvent, useRef, useState } from 'react'
import { Link } from '#renderer/components/Link.tsx'
import { focusInView } from '#renderer/forms/Field.tsx'
import { showsErrors, useErrorTitle } from '#renderer/forms/useErrorTitle.ts'
import { postJson } from '#renderer/json.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { formatLongDate } from '#shared/format.ts'
import { CHANNEL_FIELD_LABELS } from '#shared/labels.ts'
import type {
  BrandPreference,
  PreferenceStopAnswer,
  PreferenceStopBody,
  PreferencesView,
} from '#shared/privacy-rights/preferences.ts'
import type { SuppressionChannel } from '#shared/privacy-rights/request.ts'
import type { Rule } from '#shared/privacy-rights/validation.ts'
import { AddressLookupFields } from '../AddressFields'
import { type Errors, formField, NameFields } from '../ContactFields'
import { PhoneField } from '../PhoneField'
import { EMPTY_USER_INFO } from '../request-store'
import { type Message, StatusLine } from './StatusLine'

/** Issue 31 (moved from +Page.tsx): with a working link, the reader's choices per brand and channel. */

export function Centre({ initial, token }: { initial: PreferencesView; token: string }) {
  const t = useTranslate()
  const { lang, site } = usePageContext()
  const [view, setView] = useState(initial)
  const [phone, setPhone] = useState('+')
  const [info, setInfo] = useState(EMPTY_USER_INFO)
  const [errors, setErrors] = useState<Errors>({})
  const [message, setMessage] = useState<Message>(null)
  const [busy, setBusy] = useState(false)
  const contact = useRef<HTMLElement>(null)
  useErrorTitle(showsErrors(errors))
  const date = (iso: string) => formatLongDate(iso.slice(0, 10), lang, site.country)
  const hasPhone = phone.replace(/\s+/g, '') !== '+' && phone.trim() !== ''
  const hasAddress = Boolean(info.firstName.trim() || info.lastName.trim() || info.address.street.trim())

  /** Marks what a stop needs and lacks, and takes the reader there. */
  const lacking = (channels: ReadonlySet<SuppressionChannel>): boolean => {
    const next: Errors = {}
    if (channels.has('PHONE') && !hasPhone) next.phoneNumber = 'required'
    if (channels.has('POSTAL') && !hasAddress) {
      next.firstName = 'required'
      next.lastName = 'required'
      next.address = 'address'
    }
    if (!showsErrors(next)) return false
    setErrors(next)
    setMessage({
      kind: 'error',
      text: t(
        next.phoneNumber
          ? 'privacy_rights.preferences.needs_phone'
          : 'privacy_rights.preferences.needs_address',
      ),
    })
    requestAnimationFrame(() => {
      const field = contact.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
      if (field) focusInView(field)
    })
    return true
  }

  const stop = async (body: Omit<PreferenceStopBody, 'token'>) => {
    setBusy(true)
    const answer = await postJson('/api/privacy-rights/preferences/stop', {
      token,
      ...body,
      ...(hasPhone ? { phoneNumber: phone } : {}),
      ...(hasAddress ? { userInfo: info } : {}),
    })
    setBusy(false)
    if (answer?.ok) {
      const result = answer.body as PreferenceStopAnswer
      setView(result.preferences)
      setErrors({})
      setMessage(
        result.reference
          ? { kind: 'success', text: t('privacy_rights.preferences.done', { reference: result.reference }) }
          : { kind: 'success', text: t('privacy_rights.preferences.already') },
      )
      return
    }
    if (answer?.status === 404)
      return setMessage({ kind: 'error', text: t('privacy_rights.preferences.expired') })
    const fields = (answer?.body as { error?: { fields?: { field: string; rule: Rule }[] } } | null)?.error
      ?.fields
    if (answer?.status === 400 && fields?.length) {
      setErrors(
        Object.fromEntries(
          fields.map((f) => [
            formField(f.field) === 'phoneNumber' ? 'phoneNumber' : formField(f.field),
            f.rule,
          ]),
        ),
      )
      requestAnimationFrame(() => {
        const field = contact.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
        if (field) focusInView(field)
      })
      return
    }
    setMessage({ kind: 'error', text: t('privacy_rights.preferences.failed') })
  }

  const stopAll = (event: FormEvent) => {
    event.preventDefault()
    void stop({ all: true })
  }

  const stopBrand = (brand: BrandPreference) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const chosen = new FormData(event.currentTarget).getAll('channel') as SuppressionChannel[]
    if (chosen.length === 0)
      return setMessage({ kind: 'error', text: t('privacy_rights.preferences.choose') })
    if (lacking(new Set(chosen))) return
    const brandKey = brand.brandKeys[0] ?? ''
    void stop({ stops: chosen.map((channel) => ({ brandKey, channel })) })
    event.currentTarget.reset()
  }

  return (
    <>
      <p className="lead">
        {t('privacy_rights.preferences.for', { email: view.email, date: date(view.expiresAt) })}
      </p>
      <p>{t('privacy_rights.preferences.standing')}</p>
      <StatusLine message={message} />

      <section className="card" ref={contact} aria-labelledby="contact-heading">
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

      <section className="card" aria-labelledby="all-heading">
        <h2 id="all-heading">{t('privacy_rights.preferences.all_heading')}</h2>
        <form onSubmit={stopAll} noValidate>
          <p>{t('privacy_rights.preferences.all_intro')}</p>
          <button type="submit" className="button" disabled={busy}>
            {t('privacy_rights.preferences.all_button')}
          </button>
        </form>
      </section>

      <section aria-labelledby="brands-heading">
        <h2 id="brands-heading">{t('privacy_rights.preferences.brands_heading')}</h2>
        <p>{t('privacy_rights.preferences.brands_intro')}</p>
        <p>
          {t('privacy_rights.preferences.notifications')}{' '}
          <Link href="/privacy-rights/push-notifications">
            {t('privacy_rights.preferences.notifications_link')}
          </Link>
        </p>
        <ul className="preferences-brands">
          {view.brands.map((brand) => (
            <li key={brand.id} className="card">
              <form onSubmit={stopBrand(brand)} noValidate aria-labelledby={`${brand.id}-name`}>
                <fieldset className="fieldset">
                  <legend id={`${brand.id}-name`}>{brand.name}</legend>
                  {brand.channels.map((channel) =>
                    channel.state === 'stopped' ? (
                      <p key={channel.channel} className="preferences-stopped">
                        {t('privacy_rights.preferences.stopped', {
                          channel: t(CHANNEL_FIELD_LABELS[channel.channel]),
                          date: date(channel.stoppedAt ?? ''),
                        })}
                        {' · '}
                        {channel.applied && channel.appliedAt
                          ? t('privacy_rights.preferences.applied', { date: date(channel.appliedAt) })
                          : t('privacy_rights.preferences.pending', { date: date(channel.applyBy ?? '') })}
                      </p>
                    ) : (
                      <label key={channel.channel} className="check">
                        <input type="checkbox" name="channel" value={channel.channel} />{' '}
                        {t('privacy_rights.preferences.allowed', {
                          channel: t(CHANNEL_FIELD_LABELS[channel.channel]),
                        })}
                      </label>
                    ),
                  )}
                </fieldset>
                {brand.channels.some((channel) => channel.state === 'allowed') && (
                  <button type="submit" className="button button--secondary" disabled={busy}>
                    {t('privacy_rights.preferences.brand_button', { brand: brand.name })}
                  </button>
                )}
              </form>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
