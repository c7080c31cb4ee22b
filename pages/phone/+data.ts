// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import be from '#content/phone/be.json' with { type: 'json' }
import nl from '#content/phone/nl.json' with { type: 'json' }
import type { PhoneEntry } from '#shared/phone.ts'

/** Spec §3: the brand phone numbers of the host's country (29 NL, 12 BE). */
export function data(pageContext: PageContextServer) {
  const list = pageContext.site.country === 'BE' ? be : nl
  return { entries: list.entries as PhoneEntry[] }
}

export type Data = Awaited<ReturnType<typeof data>>
