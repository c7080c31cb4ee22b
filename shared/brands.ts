import type { Country } from './site'

/** Spec §3 'Brand': id `brand-{index}`, description, one or more nro keys. */
export interface Brand {
  id: string
  description: string
  nroKeys: string[]
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

export type BrandCatalog = Readonly<Record<Country, BrandList>>
