import { type ReactNode, StrictMode, useEffect } from 'react'
import type { PageContext } from 'vike/types'
import { PageContextProvider } from './usePageContext'
import { TranslateProvider } from './useTranslate'

/**
 * What every React root of a page stands in: the page context and the page's translator. `onHydrated` runs
 * once the root has hydrated in the browser. The tree is the same on the server and in the browser (no
 * extra sibling), so the ids `useId` makes agree at hydration.
 */
export function PageRoot({
  pageContext,
  onHydrated,
  children,
}: {
  pageContext: PageContext
  onHydrated?: () => void
  children: ReactNode
}) {
  return (
    <StrictMode>
      <PageContextProvider pageContext={pageContext}>
        <TranslateProvider>
          <AfterHydration effect={onHydrated}>{children}</AfterHydration>
        </TranslateProvider>
      </PageContextProvider>
    </StrictMode>
  )
}

function AfterHydration({ effect, children }: { effect: (() => void) | undefined; children: ReactNode }) {
  // An effect runs after the first commit, that is once React has hydrated the root; never on the server.
  useEffect(() => effect?.(), [effect])
  return children
}

/** The id of the element the page's own HTML stands in, and that a form page hydrates. */
export const PAGE_ROOT_ID = 'page'

/**
 * Each React root of a page gets its own id prefix (React's `identifierPrefix`), the same on the server and
 * in the browser, so the ids `useId` makes match at hydration and never clash between roots.
 */
export const ID_PREFIX = { shell: 's', page: 'p' } as const
export const islandIdPrefix = (name: string) => `i-${name}-`
