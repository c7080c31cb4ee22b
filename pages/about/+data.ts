// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import aboutJson from '#content/about.json' with { type: 'json' }
import type { PhraseKey } from '#shared/i18n/translate.ts'

interface AboutBlock {
  titleKey: PhraseKey
  pairs: { headerKey: PhraseKey; textKey: PhraseKey }[]
}
/** content/about.json; test/i18n.test.ts checks that every `…Key` in it is a phrase. */
const about = aboutJson as Record<'NL' | 'BE', AboutBlock[]>

export function data(pageContext: PageContextServer) {
  const { country } = pageContext.site
  // Spec §2: the block order is reversed for BE versus NL.
  const blocks = country === 'BE' ? about.BE.toReversed() : about.NL
  return { blocks, brandsImage: `/images/brands-${country.toLowerCase()}.svg` }
}

export type Data = Awaited<ReturnType<typeof data>>
