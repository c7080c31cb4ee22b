import { useSyncExternalStore } from 'react'
import { LANGUAGE_NAME_LABELS } from '#shared/labels.ts'
import { htmlLang, languagesOf, switchLanguage } from '#shared/locale.ts'
import { localizedPath } from '#shared/routing.ts'
import { usePageContext } from '../usePageContext'
import { useTranslate } from '../useTranslate'

/** Spec §2: the NL/FR switcher rewrites the URL prefix; it is not shown in the Netherlands. */
export function LanguageSwitcher() {
  const { site, lang, logicalPath, search } = usePageContext()
  const t = useTranslate()
  const hash = useLocationHash()
  const languages = languagesOf(site.country)
  if (languages.length < 2) return null
  // Issue 20: the fragment stays too (a document's section), which the server never sees.
  const current = localizedPath(lang, logicalPath) + search + hash
  return (
    <nav className="language-switcher" aria-label={t('layout.language.label')}>
      <ul>
        {languages.map((language) => (
          <li key={language}>
            <a
              href={switchLanguage(current, language)}
              hrefLang={htmlLang(language, site.country)}
              lang={htmlLang(language, site.country)}
              aria-current={language === lang ? 'true' : undefined}
            >
              {language.toUpperCase()}
              <span className="visually-hidden"> {t(LANGUAGE_NAME_LABELS[language])}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The address's #fragment, kept up to date; none on the server. */
function useLocationHash(): string {
  return useSyncExternalStore(
    (changed) => {
      window.addEventListener('hashchange', changed)
      return () => window.removeEventListener('hashchange', changed)
    },
    () => window.location.hash,
    () => '',
  )
}
