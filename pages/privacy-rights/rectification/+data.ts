// https://vike.dev/data
import type { PageContextServer } from 'vike/types'

/** Spec §3: the shorter brand-name list feeds the rectification dropdown. */
export function data(pageContext: PageContextServer) {
  return { brandNames: pageContext.brands[pageContext.site.country].rectificationBrands }
}

export type Data = Awaited<ReturnType<typeof data>>
