import { createContext, type ReactNode, use } from 'react'
import type { PageContext } from 'vike/types'

const Context = createContext<PageContext | null>(null)

export function PageContextProvider({
  pageContext,
  children,
}: {
  pageContext: PageContext
  children: ReactNode
}) {
  return <Context value={pageContext}>{children}</Context>
}

export function usePageContext(): PageContext {
  const pageContext = use(Context)
  if (!pageContext) throw new Error('usePageContext() outside <PageContextProvider>')
  return pageContext
}
