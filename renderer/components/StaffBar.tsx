import { localizedPath } from '#shared/routing.ts'
import { usePageContext } from '../usePageContext'
import { useTranslate } from '../useTranslate'
import { SkipLink } from './SkipLink'

/**
 * The staff area's bar at the top of the page (issue 8): one's own recent actions, who is signed in, and
 * sign-out. Staff pages have no site header or footer (spec §2), so no banner: see `StaffTop`.
 */
export function StaffBar() {
  const { staffMember, lang } = usePageContext()
  const t = useTranslate()
  return (
    <div className="staff-bar">
      <p className="staff-bar__title">{t('staff.header.title')}</p>
      {staffMember && (
        <div className="staff-bar__member">
          {/* Issue 32: the staff area's links are its navigation landmark. */}
          <nav className="staff-bar__nav" aria-label={t('staff.header.nav')}>
            {staffMember.roles.includes('privacy-team') && (
              <>
                <a href={localizedPath(lang, '/internal-privacy-rights/requests')}>
                  {t('staff.header.desk')}
                </a>
                <a href={localizedPath(lang, '/internal-privacy-rights/complaints')}>
                  {t('staff.header.complaints')}
                </a>
                <a href={localizedPath(lang, '/internal-privacy-rights/figures')}>
                  {t('staff.header.figures')}
                </a>
              </>
            )}
            <a href={localizedPath(lang, '/internal-privacy-rights/direct-marketing')}>
              {t('staff.header.form')}
            </a>
            <a href={localizedPath(lang, '/internal-privacy-rights/processed')}>{t('staff.header.recent')}</a>
          </nav>
          <span>{t('staff.header.signed_in_as', { name: staffMember.name ?? staffMember.email })}</span>
          {/* Issue 32: a form is named, so the page's forms can be told apart. */}
          <form
            method="post"
            action={localizedPath(lang, '/internal-privacy-rights/sign-out')}
            aria-label={t('staff.header.sign_out')}
          >
            <button type="submit" className="button button--secondary">
              {t('staff.header.sign_out')}
            </button>
          </form>
        </div>
      )}
    </div>
  )
}

/**
 * The top of a staff page (issue 32): the skip link, which passes the staff bar repeated on every staff page,
 * and the bar, in a region named after the staff area, so nothing is outside a landmark. A region, not a
 * banner: staff pages have no site header (spec §2).
 */
export function StaffTop() {
  const { staffMember } = usePageContext()
  const t = useTranslate()
  return (
    <section className="staff-header" aria-label={t('staff.header.title')}>
      <SkipLink />
      {staffMember && <StaffBar />}
    </section>
  )
}
