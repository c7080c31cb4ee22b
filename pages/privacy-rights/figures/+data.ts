// https://vike.dev/data
import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { formatDateTime } from '#shared/format.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'

/** Issue 29: the country's figures per quarter, newest first, as the public sees them. */
export async function data(pageContext: PageContextServer) {
  const { figures, site, lang, locale } = pageContext
  if (!figures) throw render(404)
  const table = await figures.publicFigures(site.country)
  const t = serverTranslate(locale)
  const current = table.periods[0]?.period
  return {
    computedAtText: formatDateTime(table.computedAt, lang, site.country),
    periods: table.periods.map((period) => {
      const [year = '', quarter = ''] = period.period.split('-Q')
      const name = t('figures.quarter', { quarter, year })
      return {
        ...period,
        name,
        caption: t('figures.caption', {
          period: period.period === current ? `${name} (${t('figures.so_far')})` : name,
        }),
      }
    }),
  }
}

export type Data = Awaited<ReturnType<typeof data>>
