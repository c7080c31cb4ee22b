import be from '#content/brands/be.json' with { type: 'json' }
import nl from '#content/brands/nl.json' with { type: 'json' }
import type { BrandCatalog } from '#shared/brands.ts'

/** The brand lists of content/brands (spec §3: 42 NL, 31 BE). */
export const BRANDS: BrandCatalog = { NL: nl, BE: be }
