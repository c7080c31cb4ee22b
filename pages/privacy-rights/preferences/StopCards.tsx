import type { FormEvent } from 'react'
import { Link } from '#renderer/components/Link.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { CHANNEL_FIELD_LABELS } from '#shared/labels.ts'
import type { BrandPreference } from '#shared/privacy-rights/preferences.ts'

/** Issue 31 (moved from Centre.tsx): one brand's channels, each stopped (since, applied) or to tick. */
export function BrandCard({
  brand,
  busy,
  date,
  onSubmit,
}: {
  brand: BrandPreference
  busy: boolean
  date: (iso: string) => string
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
}) {
  const t = useTranslate()
  return (
    <li className="card">
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${brand.id}-name`}>
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
  )
}

/** Issue 31 (moved from Centre.tsx): every brand, every channel, in one stop. */
export function AllCard({ onSubmit, busy }: { onSubmit: (event: FormEvent) => void; busy: boolean }) {
  const t = useTranslate()
  return (
    <section className="card" aria-labelledby="all-heading">
      <h2 id="all-heading">{t('privacy_rights.preferences.all_heading')}</h2>
      <form onSubmit={onSubmit} noValidate>
        <p>{t('privacy_rights.preferences.all_intro')}</p>
        <button type="submit" className="button" disabled={busy}>
          {t('privacy_rights.preferences.all_button')}
        </button>
      </form>
    </section>
  )
}

/** Issue 31 (moved from Centre.tsx): the brands, each with its channels. */
export function BrandsCard({
  brands,
  onSubmit,
  ...shown
}: {
  brands: readonly BrandPreference[]
  busy: boolean
  date: (iso: string) => string
  onSubmit: (brand: BrandPreference) => (event: FormEvent<HTMLFormElement>) => void
}) {
  const t = useTranslate()
  return (
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
        {brands.map((brand) => (
          <BrandCard key={brand.id} brand={brand} {...shown} onSubmit={onSubmit(brand)} />
        ))}
      </ul>
    </section>
  )
}
