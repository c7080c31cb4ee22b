// https://vike.dev/data
import { redirect } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import { CHANNEL_DATA_LABELS, CHANNEL_LABELS, FLOW_LABELS } from '#shared/labels.ts'
import { channelData } from '#shared/privacy-rights/channel-data.ts'

/**
 * DESIGN.md decision 7: opening the link only shows the request and a confirm button; mail scanners that
 * open links consume nothing. The button's POST does (server/api/verification.ts).
 */
export async function data(pageContext: PageContextServer) {
  const { lang, locale } = pageContext
  const token = pageContext.urlParsed.search.token ?? ''
  const service = pageContext.privacyRequests
  const result = token && service ? await service.preview(token) : { state: 'failed' as const }
  if (result.state === 'failed') throw redirect(`/${lang}/email-verification-failed`)
  if (result.state === 'expired') throw redirect(`/${lang}/email-verification-expired`)
  if (result.state === 'confirmed') throw redirect(`/${lang}/email-verified`)
  const { request } = result
  const t = serverTranslate(locale)
  const brandNames = pageContext.brands[request.country].brands
    .filter((brand) => brand.nroKeys.some((key) => request.brands.includes(key)))
    .map((brand) => brand.description)
  return {
    token,
    flow: t(FLOW_LABELS[request.flowType]),
    brands: brandNames,
    channels: request.communicationTypes.map((channel) => t(CHANNEL_LABELS[channel])),
    // What will be suppressed, as the brands will get it (issue 27): the number as read, the name and address.
    contactData: channelData(request).map(([channel, value]) => ({
      label: t(CHANNEL_DATA_LABELS[channel]),
      value,
    })),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
