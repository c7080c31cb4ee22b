import '../staff.css'
import { usePageContext } from '#renderer/usePageContext.tsx'
import { useTranslate } from '#renderer/useTranslate.tsx'
import { localizedPath } from '#shared/routing.ts'
import { DevelopmentSignIn } from './DevelopmentSignIn'

const NOTICES = {
  'signed-out': 'staff.sign_in.signed_out',
  failed: 'staff.sign_in.failed',
  unavailable: 'staff.sign_in.unavailable',
} as const

/**
 * Staff sign-in (issue 8). With an identity provider the server sends the browser there directly; this page
 * shows only after signing out, a failed or refused sign-in, or when the provider cannot be reached. On a
 * local host without a provider it offers the clearly labelled development sign-in.
 */
export default function Page() {
  const { staffSignIn, lang } = usePageContext()
  const t = useTranslate()
  const view = staffSignIn ?? { method: 'none', notice: null, returnTo: '' }
  const signInPath = localizedPath(lang, '/internal-privacy-rights/sign-in')
  const again = view.returnTo ? `${signInPath}?returnTo=${encodeURIComponent(view.returnTo)}` : signInPath

  if (view.notice === 'refused') {
    return (
      <section className="result-page card">
        <h1>{t('staff.sign_in.refused_heading')}</h1>
        <p className="lead">{t('staff.sign_in.refused')}</p>
        <p className="status-code">403</p>
      </section>
    )
  }
  return (
    <section className="result-page card staff-sign-in">
      <h1>{t('staff.sign_in.heading')}</h1>
      {view.notice && view.notice in NOTICES && (
        <p className="lead" role={view.notice === 'signed-out' ? 'status' : 'alert'}>
          {t(NOTICES[view.notice as keyof typeof NOTICES])}
        </p>
      )}
      {view.method === 'oidc' && (
        <p>
          <a className="button" href={again}>
            {t('staff.sign_in.with_provider')}
          </a>
        </p>
      )}
      {view.method === 'development' && (
        <DevelopmentSignIn action={`${signInPath}/development`} returnTo={view.returnTo} />
      )}
      {view.method === 'none' && <p>{t('staff.sign_in.not_configured')}</p>}
    </section>
  )
}
