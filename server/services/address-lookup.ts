import { LRUCache } from 'lru-cache'
import type { Address } from '#shared/privacy-rights/request.ts'
import type { Country } from '#shared/site.ts'

export interface AddressQuery {
  country: Country
  postalCode: string
  houseNumber: string
  houseNumberExtension?: string
  /** Belgium: a postal code and number do not name one address; the street does. */
  street?: string
}

/** A found address, or null when the registers know none with a house number. Throws when they fail. */
export type AddressLookup = (
  query: AddressQuery,
) => Promise<(Required<Pick<Address, 'street' | 'city' | 'postalCode' | 'houseNumber'>> & Address) | null>

export class AddressLookupUnavailable extends Error {}

/**
 * Spec §5 address widget, server side: NL asks the PDOK Locatieserver (postal code + number is one address),
 * BE the Flemish address register (postal code, street and number). Answers are cached for a day.
 */
export function createAddressLookup(
  urls: { NL: string; BE: string },
  options: { timeoutMs?: number } = {},
): AddressLookup {
  // Bounded in entries and age (issue 19); an answer may be null (no such address), so it is wrapped.
  const cache = new LRUCache<string, { value: Awaited<ReturnType<AddressLookup>> }>({
    max: 20_000,
    ttl: 86_400_000,
  })
  const timeoutMs = options.timeoutMs ?? 3000
  return async (query) => {
    const key = JSON.stringify(query)
    const cached = cache.get(key)
    if (cached) return cached.value
    const value =
      query.country === 'NL'
        ? await lookupNl(urls.NL, query, timeoutMs)
        : await lookupBe(urls.BE, query, timeoutMs)
    cache.set(key, { value })
    return value
  }
}

async function getJson(url: URL, timeoutMs: number): Promise<unknown> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { Accept: 'application/json' },
    })
    if (response.status === 404) return null
    if (!response.ok) throw new AddressLookupUnavailable(`address register answered ${response.status}`)
    return await response.json()
  } catch (error) {
    if (error instanceof AddressLookupUnavailable) throw error
    throw new AddressLookupUnavailable('address register unreachable')
  }
}

interface PdokDoc {
  straatnaam?: string
  woonplaatsnaam?: string
  postcode?: string
  huisnummer?: number | string
  huisletter?: string
  huisnummertoevoeging?: string
}

async function lookupNl(base: string, query: AddressQuery, timeoutMs: number) {
  const postalCode = query.postalCode.replace(/\s+/g, '').toUpperCase()
  const url = new URL(`${base.replace(/\/$/, '')}/free`)
  url.searchParams.set('q', `postcode:${postalCode} and huisnummer:${query.houseNumber}`)
  url.searchParams.set('fq', 'type:adres')
  url.searchParams.set('rows', '10')
  const answer = (await getJson(url, timeoutMs)) as { response?: { docs?: PdokDoc[] } } | null
  const extension = (query.houseNumberExtension ?? '').trim().toUpperCase()
  const docs = answer?.response?.docs ?? []
  const doc =
    docs.find((d) => `${d.huisletter ?? ''}${d.huisnummertoevoeging ?? ''}`.toUpperCase() === extension) ??
    (extension ? undefined : docs[0])
  if (!doc?.straatnaam || !doc.woonplaatsnaam || doc.huisnummer === undefined) return null
  return {
    street: doc.straatnaam,
    city: doc.woonplaatsnaam,
    postalCode: doc.postcode ?? postalCode,
    houseNumber: String(doc.huisnummer),
    ...(extension ? { houseNumberExtension: query.houseNumberExtension?.trim() } : {}),
    country: 'NL' as const,
  }
}

interface VlaanderenAddress {
  huisnummer?: string
  busnummer?: string
  straatnaam?: { geografischeNaam?: { spelling?: string } }
  gemeente?: { gemeentenaam?: { geografischeNaam?: { spelling?: string } } }
  postinfo?: { objectId?: string }
}

async function lookupBe(base: string, query: AddressQuery, timeoutMs: number) {
  if (!query.street?.trim()) return null
  const url = new URL(`${base.replace(/\/$/, '')}/v2/adressen`)
  url.searchParams.set('postcode', query.postalCode.trim())
  url.searchParams.set('straatnaam', query.street.trim())
  url.searchParams.set('huisnummer', query.houseNumber.trim())
  if (query.houseNumberExtension?.trim()) url.searchParams.set('busnummer', query.houseNumberExtension.trim())
  const answer = (await getJson(url, timeoutMs)) as { adressen?: VlaanderenAddress[] } | null
  const found = answer?.adressen?.[0]
  const street = found?.straatnaam?.geografischeNaam?.spelling
  const city = found?.gemeente?.gemeentenaam?.geografischeNaam?.spelling
  if (!found?.huisnummer || !street || !city) return null
  return {
    street,
    city,
    postalCode: found.postinfo?.objectId ?? query.postalCode.trim(),
    houseNumber: found.huisnummer,
    ...(found.busnummer ? { houseNumberExtension: found.busnummer } : {}),
    country: 'BE' as const,
  }
}
