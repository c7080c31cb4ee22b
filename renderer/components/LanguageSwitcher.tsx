import { LANGUAGE_NAME_LABELS } from '#shared/labels.ts'
import { htmlLang, languagesOf, switchLanguage } from '#shared/locale.ts'
import { localizedPath } from '#shared/routing.ts'
import { usePageContext } from '../usePageContext'
import { useTranslate } from '../useTranslate'

/** Spec §2: the NL/FR switcher rewrites the URL prefix; it is not shown in the Netherlands. */
export function LanguageSwitcher() {
  const { site, lang, logicalPath, search } = usePageContext()
  const t = useTranslate()
  const languages = languagesOf(site.country)
  if (languages.length < 2) return null
  const current = localizedPath(lang, logicalPath) + search
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
