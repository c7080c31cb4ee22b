import type { Language } from './locale'
import type { Country } from './site'

/** A long-format date in the page's language: `1 oktober 2026`, `1 octobre 2026`. */
export function formatLongDate(isoDate: string, lang: Language, country: Country): string {
  return new Intl.DateTimeFormat(`${lang}-${country}`, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`))
}
