import { type ErrorRequestHandler, type RequestHandler, Router } from 'express'
import QRCode from 'qrcode'
import { EXPORT_COLUMN_LABELS } from '#shared/export-labels.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import { parseLocale, toLocale } from '#shared/locale.ts'
import {
  CHANNEL_FILTERS,
  type ChannelFilter,
  COMPLAINT_REASONS,
  EXPORT_COLUMNS,
  type NoticeLanguage,
  noticeLanguages,
  noticeUrl,
  noticeUrls,
  PERIOD_FILTERS,
  type PeriodFilter,
} from '#shared/political-ads.ts'
import { COUNTRIES, type Country, type Site } from '#shared/site.ts'
import { csvFile } from '../csv'
import { HttpError, undeliverableAs } from '../http-error'
import { errorBody, toHttpError } from '../middleware/errors'
import { idempotencyKeyOf, jsonBody, sameOriginOnly } from '../middleware/post-guards'
import { siteOf } from '../middleware/site'
import { suspensionsCell } from '../services/campaign-import'
import { type ApiFieldError, ValidationFailed } from '../services/errors'
import {
  type ComplaintBody,
  DEFAULT_PAGE,
  type HistoricNotice,
  type PoliticalAdsService,
} from '../services/political-ads'
import { ajv, fieldErrors } from '../validation'

/** POST /api/political-ad-complaint; also the OpenAPI document's description of it. */
export const complaintSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'email', 'explanation', 'reason', 'campaignId', 'locale'],
  properties: {
    name: { type: 'string', maxLength: 100 },
    email: { type: 'string', maxLength: 254 },
    explanation: { type: 'string', maxLength: 5000 },
    reason: { enum: [...COMPLAINT_REASONS] },
    campaignId: { type: 'string', maxLength: 64 },
    locale: { type: 'string', pattern: '^(nl|fr|en)_(nl|be)$' },
  },
} as const
const validateComplaint = ajv.compile<ComplaintBody>(complaintSchema)

export { EXPORT_COLUMNS }

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

/** A notice the retention job removed (issue 18): its address answers 410 Gone. */
export const noticeGone = () =>
  new HttpError(410, 'GONE', 'This notice was removed at the end of its retention period')

/**
 * Spec §7: every complaint the server refuses as input answers 400 with `validationError`: INVALID_EMAIL when
 * the e-mail address is at fault (malformed, missing, or its domain cannot receive mail), else the API's code
 * (VALIDATION_FAILED, MALFORMED_JSON). The API's usual `error`, with the failing fields, stays beside it.
 * Anything else (403, 404, 413, 415, 429, 5xx) goes on to the central error handler.
 */
const complaintFailure: ErrorRequestHandler = (error, _req, res, next) => {
  const known = toHttpError(error)
  if (known?.status !== 400) {
    next(error)
    return
  }
  const fields = (known.details ?? []) as ApiFieldError[]
  const email = known.code === 'INVALID_EMAIL' || fields.some((field) => field.field === 'email')
  res
    .status(400)
    .set('Cache-Control', 'no-store')
    .json({ validationError: email ? 'INVALID_EMAIL' : known.code, ...errorBody(known) })
}

