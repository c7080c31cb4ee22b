// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import about from '../../content/about.json' with { type: 'json' }

export function data(pageContext: PageContextServer) {
  const { country } = pageContext.site
  // Spec §2: the block order is reversed for BE versus NL.
  const blocks = country === 'BE' ? about.BE.toReversed() : about.NL
  return { blocks, brandsImage: `/images/brands-${country.toLowerCase()}.svg` }
}

export type Data = Awaited<ReturnType<typeof data>>
