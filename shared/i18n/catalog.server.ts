import en from '#locales/en.json' with { type: 'json' }
import fr from '#locales/fr.json' with { type: 'json' }
import nl from '#locales/nl.json' with { type: 'json' }
import nlBe from '#locales/nl_be.json' with { type: 'json' }
import { fallbackChain, LANGUAGES, type Language, type Locale } from '../locale'
import { COUNTRIES, type Country } from '../site'
import { createTranslate, flattenPhrases, type Phrases, type Translate } from './translate'

/**
 * Server only (Vike never bundles a `*.server.ts` file for the browser): every phrase of every locale.
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

const translators = new Map<Locale, Translate>()

/** A translator over every phrase of a locale, made once: for data hooks, mails and head tags. */
export function serverTranslate(locale: Locale): Translate {
  let translate = translators.get(locale)
  if (!translate) {
    translate = createTranslate(phrasesFor(locale), locale.slice(0, 2) as Language, locale)
    translators.set(locale, translate)
  }
  return translate
}

/** The privacy team and customer service work in Dutch, in their own country's Dutch. */
export function teamTranslate(country: Country): Translate {
  return serverTranslate(country === 'BE' ? 'nl_be' : 'nl_nl')
}
