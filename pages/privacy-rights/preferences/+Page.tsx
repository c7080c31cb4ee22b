import './preferences.css'
import { useData } from '#renderer/useData.ts'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { Data } from './+data'
import { Centre } from './Centre'
import { LinkForm } from './LinkForm'

/**
 * Issue 28: the reader's own marketing choices. Without a working link: a form that mails one. With it: per brand
 * each channel, allowed or stopped (and whether the brand applied the stop), and forms that stop one brand's
 * chosen channels or everything everywhere. A stop is never undone here, and the page says so.
 */
export default function Page() {
  const { view, token, lapsed } = useData<Data>()
  const t = useTranslate()
  return (
    <>
      <h1>{t('privacy_rights.preferences.heading')}</h1>
      {view ? <Centre initial={view} token={token} /> : <LinkForm lapsed={lapsed} />}
    </>
  )
}
