import { createContext, type ReactNode, use } from 'react'
import { createTranslate, type Phrases, type Translate } from '#shared/i18n/translate.ts'
import type { Language } from '#shared/locale.ts'
import { usePageContext } from './usePageContext'

const Context = createContext<Translate | null>(null)

/**
 * Translators by the phrases they were made over. On the server a page's phrases are one object per locale
 * and namespace set (renderer/+onBeforeRender.ts): a translator is made once for all renders of such pages,
 * not twice per render (issue 30: node-polyglot compiles its phrases when made).
 */
const made = new WeakMap<Phrases, Map<Language, Translate>>()

function translatorFor(phrases: Phrases, lang: Language): Translate {
  let byLanguage = made.get(phrases)
  if (!byLanguage) {
    byLanguage = new Map()
    made.set(phrases, byLanguage)
  }
  let translate = byLanguage.get(lang)
  if (!translate) {
    translate = createTranslate(phrases, lang)
    byLanguage.set(lang, translate)
  }
  return translate
}

/** Gives the page's translator, over the phrases the page received. */
export function TranslateProvider({ children }: { children: ReactNode }) {
  const { phrases, lang } = usePageContext()
  return <Context value={translatorFor(phrases, lang)}>{children}</Context>
}

export function useTranslate(): Translate {
  const translate = use(Context)
  if (!translate) throw new Error('useTranslate() outside <TranslateProvider>')
  return translate
}
