import type { Country } from './site'

/** Spec §3 'Brand': id `brand-{index}`, description, one or more nro keys. */
export interface Brand {
  id: string
  description: string
  nroKeys: string[]
  /** The language the brand speaks to its readers, when it is not Dutch (7sur7: French). */
  language?: 'nl' | 'fr'
}

export interface BrandList {
  brands: Brand[]
  /** The shorter list of brand names for the rectification dropdown. */
  rectificationBrands: string[]
  /** Belgium: the two brands the direct-marketing steps name. */
  directMarketingNamed?: string[]
}

/** Spec §4: the nro keys of the chosen brands, flattened, as the request sends them. */
export function flattenNroKeys(brands: readonly Brand[], ids: readonly string[]): string[] {
  return brands.filter((brand) => ids.includes(brand.id)).flatMap((brand) => brand.nroKeys)
}

/**
 * The brand of each nro key, for a reader that names keys (a brand system's client): an objection to a brand
 * stores every key of that brand, so whoever reads one key of a brand must read them all. `unknown` lists the
 * keys no brand of the list has.
 */
export function brandsOfNroKeys(
  brands: readonly Brand[],
  keys: readonly string[],
): { brands: { key: string; brand: Brand }[]; unknown: string[] } {
  const found: { key: string; brand: Brand }[] = []
  const unknown: string[] = []
  for (const key of keys) {
    const brand = brands.find((candidate) => candidate.nroKeys.includes(key))
    if (brand) found.push({ key, brand })
    else unknown.push(key)
  }
  return { brands: found, unknown }
}

export type BrandCatalog = Readonly<Record<Country, BrandList>>
