import { Link } from '#renderer/components/Link.tsx'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { REDIRECT_LOOP } from '#shared/redirects.ts'

/** Spec §8: 404 'Page not found', 500 'Internal Error', too many redirects 'Redirect loop'. */
export default function Page() {
  const { is404, abortReason, abortStatusCode } = usePageContext()
  const t = useTranslate()
  if (abortStatusCode === 403) {
    // A staff page the signed-in member's role does not open (issue 16: the desk is the privacy team's).
    return (
      <section className="error-page">
        <h1>{t('errors.forbidden.title')}</h1>
        <p className="lead">{t('errors.forbidden.text')}</p>
        <p className="status-code">{t('errors.forbidden.status')}</p>
      </section>
    )
  }
  if (is404) {
    return (
      <section className="error-page">
        <h1>{t('errors.not_found.title')}</h1>
        <p className="lead">{t('errors.not_found.text')}</p>
        <p className="status-code">{t('errors.not_found.status')}</p>
        <p>
          <Link href="/" className="button">
            {t('errors.back_home')}
          </Link>
        </p>
      </section>
    )
  }
  const loop = abortReason === REDIRECT_LOOP
  return (
    <section className="error-page">
      <h1>{t('errors.internal.title')}</h1>
      <p className="lead">{t('errors.internal.text')}</p>
      <p className="status-code">{loop ? t('errors.internal.redirect_loop') : t('errors.internal.status')}</p>
      <p>
        <Link href="/" className="button">
          {t('errors.back_home')}
        </Link>
      </p>
    </section>
  )
}
