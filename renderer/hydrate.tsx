import type { ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'
import type { PageContext } from 'vike/types'
import { PAGE_CONTEXT_ID, readContext } from './client-context'
import { enhance, markReady } from './enhance/enhance'
import { ID_PREFIX, PAGE_ROOT_ID, PageRoot } from './PageRoot'

/**
 * A form page's +client.ts (issue 19): the shell's plain behaviours, as on every page, then React hydrates
 * the page's own root with the page context the server put beside it. No Vike client runtime is loaded.
 */
export function hydratePage(Page: ComponentType) {
  enhance({ ready: false })
  const root = document.getElementById(PAGE_ROOT_ID)
  const pageContext = readContext(document.getElementById(PAGE_CONTEXT_ID))
  if (!root || !pageContext) return
  hydrateRoot(
    root,
    // Components in the browser read only what ClientPageContext holds.
    <PageRoot pageContext={pageContext as PageContext} onHydrated={markReady}>
      <Page />
    </PageRoot>,
    { identifierPrefix: ID_PREFIX.page },
  )
}
