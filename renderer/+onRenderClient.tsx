// https://vike.dev/onRenderClient
import { hydrateRoot } from 'react-dom/client'
import type { PageContextClient } from 'vike/types'
import { PageShell } from './PageShell'

export function onRenderClient(pageContext: PageContextClient) {
  const { Page } = pageContext
  const root = document.getElementById('root')
  if (!root || !Page) return
  // Spec §2: every page starts at the top, unless the URL points at an anchor.
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual'
  if (!location.hash) window.scrollTo(0, 0)
  hydrateRoot(
    root,
    <PageShell pageContext={pageContext}>
      <Page />
    </PageShell>,
  )
}
