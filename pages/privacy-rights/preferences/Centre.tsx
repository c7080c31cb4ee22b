import { type FormEvent, useState } from 'react'
import { postJson } from '#renderer/json.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { formatLongDate } from '#shared/format.ts'
import type {
  BrandPreference,
  PreferenceStopAnswer,
  PreferenceStopBody,
  PreferencesView,
} from '#shared/privacy-rights/preferences.ts'
import type { SuppressionChannel } from '#shared/privacy-rights/request.ts'
import type { Rule } from '#shared/privacy-rights/validation.ts'
import { ContactCard, useContactDetails } from './ContactCard'
import { type Message, StatusLine } from './StatusLine'
import { AllCard, BrandsCard } from './StopCards'

/** Issue 31 (moved from +Page.tsx): with a working link, the reader's choices per brand and channel. */

export function Centre({ initial, token }: { initial: PreferencesView; token: string }) {
  const t = useTranslate()
  const { lang, site } = usePageContext()
  const [view, setView] = useState(initial)
  const [message, setMessage] = useState<Message>(null)
  const [busy, setBusy] = useState(false)
  const contact = useContactDetails()
  const date = (iso: string) => formatLongDate(iso.slice(0, 10), lang, site.country)

  const stop = async (body: Omit<PreferenceStopBody, 'token'>) => {
    setBusy(true)
    const answer = await postJson('/api/privacy-rights/preferences/stop', {
      token,
      ...body,
      ...contact.given(),
    })
    setBusy(false)
    if (answer?.ok) {
      const result = answer.body as PreferenceStopAnswer
      setView(result.preferences)
      contact.setErrors({})
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
    if (answer?.status === 400 && fields?.length) return contact.refused(fields)
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
    const lacking = contact.lacking(new Set(chosen))
    if (lacking) return setMessage({ kind: 'error', text: t(lacking) })
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
      <ContactCard details={contact} />

      <AllCard onSubmit={stopAll} busy={busy} />

      <BrandsCard brands={view.brands} busy={busy} date={date} onSubmit={stopBrand} />
    </>
  )
}
