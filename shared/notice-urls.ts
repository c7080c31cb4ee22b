import { languagesOf } from './locale'
import type { Country } from './site'

/**
 * Issue 31 (moved from political-ads.ts): how a notice shows: its figures as ranges, its permanent
 * addresses and languages.
 */

/**
 * Spec §9: figures as ranges; only a lower bound `> x`, only an upper bound `< x`. Without either there is no
 * figure to show: the page says so in words (issue 18), never with a dash.
 */
export function formatRange(
  lower: number | undefined,
  upper: number | undefined,
  format: (n: number) => string,
): string | undefined {
  if (lower !== undefined && upper !== undefined) return `${format(lower)} – ${format(upper)}`
  if (lower !== undefined) return `> ${format(lower)}`
  if (upper !== undefined) return `< ${format(upper)}`
  return undefined
}

export type CampaignCountry = Country

/** A notice's permanent address (issue 18): it stays valid for as long as the notice is kept. */
export function noticeUrl(origin: string, lang: 'nl' | 'fr', id: string): string {
  return `${origin}/${lang}/political-ads/${encodeURIComponent(id)}`
}

/** The languages a notice is published in: those of its country's site (NL: nl; BE: nl and fr). */
export type NoticeLanguage = 'nl' | 'fr'

/** The languages of a country's notices, its first (that of `url`) first: NL `nl`; BE `nl`, `fr`. */
export function noticeLanguages(country: Country): NoticeLanguage[] {
  return languagesOf(country).filter((lang): lang is NoticeLanguage => lang !== 'en')
}

/**
 * The language of the notice address a page in `lang` shows (its link, its QR code): the page's own where the
 * country publishes in it, else the country's first; the Dutch site serves no French addresses.
 */
export function noticeLanguage(country: Country, lang: string): NoticeLanguage {
  const languages = noticeLanguages(country)
  return languages.find((language) => language === lang) ?? languages[0] ?? 'nl'
}

/**
 * A notice's permanent addresses, one per language of its country (`urls`), and `url` in the country's
 * first language, for the open-data export and the API.
 */
export function noticeUrls(origin: string, country: Country, id: string) {
  const languages = noticeLanguages(country)
  return {
    url: noticeUrl(origin, languages[0] ?? 'nl', id),
    urls: Object.fromEntries(languages.map((lang) => [lang, noticeUrl(origin, lang, id)])) as Partial<
      Record<NoticeLanguage, string>
    >,
  }
}
