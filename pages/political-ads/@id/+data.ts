// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import type { Notice, NoticeVersion, NoticeWithdrawal } from '#shared/political-ads.ts'

/** Spec §2 'Detail page'; the query string is the list's filters, for the way back. */
export async function data(pageContext: PageContextServer) {
  const id = pageContext.routeParams.id ?? ''
  const { site, politicalAds } = pageContext
  let item: Notice | null = null
  let versions: NoticeVersion[] = []
  let withdrawals: NoticeWithdrawal[] = []
  let removedAt: string | null = null
  try {
    item = (await politicalAds?.find(site, site.country, id)) ?? null
    if (item) {
      versions = (await politicalAds?.versions(item.id)) ?? []
      withdrawals = (await politicalAds?.withdrawals(item.id)) ?? []
    } else removedAt = (await politicalAds?.removedAt(site, site.country, id)) ?? null
  } catch {
    // The breadcrumb's last item and the title name the page even when the notice cannot be loaded.
    const title = serverTranslate(pageContext.locale)('political_ads.detail.title')
    return { item: null, versions, withdrawals, failed: true, back: pageContext.search, title }
  }
  // A withdrawn notice keeps its address for good (issue 18): it is found, and shown as withdrawn. One the
  // retention job removed answers 410 Gone, saying so (the error page reads `removedAt`).
  if (!item && removedAt) throw render(410, { removedAt })
  if (!item) throw render(404)
  // Issue 20 (WCAG 2.4.2): the page's title names the sponsor, as its heading does.
  return { item, versions, withdrawals, failed: false, back: pageContext.search, title: item.sponsorName }
}

export type Data = Awaited<ReturnType<typeof data>>
