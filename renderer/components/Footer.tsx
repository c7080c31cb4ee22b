import type { PhraseKey } from '#shared/i18n/translate.ts'
import { MAIN_DOCUMENTS } from '#shared/navigation.ts'
import { useTranslate } from '../useTranslate'
import { Link } from './Link'

const FOOTER_LINKS: Record<(typeof MAIN_DOCUMENTS)[number], PhraseKey> = {
  'privacy-policy': 'layout.menu.privacy_policy',
  'cookie-policy': 'layout.menu.cookie_policy',
  'terms-of-use': 'layout.menu.terms_of_use',
}

export function Footer() {
  const t = useTranslate()
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label={t('layout.footer.label')}>
          <ul className="site-footer__links">
            {MAIN_DOCUMENTS.map((key) => (
              <li key={key}>
                <Link href={`/document/${key}`}>{t(FOOTER_LINKS[key])}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copyright">
          {t('layout.footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  )
}
