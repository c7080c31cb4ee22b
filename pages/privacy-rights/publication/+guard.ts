// https://vike.dev/guard
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'

/** Spec §6: removal from a publication is offered only in Belgium. */
export function guard(pageContext: PageContextServer) {
  if (pageContext.site.country !== 'BE') throw render(404)
}