/** Spec §7 calls of the transparency centre; all 404 where the host has POLITICAL_ADS off. */
export function politicalAdsRouter(service: PoliticalAdsService, limit: RequestHandler): Router {
  const router = Router()
  const enabled: RequestHandler = (req, _res, next) => {
    next(req.site?.toggles.POLITICAL_ADS ? undefined : new HttpError(404, 'NOT_FOUND', 'No such endpoint'))
  }
  /** No such notice: 410 Gone when the retention job removed it (issue 18), else 404. */
  const notFound = async (site: Site, country: Country, id: string): Promise<never> => {
    if (await service.removedAt(site, country, id)) throw noticeGone()
    throw new HttpError(404, 'NOT_FOUND', 'No such campaign item')
  }
  const countryOf = (value: unknown): Country => {
    if (typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value)) return value as Country
    throw new ValidationFailed([{ field: 'countryCode', rule: 'enum' }])
  }

  router.get(['/campaign-items.json', '/campaign-items.csv'], enabled, async (req, res) => {
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
    const { items, removed } = await service.exportAll(
      site,
      site.country,
      since ? new Date(since).toISOString() : undefined,
      EXPORT_LIMIT,
    )
    const exported: ExportedNotice[] = items.map((item) => ({
      ...item,
      ...noticeUrls(site.origin, site.country, item.id),
    }))
    res.set('Cache-Control', 'public, max-age=300')
    if (req.path.endsWith('.csv')) {
      // Issue 27: the headers in the language of the page it was downloaded from (`?lang=`, a language of the
      // country; by default its first); the import reads them back in either language.
      const t = serverTranslate(toLocale(lang as NoticeLanguage, site.country))
      const header = EXPORT_COLUMNS.map((column) => t(EXPORT_COLUMN_LABELS[column]))
      res
        .type('text/csv; charset=utf-8')
        .attachment(`campaign-items-${site.country.toLowerCase()}.csv`)
        .send(csvFile([header, ...exported.map((notice) => csvRow({ ...notice, country: site.country }))]))
      return
    }
    // Beyond the CSV: when it was made, and the ids of notices the retention job removed (since `since`), for
    // mirrors to drop.
    res.json({
      country: site.country,
      exportedAt: new Date().toISOString(),
      campaignItems: exported,
      removed,
    })
  })

  router.get('/campaign-items', enabled, async (req, res) => {
    const site = siteOf(req)
    const {
      countryCode,
      period = 'ALL',
      channel = 'ALL',
      text = '',
      limit = String(DEFAULT_PAGE),
      offset = '0',
    } = req.query
    const country = countryOf(countryCode)
    const page = { limit: Number(limit), offset: Number(offset) }
    const errors = [
      ...(Number.isInteger(page.limit) && page.limit >= 1 && page.limit <= 500
        ? []
        : [{ field: 'limit', rule: 'range' }]),
      ...(Number.isInteger(page.offset) && page.offset >= 0 && page.offset <= 1_000_000
        ? []
        : [{ field: 'offset', rule: 'range' }]),
      ...((PERIOD_FILTERS as readonly unknown[]).includes(period) ? [] : [{ field: 'period', rule: 'enum' }]),
      ...((CHANNEL_FILTERS as readonly unknown[]).includes(channel)
        ? []
        : [{ field: 'channel', rule: 'enum' }]),
      ...(typeof text === 'string' && text.length <= 100 ? [] : [{ field: 'text', rule: 'maxLength' }]),
    ]
    if (errors.length > 0) throw new ValidationFailed(errors)
    const withdrawn = req.query.withdrawn
    if (withdrawn !== undefined && withdrawn !== 'true' && withdrawn !== 'false')
      throw new ValidationFailed([{ field: 'withdrawn', rule: 'enum' }])
    const { items, total } = await service.list(
      site,
      country,
      {
        periodFilter: period as PeriodFilter,
        channelFilter: channel as ChannelFilter,
        textFilter: text as string,
        withdrawn: withdrawn === 'true',
      },
      page,
    )
    // Beyond spec §7's { campaignItems }: the total, and pages of at most 500 (limit, offset), newest first.
    res.set('Cache-Control', 'public, max-age=60').json({ campaignItems: items, total })
  })

  router.get('/campaign-items/:id', enabled, async (req, res) => {
    const site = siteOf(req)
    const country = countryOf(req.query.countryCode ?? site.country)
    const item = await service.find(site, country, String(req.params.id))
    if (!item) return notFound(site, country, String(req.params.id))
    res.set('Cache-Control', 'public, max-age=60').json({
      ...item,
      ...noticeUrls(site.origin, site.country, item.id),
      versions: await service.versions(item.id),
      withdrawals: await service.withdrawals(item.id),
    })
  })

  // Issue 18: a QR code of the notice's permanent address, for print, radio scripts and screens.
  router.get('/campaign-items/:id/qr.svg', enabled, async (req, res) => {
    const site = siteOf(req)
    // Only an address the site serves: one of the languages of its country's notices, by default the first.
    const languages: readonly unknown[] = noticeLanguages(site.country)
    const lang = req.query.lang ?? languages[0]
    if (!languages.includes(lang)) throw new ValidationFailed([{ field: 'lang', rule: 'enum' }])
    const id = String(req.params.id)
    const item = await service.find(site, site.country, id)
    if (!item) return notFound(site, site.country, id)
    const svg = await QRCode.toString(noticeUrl(site.origin, lang as NoticeLanguage, item.id), {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
    })
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=86400').send(svg)
  })

  router.post(
    '/political-ad-complaint',
    enabled,
    sameOriginOnly,
    limit,
    ...jsonBody('16kb'),
    async (req, res) => {
      const body: unknown = req.body
      if (!validateComplaint(body)) throw new ValidationFailed(fieldErrors(validateComplaint))
      if (!parseLocale(body.locale)) throw new ValidationFailed([{ field: 'locale', rule: 'locale' }])
      const { reference } = await service
        .complain(body, siteOf(req), idempotencyKeyOf(req))
        .catch(undeliverableAs('INVALID_EMAIL'))
      res.status(200).set('Cache-Control', 'no-store').json({ ok: true, reference })
    },
  )
  router.use('/political-ad-complaint', complaintFailure)

  return router
}
