import { Link } from '#renderer/components/Link.tsx'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { formatLongDate } from '#shared/format.ts'
import { REDIRECT_LOOP } from '#shared/redirects.ts'

/** One error: what happened, what it means, its code, and where to go on (when there is somewhere). */
function ErrorSection(props: {
  title: string
  text: string
  status: string
  onward?: { href: string; label: string }
}) {
  return (
    <section className="error-page">
      <h1>{props.title}</h1>
      <p className="lead">{props.text}</p>
      <p className="status-code">{props.status}</p>
      {props.onward && (
        <p>
          <Link href={props.onward.href} className="button">
            {props.onward.label}
          </Link>
        </p>
      )}
    </section>
  )
}

/**
 * Spec §8: 404 'Page not found', 500 'Internal Error', too many redirects 'Redirect loop'; 410 for a
 * political-ad notice removed after its retention period (issue 18); 503 while the database is away (issue 26);
 * 429 for a client over its render limit (issue 30).
 */
export default function Page() {
  const { is404, abortReason, abortStatusCode, lang, site } = usePageContext()
  const t = useTranslate()
  const home = { href: '/', label: t('errors.back_home') }
  if (abortStatusCode === 403) {
    // A staff page the signed-in member's role does not open (issue 16: the desk is the privacy team's).
    return (
      <ErrorSection
        title={t('errors.forbidden.title')}
        text={t('errors.forbidden.text')}
        status={t('errors.forbidden.status')}
      />
    )
  }
  if (abortStatusCode === 410) {
    // Issue 18: a political-ad notice the retention job removed; its address says so, and when.
    const removedAt = (abortReason as { removedAt?: unknown } | undefined)?.removedAt
    const date =
      typeof removedAt === 'string' ? formatLongDate(removedAt.slice(0, 10), lang, site.country) : ''
    return (
      <ErrorSection
        title={t('errors.gone.title')}
        text={t('errors.gone.text', { date })}
        status={t('errors.gone.status')}
        onward={{ href: '/political-ads', label: t('errors.gone.back') }}
      />
    )
  }
  if (abortStatusCode === 503) {
    // Issue 26: the database is away for a moment; the server sends Retry-After with this page.
    return (
      <ErrorSection
        title={t('errors.unavailable.title')}
        text={t('errors.unavailable.text')}
        status={t('errors.unavailable.status')}
        onward={home}
      />
    )
  }
  if (abortStatusCode === 429) {
    // Issue 30: too many new pages from this address; the server sends Retry-After with this page.
    return (
      <ErrorSection
        title={t('errors.too_many.title')}
        text={t('errors.too_many.text')}
        status={t('errors.too_many.status')}
        onward={home}
      />
    )
  }
  if (is404) {
    return (
      <ErrorSection
        title={t('errors.not_found.title')}
        text={t('errors.not_found.text')}
        status={t('errors.not_found.status')}
        onward={home}
      />
    )
  }
  const loop = abortReason === REDIRECT_LOOP
  return (
    <ErrorSection
      title={t('errors.internal.title')}
      text={t('errors.internal.text')}
      status={loop ? t('errors.internal.redirect_loop') : t('errors.internal.status')}
      onward={home}
    />
  )
}
