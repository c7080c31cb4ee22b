// https://vike.dev/guard
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'

/** Spec §2 and §6: the transparency centre exists only where POLITICAL_ADS is on. */
export function guard(pageContext: PageContextServer) {
  if (!pageContext.site.toggles.POLITICAL_ADS) throw render(404)
}
