import en from '../../locales/en.json' with { type: 'json' }
import fr from '../../locales/fr.json' with { type: 'json' }
import nl from '../../locales/nl.json' with { type: 'json' }
import nlBe from '../../locales/nl_be.json' with { type: 'json' }
import { flattenPhrases, type Phrases } from '../../shared/i18n/translate'
import { fallbackChain, LANGUAGES, type Language, type Locale } from '../../shared/locale'
import { COUNTRIES } from '../../shared/site'

/**
 * The phrase files: one per language, plus country overrides where NL and BE texts differ.
 * A locale's own phrases are its language file with its country override on top; spec §4's fallback
 * chain then fills what the locale lacks.
 */
const languageFiles: Record<Language, unknown> = { nl, fr, en }
const countryOverrides: Partial<Record<Locale, unknown>> = { nl_be: nlBe }

function ownPhrases(locale: Locale): Record<string, string> {
  const lang = locale.slice(0, 2) as Language
  return { ...flattenPhrases(languageFiles[lang]), ...flattenPhrases(countryOverrides[locale]) }
}

function resolvePhrases(locale: Locale): Phrases {
  const chain = fallbackChain(locale)
  return Object.freeze(Object.assign({}, ...chain.toReversed().map(ownPhrases)))
}

const resolved = new Map<Locale, Phrases>()
for (const lang of LANGUAGES) {
  for (const country of COUNTRIES) {
    const locale = `${lang}_${country.toLowerCase()}` as Locale
    resolved.set(locale, resolvePhrases(locale))
  }
}

/** Every phrase of a locale after fallback, resolved once at start-up. */
export function phrasesFor(locale: Locale): Phrases {
  const phrases = resolved.get(locale)
  if (!phrases) throw new Error(`Unknown locale ${locale}`)
  return phrases
}

/** A locale's own phrases before fallback: for the completeness tests. */
export function ownPhrasesOf(locale: Locale): Record<string, string> {
  return ownPhrases(locale)
}
