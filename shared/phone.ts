/** Spec §3 'Phone brand entry'. */
export const BRAND_TYPES = ['news', 'online_only', 'radio', 'lifestyle', 'tv'] as const
export type BrandType = (typeof BRAND_TYPES)[number]

export interface PhoneEntry {
  brandName: string
  phoneNumber: string
  brandType: BrandType
}

/** `+31 88 000 1101` → `tel:+31880001101`. */
export function telHref(phoneNumber: string): string {
  return `tel:${phoneNumber.replace(/[^\d+]/g, '')}`
}

/** Spec §2: the list, narrowed by type and by a search on the brand name. */
export function filterEntries(
  entries: readonly PhoneEntry[],
  type: BrandType | 'all',
  search: string,
): PhoneEntry[] {
  const needle = search.trim().toLocaleLowerCase()
  return entries.filter(
    (entry) =>
      (type === 'all' || entry.brandType === type) &&
      (!needle || entry.brandName.toLocaleLowerCase().includes(needle)),
  )
}
