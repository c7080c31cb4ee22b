// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import type { CampaignItem } from '#shared/political-ads.ts'

/** Spec §2 'Detail page'; the query string is the list's filters, for the way back. */
export async function data(pageContext: PageContextServer) {
  const id = pageContext.routeParams.id ?? ''
  let item: CampaignItem | null = null
  try {
    item = (await pageContext.politicalAds?.find(pageContext.site, pageContext.site.country, id)) ?? null
  } catch {
    return { item: null, failed: true, back: pageContext.search }
  }
  if (!item) throw render(404)
  return { item, failed: false, back: pageContext.search }
}

export type Data = Awaited<ReturnType<typeof data>>
