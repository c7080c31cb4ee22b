import { type ErrorRequestHandler, type RequestHandler, Router } from 'express'
import QRCode from 'qrcode'
import { parseLocale } from '#shared/locale.ts'
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
import { HttpError, undeliverableAs } from '../http-error'
import { errorBody, toHttpError } from '../middleware/errors'
import { idempotencyKeyOf, jsonBody, sameOriginOnly } from '../middleware/post-guards'
import { siteOf } from '../middleware/site'
import { type ApiFieldError, ValidationFailed } from '../services/errors'
import { type ComplaintBody, DEFAULT_PAGE, type PoliticalAdsService } from '../services/political-ads'
import { ajv, fieldErrors } from '../validation'
import { exportNotices } from './notice-exports'

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

export { SINCE_PATTERN } from './notice-exports'
export { EXPORT_COLUMNS }

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

/** The list's `countryCode`: a country of the site's, else 400. */
function countryOf(value: unknown): Country {
  if (typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value)) return value as Country
  throw new ValidationFailed([{ field: 'countryCode', rule: 'enum' }])
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
  router.get(['/campaign-items.json', '/campaign-items.csv'], enabled, exportNotices(service))

  router.get('/campaign-items', enabled, listNotices(service))

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

/** GET /api/campaign-items: a page of the list, filtered (spec §7). */
export function listNotices(service: PoliticalAdsService): RequestHandler {
  return async (req, res) => {
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
  }
}
