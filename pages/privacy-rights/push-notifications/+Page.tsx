import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { PhraseKey } from '#shared/i18n/translate.ts'

const CHROME = [
  'privacy_rights.push.chrome.1',
  'privacy_rights.push.chrome.2',
  'privacy_rights.push.chrome.3',
  'privacy_rights.push.chrome.4',
] as const
const SAFARI = [
  'privacy_rights.push.safari.1',
  'privacy_rights.push.safari.2',
  'privacy_rights.push.safari.3',
] as const
const APP = ['privacy_rights.push.app.1', 'privacy_rights.push.app.2', 'privacy_rights.push.app.3'] as const
const APP_NL = ['privacy_rights.push.app_nl.1', 'privacy_rights.push.app_nl.2'] as const

/** Spec §2: notifications are self-service; website steps for Chrome and Safari, app steps, extra NL steps. */
export default function Page() {
  const { site } = usePageContext()
  const t = useTranslate()
  const steps = (keys: readonly PhraseKey[]) => (
    <ol>
      {keys.map((key) => (
        <li key={key}>{t(key)}</li>
      ))}
    </ol>
  )
  return (
    <article className="prose">
      <h1>{t('privacy_rights.push.heading')}</h1>
      <p className="lead">{t('privacy_rights.push.intro')}</p>
      <h2>{t('privacy_rights.push.website')}</h2>
      <h3>{t('privacy_rights.push.chrome.heading')}</h3>
      {steps(CHROME)}
      <h3>{t('privacy_rights.push.safari.heading')}</h3>
      {steps(SAFARI)}
      <h2>{t('privacy_rights.push.app.heading')}</h2>
      {steps(site.country === 'NL' ? [...APP, ...APP_NL] : APP)}
    </article>
  )
}
