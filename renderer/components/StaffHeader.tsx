import { localizedPath } from '../../shared/routing'
import { usePageContext } from '../usePageContext'
import { useTranslate } from '../useTranslate'

/** The staff area's own header (issue 8): no public menu; who is signed in, and sign-out. */
export function StaffHeader() {
  const { staffMember, lang } = usePageContext()
  const t = useTranslate()
  return (
    <header className="staff-header">
      <p className="staff-header__title">{t('staff.header.title')}</p>
      {staffMember && (
        <div className="staff-header__member">
          <span>{t('staff.header.signed_in_as', { name: staffMember.name ?? staffMember.email })}</span>
          <form method="post" action={localizedPath(lang, '/internal-privacy-rights/sign-out')}>
            <button type="submit" className="button button--secondary">
              {t('staff.header.sign_out')}
            </button>
          </form>
        </div>
      )}
    </header>
  )
}
