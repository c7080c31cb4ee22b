import { Link } from '#renderer/components/Link.tsx'
import { useData } from '#renderer/useData.ts'
import { useTranslate } from '#renderer/useTranslate.tsx'
import type { Data } from './+data'

/**
 * Issue 28: a brand mailing's unsubscribe link in a browser. Opening it changes nothing; its one button stops
 * the brand's e-mail to the address (the same POST a mailbox provider's one click makes).
 */
export default function Page() {
  const { view } = useData<Data>()
  const t = useTranslate()
  if (view.state === 'unknown')
    return (
      <section className="result-page card">
        <h1>{t('unsubscribe.unknown_title')}</h1>
        <p className="lead">{t('unsubscribe.unknown')}</p>
        <p>
          <Link href="/privacy-rights/preferences" className="button">
            {t('unsubscribe.preferences')}
          </Link>
        </p>
      </section>
    )
  if (view.state === 'done')
    return (
      <section className="result-page card">
        <h1>{t('unsubscribe.done_title')}</h1>
        <p className="lead" role="status">
          {t('unsubscribe.done', { brand: view.brand })}
        </p>
        <p>{t('unsubscribe.done_days')}</p>
        <p>
          <Link href="/privacy-rights/preferences">{t('unsubscribe.preferences')}</Link>
        </p>
      </section>
    )
  return (
    <section className="result-page card">
      <h1>{t('unsubscribe.heading', { brand: view.brand })}</h1>
      <p className="lead">{t('unsubscribe.intro', { brand: view.brand, email: view.email })}</p>
      <form method="post" action={`/u/${view.token}`}>
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <button type="submit" className="button">
          {t('unsubscribe.button')}
        </button>
      </form>
      <p>
        <Link href="/privacy-rights/preferences">{t('unsubscribe.preferences')}</Link>
      </p>
    </section>
  )
}
