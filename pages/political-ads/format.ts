import { euroFormatter, formatDateRange, numberFormatter } from '#shared/format.ts'
import type { Language } from '#shared/locale.ts'
import { type CampaignItem, formatRange } from '#shared/political-ads.ts'
import type { Country } from '#shared/site.ts'

/** The figures of a campaign as the page shows them (spec §9), in the page's language. */
export function campaignFigures(item: CampaignItem, lang: Language, country: Country) {
  // Spec §9: Dutch long-format dates; the English overlay has no figures of its own.
  const language = lang === 'en' ? 'nl' : lang
  return {
    period: formatDateRange(item.publicationStartDate, item.publicationEndDate, language, country),
    budget: formatRange(item.budgetLowerBound, item.budgetUpperBound, euroFormatter(language, country)),
    reach: formatRange(item.reachLowerBound, item.reachUpperBound, numberFormatter(language, country)),
    // A blank note is no note: the other language's, else the page's "not applicable" (issue 18).
    note:
      lang === 'fr'
        ? (given(item.campaignContextNoteFr) ?? given(item.campaignContextNoteNl))
        : (given(item.campaignContextNoteNl) ?? given(item.campaignContextNoteFr)),
  }
}

const given = (text: string | undefined) => (text?.trim() ? text : undefined)
