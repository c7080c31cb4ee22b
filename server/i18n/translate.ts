import { createTranslate, type Translate } from '../../shared/i18n/translate'
import type { Language, Locale } from '../../shared/locale'
import { phrasesFor } from './catalog'

const translators = new Map<Locale, Translate>()

/** A translator over every phrase of a locale, made once: for data hooks, mails and head tags. */
export function serverTranslate(locale: Locale): Translate {
  let translate = translators.get(locale)
  if (!translate) {
    translate = createTranslate(phrasesFor(locale), locale.slice(0, 2) as Language)
    translators.set(locale, translate)
  }
  return translate
}
