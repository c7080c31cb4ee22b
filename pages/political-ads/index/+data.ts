// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import {
  type CampaignFilter,
  CHANNEL_FILTERS,
  type ChannelFilter,
  type Notice,
  PERIOD_FILTERS,
  type PeriodFilter,
} from '#shared/political-ads.ts'

/** The filters live in the URL, so a filtered list is linkable and rendered on the server. */
export async function data(pageContext: PageContextServer) {
  const search = pageContext.urlParsed.search
  const filter: CampaignFilter = {
    periodFilter: (PERIOD_FILTERS as readonly string[]).includes(search.period ?? '')
      ? (search.period as PeriodFilter)
      : 'ALL',
    channelFilter: (CHANNEL_FILTERS as readonly string[]).includes(search.channel ?? '')
      ? (search.channel as ChannelFilter)
      : 'ALL',
    textFilter: (search.text ?? '').slice(0, 100),
    // Issue 18: withdrawn notices leave the list; `?withdrawn=true` lists them instead.
    withdrawn: search.withdrawn === 'true',
  }
  let items: Notice[] = []
  let total = 0
  let failed = false
  try {
    const page = await pageContext.politicalAds?.list(pageContext.site, pageContext.site.country, filter)
    items = page?.items ?? []
    total = page?.total ?? 0
  } catch {
    failed = true
  }
  return { filter, items, shown: items.length, total, failed }
}

/** On the server `items` holds the notices; in the browser it is absent (+clientData.ts). */
export type Data = Awaited<ReturnType<typeof data>>
