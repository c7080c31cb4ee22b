import type { BrandCatalog } from '#shared/brands.ts'
import { APPLY_WITHIN_DAYS, type PreferencesView } from '#shared/privacy-rights/preferences.ts'
import { SUPPRESSION_CHANNELS } from '#shared/privacy-rights/request.ts'
import type { Db } from '../db/database'
import { type PreferenceLink, readerStops } from '../db/preference-repository'

const DAY_MS = 86_400_000

/** Issue 31 (moved from preferences.ts): what the preference centre shows of a reader's choices. */

/** Per brand of the link's country, each channel allowed or stopped, and whether the brand applied the stop. */
export async function preferencesViewOf(
  db: Db,
  brands: BrandCatalog,
  link: PreferenceLink,
): Promise<PreferencesView> {
  const stops = await readerStops(db.db, link)
  return {
    email: link.email,
    country: link.country,
    language: link.language,
    expiresAt: link.expiresAt,
    brands: brands[link.country].brands.map((brand) => ({
      id: brand.id,
      name: brand.description,
      brandKeys: brand.nroKeys,
      channels: SUPPRESSION_CHANNELS.map((channel) => {
        const mine = stops.filter((stop) => stop.channel === channel && brand.nroKeys.includes(stop.brandKey))
        if (mine.length === 0)
          return {
            channel,
            state: 'allowed',
            stoppedAt: null,
            reference: null,
            applied: false,
            appliedAt: null,
            applyBy: null,
          }
        const first = mine.reduce((a, b) => (a.createdAt <= b.createdAt ? a : b))
        // Applied once every key of the brand that was stopped on this channel has been confirmed.
        const applied = brand.nroKeys.every((key) => {
          const ofKey = mine.filter((stop) => stop.brandKey === key)
          return ofKey.length === 0 || ofKey.some((stop) => stop.appliedAt !== null)
        })
        const appliedAt = applied
          ? mine.map((stop) => stop.appliedAt ?? '').reduce((a, b) => (a > b ? a : b), '') || null
          : null
        return {
          channel,
          state: 'stopped',
          stoppedAt: first.createdAt,
          reference: first.reference,
          applied,
          appliedAt,
          applyBy: applied
            ? null
            : new Date(Date.parse(first.createdAt) + APPLY_WITHIN_DAYS * DAY_MS).toISOString(),
        }
      }),
    })),
  }
}
