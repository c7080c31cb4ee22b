// https://vike.dev/data
import type { PageContextServer } from 'vike/types'

/** Spec §3: the brands of the host's country (42 NL, 31 BE) and, in Belgium, the two named ones. */
export function data(pageContext: PageContextServer) {
  const list = pageContext.brands[pageContext.site.country]
  return { brands: list.brands, named: list.directMarketingNamed ?? [] }
}

export type Data = Awaited<ReturnType<typeof data>>
