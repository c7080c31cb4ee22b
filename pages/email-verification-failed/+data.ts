// https://vike.dev/data
import type { PageContextServer } from 'vike/types'

/** Spec §8: try later, or write to the privacy mailbox of the country. */
export function data(pageContext: PageContextServer) {
  return { mailbox: pageContext.settings?.privacyMailbox[pageContext.site.country] ?? '' }
}

export type Data = Awaited<ReturnType<typeof data>>
