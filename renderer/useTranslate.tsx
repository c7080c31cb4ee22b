import { createContext, type ReactNode, use, useMemo } from 'react'
import { createTranslate, type Translate } from '#shared/i18n/translate.ts'
import { usePageContext } from './usePageContext'

const Context = createContext<Translate | null>(null)

/** Makes the page's translator once, over the phrases the page received. */
export function TranslateProvider({ children }: { children: ReactNode }) {
  const { phrases, lang } = usePageContext()
  const translate = useMemo(() => createTranslate(phrases, lang), [phrases, lang])
  return <Context value={translate}>{children}</Context>
}

export function useTranslate(): Translate {
  const translate = use(Context)
  if (!translate) throw new Error('useTranslate() outside <TranslateProvider>')
  return translate
}
