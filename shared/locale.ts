import type { JSONSchemaType } from 'ajv'
import { COUNTRIES, type Country } from './site'

/** Spec §2: the first path segment is exactly one of these. */
export const LANGUAGES = ['nl', 'fr', 'en'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'nl'

/** Locale = language + country in lowercase, e.g. `nl_be`. */
export type Locale = `${Language}_${Lowercase<Country>}`

/** Every locale: each language in each country. */
export const LOCALES: readonly Locale[] = LANGUAGES.flatMap((lang) =>
  COUNTRIES.map((country) => toLocale(lang, country)),
)

/** The `?locale=` of the document, contact and search calls (spec §7): always there, one of LOCALES. */
export interface LocaleQuery {
  locale: Locale
}
export const localeQuerySchema: JSONSchemaType<LocaleQuery> = {
  type: 'object',
  required: ['locale'],
  properties: { locale: { type: 'string', enum: [...LOCALES] } },
}

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value)
}

export function toLocale(lang: Language, country: Country): Locale {
  return `${lang}_${country.toLowerCase() as Lowercase<Country>}`
}

export function parseLocale(value: string): { lang: Language; country: Country } | null {
  const match = /^(nl|fr|en)_(nl|be)$/.exec(value)
  if (!match) return null
  return { lang: match[1] as Language, country: match[2]?.toUpperCase() as Country }
}

/** Spec §4: en_be falls back to nl_be, then nl_nl; every other locale falls back to nl_nl. */
export function fallbackChain(locale: Locale): Locale[] {
  if (locale === 'en_be') return ['en_be', 'nl_be', 'nl_nl']
  if (locale === 'nl_nl') return ['nl_nl']
  return [locale, 'nl_nl']
}

/** The languages a country's site offers in its switcher and hreflang alternates. */
export function languagesOf(country: Country): Language[] {
  return country === 'BE' ? ['nl', 'fr'] : ['nl']
}

/** Spec §2: switching language replaces the prefix and keeps the rest of the path and the query. */
export function switchLanguage(urlOriginal: string, lang: Language): string {
  const rest = urlOriginal.replace(/^\/(nl|fr|en)(?=\/|\?|#|$)/, '')
  return `/${lang}${rest}`
}

/** BCP 47 tag for `<html lang>` and hreflang. */
export function htmlLang(lang: Language, country: Country): string {
  return `${lang}-${country}`
}
