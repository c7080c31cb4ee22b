import { Fragment } from 'react'
import { useData } from '#renderer/useData.ts'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { Data } from './+data'

export default function Page() {
  const { token, flow, brands, channels, contactData } = useData<Data>()
  const { lang } = usePageContext()
  const t = useTranslate()
  return (
    <section className="result-page card">
      <h1>{t('verification.confirm.title')}</h1>
      <p className="lead">{t('verification.confirm.intro')}</p>
      <dl className="summary">
        <dt>{t('verification.confirm.request')}</dt>
        <dd>{flow}</dd>
        {brands.length > 0 && (
          <>
            <dt>{t('verification.confirm.brands')}</dt>
            <dd>{brands.join(', ')}</dd>
          </>
        )}
        {channels.length > 0 && (
          <>
            <dt>{t('verification.confirm.channels')}</dt>
            <dd>{channels.join(', ')}</dd>
          </>
        )}
        {contactData.map(({ label, value }) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <form method="post" action={`/${lang}/verify-email`}>
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="button">
          {t('verification.confirm.button')}
        </button>
      </form>
    </section>
  )
}
