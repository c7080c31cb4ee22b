import type { Language } from '../../shared/locale'
import { type CampaignItem, dateRange, euros, formatRange, numbers } from '../../shared/political-ads'
import type { Country } from '../../shared/site'

/** The figures of a campaign as the page shows them (spec §9), in the page's language. */
export function campaignFigures(item: CampaignItem, lang: Language, country: Country) {
  const locale = `${lang === 'en' ? 'nl' : lang}-${country}`
  return {
    period: dateRange(item.publicationStartDate, item.publicationEndDate, locale),
    budget: formatRange(item.budgetLowerBound, item.budgetUpperBound, euros(locale)),
    reach: formatRange(item.reachLowerBound, item.reachUpperBound, numbers(locale)),
    note:
      lang === 'fr'
        ? (item.campaignContextNoteFr ?? item.campaignContextNoteNl)
        : (item.campaignContextNoteNl ?? item.campaignContextNoteFr),
  }
}

export const STATUS_LABELS = {
  RUNNING: 'political_ads.status.RUNNING',
  CANCELLED: 'political_ads.status.CANCELLED',
  STOPPED: 'political_ads.status.STOPPED',
} as const

export const CHANNEL_LABELS = {
  ALL: 'political_ads.channels.ALL',
  PRINT: 'political_ads.channels.PRINT',
  DIGITAL: 'political_ads.channels.DIGITAL',
  TV: 'political_ads.channels.TV',
  RADIO: 'political_ads.channels.RADIO',
} as const

export const PERIOD_LABELS = {
  ALL: 'political_ads.periods.ALL',
  PAST_7_DAYS: 'political_ads.periods.PAST_7_DAYS',
  PAST_30_DAYS: 'political_ads.periods.PAST_30_DAYS',
  PAST_YEAR: 'political_ads.periods.PAST_YEAR',
} as const
