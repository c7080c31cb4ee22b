import be from '#content/brands/be.json' with { type: 'json' }
import nl from '#content/brands/nl.json' with { type: 'json' }
import type { BrandCatalog, BrandList } from '#shared/brands.ts'

/**
 * The brand lists of content/brands (spec §3: 42 NL, 31 BE). Their schema (shared/brands.schema.ts) is checked at
 * build and start-up (server/content.ts); JSON imports type a brand's `language` as any string.
 */
export const BRANDS: BrandCatalog = { NL: nl as BrandList, BE: be as BrandList }
