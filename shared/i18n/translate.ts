import Polyglot from 'node-polyglot'
import type { Language, Locale } from '../locale'
import type { PhraseKey } from './phrase-key'

export type { PhraseKey }
export type Phrases = Readonly<Record<string, string>>
/**
 * A translator: only keys of the phrase files are accepted (typed from locales/nl.json). One made for a locale
 * says which (`locale`): a mail written with it is in that language, for that country (its `lang`, its sender).
 */
export type Translate = ((key: PhraseKey, options?: Polyglot.InterpolationOptions) => string) & {
  readonly locale?: Locale
}

/** Turns `{ "a": { "b": "x" } }` into `{ "a.b": "x" }`, the shape node-polyglot looks keys up in. */
export function flattenPhrases(tree: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {}
  if (typeof tree !== 'object' || tree === null) return out
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name
    if (typeof value === 'string') out[key] = value
    else Object.assign(out, flattenPhrases(value, key))
  }
  return out
}

/** A node-polyglot translator. A missing key shows the key itself, so it is seen, and tests catch it. */
export function createTranslate(phrases: Phrases, lang: Language, locale?: Locale): Translate {
  const polyglot = new Polyglot({ phrases, locale: lang, onMissingKey: (key: string) => key })
  const translate = (key: PhraseKey, options?: Polyglot.InterpolationOptions) => polyglot.t(key, options)
  return locale ? Object.assign(translate, { locale }) : translate
}

/**
 * One phrase, already looked up, with its interpolations and plural form by node-polyglot's own rules: for
 * a script without the translator (a content page's, issue 19) that got the raw phrase from the HTML.
 */
export function formatPhrase(phrase: string, options: Polyglot.InterpolationOptions, lang: Language): string {
  return Polyglot.transformPhrase(phrase, options, lang)
}

/** The phrases whose key is one of `prefixes` or starts with `prefix.`: what a page sends to the browser. */
export function pickPhrases(phrases: Phrases, prefixes: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(phrases)) {
    if (prefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}.`))) out[key] = value
  }
  return out
}
