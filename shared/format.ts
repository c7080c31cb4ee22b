import { htmlLang, type Language } from './locale'
import type { Country } from './site'

/**
 * Every date and number the site shows or mails, in the page's language and country (`nl-NL`, `nl-BE`,
 * `fr-BE`): one module, so a date reads the same on a page and in a mail.
 */

const LONG_DATE: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
}
const DATE_TIME: Intl.DateTimeFormatOptions = {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Amsterdam',
}
const dayOf = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)

/**
 * Issue 30: one formatter per language, country and style, made once. Making one costs far more than using
 * it, and its ICU data (some 10 kB of native memory each) is freed only when the garbage collector gets to a
 * wrapper it hardly notices: the desk's daily digest over 10,000 requests made one per row and grew the
 * instance's memory by 90 MB.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>()
function formatterOf<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined
  if (!formatter) {
    formatter = make()
    formatters.set(key, formatter)
  }
  return formatter
}
const longDate = (lang: Language, country: Country) =>
  formatterOf(
    `long-date|${lang}|${country}`,
    () => new Intl.DateTimeFormat(htmlLang(lang, country), LONG_DATE),
  )

/** A long-format date: `1 oktober 2026`, `1 octobre 2026`. */
export function formatLongDate(isoDate: string, lang: Language, country: Country): string {
  return longDate(lang, country).format(dayOf(isoDate))
}

/** Spec §9: a long-format range of dates, `1 oktober 2026 – 30 november 2026`. */
export function formatDateRange(start: string, end: string, lang: Language, country: Country): string {
  const format = longDate(lang, country)
  return `${format.format(dayOf(start))} – ${format.format(dayOf(end))}`
}

/** A moment, as the Low Countries' clocks showed it: `24 november 2026 om 10:05`. */
export function formatDateTime(iso: string, lang: Language, country: Country): string {
  return formatterOf(
    `date-time|${lang}|${country}`,
    () => new Intl.DateTimeFormat(htmlLang(lang, country), DATE_TIME),
  ).format(new Date(iso))
}

/** Spec §9: amounts in euros without decimals. */
export function euroFormatter(lang: Language, country: Country): (n: number) => string {
  const formatter = formatterOf(
    `euro|${lang}|${country}`,
    () =>
      new Intl.NumberFormat(htmlLang(lang, country), {
        style: 'currency',
        currency: 'EUR',
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      }),
  )
  return (n) => formatter.format(n)
}

/** Whole numbers with the language's grouping: `12.000`, `12 000`. */
export function numberFormatter(lang: Language, country: Country): (n: number) => string {
  const formatter = formatterOf(
    `number|${lang}|${country}`,
    () => new Intl.NumberFormat(htmlLang(lang, country), { maximumFractionDigits: 0 }),
  )
  return (n) => formatter.format(n)
}

/** A file's size as file managers show it (decimal units): `840 B`, `18,3 kB`, `2,4 MB` (issue 25). */
export function formatFileSize(bytes: number, lang: Language, country: Country): string {
  const format = (value: number, digits: number) =>
    formatterOf(
      `size|${lang}|${country}|${digits}`,
      () => new Intl.NumberFormat(htmlLang(lang, country), { maximumFractionDigits: digits }),
    ).format(value)
  if (bytes < 1000) return `${format(bytes, 0)} B`
  if (bytes < 1_000_000) return `${format(bytes / 1000, 1)} kB`
  return `${format(bytes / 1_000_000, 1)} MB`
}

/** The clocks of the Low Countries, per country: what a staff member's screen and their exports show. */
export const TIME_ZONES: Readonly<Record<Country, string>> = { NL: 'Europe/Amsterdam', BE: 'Europe/Brussels' }

const offsetFormats: Partial<Record<Country, Intl.DateTimeFormat>> = {}
/** The country's UTC offset (`+01:00`) per hour since the epoch: the zones change offset on the hour. */
const hourOffsets = new Map<string, string>()
const HOUR_MS = 3_600_000

/**
 * A moment as ISO 8601 in the country's time zone, with its offset (`2026-11-24T10:05:00+01:00`): what a
 * spreadsheet reads as a time, and what the desk shows, never UTC beside local times. Issue 30: the zone's
 * offset is asked of Intl once per hour of time (a desk export writes 50,000 times; `formatToParts` took
 * some 16 µs each, blocking the instance for 10 ms per page of 200 rows), the rest is arithmetic.
 */
export function localIsoDateTime(iso: string, country: Country): string {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) throw new RangeError(`Not a time: ${iso}`)
  const hour = Math.floor(ms / HOUR_MS)
  const key = `${country}|${hour}`
  let offset = hourOffsets.get(key)
  if (offset === undefined) {
    offset = zoneOffset(country, hour * HOUR_MS)
    if (hourOffsets.size >= 100_000) hourOffsets.clear()
    hourOffsets.set(key, offset)
  }
  const sign = offset.startsWith('-') ? -1 : 1
  const minutes = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)))
  // The local wall clock, written as if it were UTC; milliseconds dropped, as the clock shows seconds.
  return `${new Date(ms + minutes * 60_000).toISOString().slice(0, 19)}${offset}`
}

/** The country's offset from UTC at `ms` (`+01:00`, `+02:00`). */
function zoneOffset(country: Country, ms: number): string {
  const format =
    offsetFormats[country] ??
    new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONES[country], timeZoneName: 'longOffset' })
  offsetFormats[country] = format
  const name = format.formatToParts(new Date(ms)).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT'
  return name === 'GMT' ? '+00:00' : name.slice(3)
}
