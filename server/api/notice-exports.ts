import type { RequestHandler } from 'express'
import { EXPORT_COLUMN_LABELS } from '#shared/export-labels.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import { toLocale } from '#shared/locale.ts'
import { EXPORT_COLUMNS, type NoticeLanguage, noticeLanguages, noticeUrls } from '#shared/political-ads.ts'
import type { Country } from '#shared/site.ts'
import { CSV_BOM, csvLines } from '../csv'
import { siteOf } from '../middleware/site'
import { suspensionsCell } from '../services/campaign-import'
import { ValidationFailed } from '../services/errors'
import type { HistoricNotice, PoliticalAdsService, RemovedNotice } from '../services/political-ads'
import { streamBody } from '../stream-response'

/** Issue 31 (moved from political-ads.ts): the open-data exports, JSON and CSV. */

/** `?since=` of the export: a date, or a UTC time (`2026-11-01`, `2026-11-01T08:30:00Z`). */
export const SINCE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}(?:T\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,3})?)?Z)?$'

/** The export holds the whole list of a country (a few thousand notices a year at most). */
const EXPORT_LIMIT = 100_000

/** A notice as the export writes it: its fields, state and history, and its permanent address in each language. */
type ExportedNotice = HistoricNotice & ReturnType<typeof noticeUrls>
/** A CSV row names its country too: a file holds rows, not a country. */
type CsvNotice = ExportedNotice & { country: Country }

/**
 * The CSV row of an exported notice, column by column (`urls.nl` reads `urls` then `nl`): the suspensions,
 * earlier versions and withdrawals as JSON lists (empty: an empty cell), so the import reads them back whole.
 */
function csvRow(notice: CsvNotice): unknown[] {
  return EXPORT_COLUMNS.map((column) => {
    const [field, lang] = column.split('.') as [keyof CsvNotice, NoticeLanguage | undefined]
    const value = notice[field]
    if (lang) return (value as ExportedNotice['urls'])[lang]
    if (field === 'suspensions') return suspensionsCell(notice.suspensions)
    if (Array.isArray(value)) return value.length > 0 ? JSON.stringify(value) : ''
    return value
  })
}

/** GET /api/campaign-items.json and .csv: the country's notices for mirrors and research (issues 18, 27). */
export function exportNotices(service: PoliticalAdsService): RequestHandler {
  return async (req, res) => {
    const site = siteOf(req)
    // `?since=2026-11-01` (or a full ISO time): only notices changed or withdrawn since, for mirrors.
    const since = req.query.since
    const lang = req.query.lang ?? noticeLanguages(site.country)[0]
    if (typeof lang !== 'string' || !(noticeLanguages(site.country) as string[]).includes(lang))
      throw new ValidationFailed([{ field: 'lang', rule: 'enum' }])
    if (
      since !== undefined &&
      (typeof since !== 'string' || !new RegExp(SINCE_PATTERN).test(since) || Number.isNaN(Date.parse(since)))
    )
      throw new ValidationFailed([{ field: 'since', rule: 'format' }])
    const { pages, removed } = await service.exportPages(
      site,
      site.country,
      since ? new Date(since).toISOString() : undefined,
      EXPORT_LIMIT,
    )
    const exported = async function* () {
      for await (const page of pages)
        yield page.map(
          (item): ExportedNotice => ({ ...item, ...noticeUrls(site.origin, site.country, item.id) }),
        )
    }
    // Issue 30: written a page at a time, so no ETag (it would need the whole body first; the JSON's
    // `exportedAt` made it differ at every request anyway) nor Content-Length; a cache keeps it 5 minutes.
    res.set('Cache-Control', 'public, max-age=300')
    if (req.path.endsWith('.csv')) {
      // Issue 27: the headers in the language of the page it was downloaded from (`?lang=`, a language of the
      // country; by default its first); the import reads them back in either language.
      const t = serverTranslate(toLocale(lang as NoticeLanguage, site.country))
      const header = EXPORT_COLUMNS.map((column) => t(EXPORT_COLUMN_LABELS[column]))
      res.type('text/csv; charset=utf-8').attachment(`campaign-items-${site.country.toLowerCase()}.csv`)
      await streamBody(req, res, csvChunks(header, exported(), site.country))
      return
    }
    // Beyond the CSV: when it was made, and the ids of notices the retention job removed (since `since`), for
    // mirrors to drop.
    res.type('application/json; charset=utf-8')
    await streamBody(req, res, jsonChunks(site.country, exported(), removed))
  }
}

/** The CSV a page of rows at a time: the byte-order mark and the header first, as csvFile writes them. */
async function* csvChunks(header: string[], pages: AsyncIterable<ExportedNotice[]>, country: Country) {
  yield [CSV_BOM + csvLines([header])]
  for await (const page of pages) yield page.map((notice) => csvLines([csvRow({ ...notice, country })]))
}

/**
 * The JSON a page of notices at a time, byte for byte what `res.json` wrote of the whole object
 * (`{ country, exportedAt, campaignItems, removed }`): the array's items separated by commas across pages.
 */
async function* jsonChunks(
  country: Country,
  pages: AsyncIterable<ExportedNotice[]>,
  removed: () => Promise<RemovedNotice[]>,
) {
  yield [
    `{"country":${JSON.stringify(country)},"exportedAt":${JSON.stringify(new Date().toISOString())},"campaignItems":[`,
  ]
  let first = true
  for await (const page of pages)
    yield page.map((notice) => {
      const text = `${first ? '' : ','}${JSON.stringify(notice)}`
      first = false
      return text
    })
  yield [`],"removed":${JSON.stringify(await removed())}}`]
}
