// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { COUNTRY_LABELS } from '#shared/desk-labels.ts'
import { formatDateTime } from '#shared/format.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import { htmlLang } from '#shared/locale.ts'

/**
 * Issue 29: the public figures for the privacy team, per month and with every count as it is, for each
 * country the staff member may see. Privacy team only: customer-service staff get a 403.
 */
export async function data(pageContext: PageContextServer) {
  const { figures, deskActor, lang, locale, site } = pageContext
  if (!figures || !deskActor) throw render(403)
  const t = serverTranslate(locale)
  const month = new Intl.DateTimeFormat(htmlLang(lang, site.country), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  const tables = await figures.deskFigures(deskActor.countries)
  return {
    countries: tables.map((table) => ({
      country: table.country,
      name: t(COUNTRY_LABELS[table.country]),
      computedAtText: formatDateTime(table.computedAt, lang, site.country),
      periods: table.periods.map((period) => {
        const name = month.format(new Date(`${period.from}T12:00:00Z`))
        return { ...period, name, caption: t('figures.caption', { period: name }) }
      }),
    })),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
