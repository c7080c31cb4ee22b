import { Router } from 'express'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import { isLanguage, languagesOf, toLocale } from '#shared/locale.ts'
import { REJECTION_REASONS } from '#shared/privacy-rights/desk.ts'
import { FEW, SMALL_COUNT } from '#shared/privacy-rights/figures.ts'
import { FLOW_TYPES } from '#shared/privacy-rights/request.ts'
import { COUNTRIES, type Country } from '#shared/site.ts'
import { siteOf } from '../middleware/site'
import { ValidationFailed } from '../services/errors'
import type { FiguresService } from '../services/figures'
import { figuresCsv } from '../services/figures-csv'
import { deskActor } from './desk'

/** A public count: 0, 5 or more, or "< 5" for 1 to 4 (issue 29). */
const publicCountSchema = {
  description: `A count: 0, ${SMALL_COUNT} or more, or the text "${FEW}" for 1 to ${SMALL_COUNT - 1}`,
  oneOf: [
    { type: 'integer', const: 0 },
    { type: 'integer', minimum: SMALL_COUNT },
    { type: 'string', const: FEW },
  ],
} as const
const exactCountSchema = { type: 'integer', minimum: 0 } as const

/** The figures' JSON, public (`count`: a public count) or the desk's (exact counts). */
export function figuresTableSchema(count: object) {
  const share = (description: string) => ({ type: ['number', 'null'], minimum: 0, description })
  return {
    type: 'object',
    additionalProperties: false,
    required: ['country', 'computedAt', 'periods'],
    properties: {
      country: { enum: [...COUNTRIES] },
      computedAt: { type: 'string', format: 'date-time', description: 'When the figures were computed' },
      periods: {
        type: 'array',
        description: 'Newest first, from the first period with a request to the one running now',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['period', 'from', 'to', 'rights'],
          properties: {
            period: { type: 'string', pattern: '^\\d{4}-(Q[1-4]|\\d{2})$', examples: ['2026-Q3', '2026-07'] },
            from: { type: 'string', format: 'date' },
            to: { type: 'string', format: 'date' },
            rights: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: [
                  'right',
                  'received',
                  'verified',
                  'completed',
                  'rejected',
                  'rejectedByGround',
                  'extended',
                  'answered',
                  'withinDeadlinePercent',
                  'medianDaysToAnswer',
                  'executed',
                ],
                properties: {
                  right: { enum: [...FLOW_TYPES] },
                  received: count,
                  verified: count,
                  completed: count,
                  rejected: count,
                  rejectedByGround: {
                    type: 'object',
                    additionalProperties: false,
                    required: [...REJECTION_REASONS],
                    properties: Object.fromEntries(REJECTION_REASONS.map((ground) => [ground, count])),
                  },
                  extended: count,
                  answered: count,
                  withinDeadlinePercent: share(
                    `Whole percent of those answered by their deadline; null when none, or in public fewer than ${SMALL_COUNT}, were answered`,
                  ),
                  medianDaysToAnswer: share(
                    'Median calendar days from confirmation to answer; null as above',
                  ),
                  executed: count,
                },
              },
            },
          },
        },
      },
    },
  }
}
export const publicFiguresSchema = figuresTableSchema(publicCountSchema)
export const deskFiguresSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['countries'],
  properties: { countries: { type: 'array', items: figuresTableSchema(exactCountSchema) } },
}

/**
 * Issue 29: how the privacy rights are answered, in figures. In public, the host's country per quarter
 * (computed at most hourly, counts of 1 to 4 as "< 5"), as JSON and as CSV; on the desk, per month and exact,
 * for the privacy team.
 */
export function figuresRouter(figures: FiguresService, staffCountries: readonly Country[]): Router {
  const router = Router()
  router.get('/privacy-rights/figures.json', async (req, res) => {
    const site = siteOf(req)
    res.set('Cache-Control', 'public, max-age=300').json(await figures.publicFigures(site.country))
  })
  // `lang`: the language of the headers and labels, one of the country's (by default its first).
  router.get('/privacy-rights/figures.csv', async (req, res) => {
    const site = siteOf(req)
    const lang = req.query.lang ?? languagesOf(site.country)[0]
    if (typeof lang !== 'string' || !isLanguage(lang) || !languagesOf(site.country).includes(lang))
      throw new ValidationFailed([{ field: 'lang', rule: 'enum' }])
    const table = await figures.publicFigures(site.country)
    res
      .set({
        'Cache-Control': 'public, max-age=300',
        'Content-Disposition': `attachment; filename="privacy-rights-figures-${site.country.toLowerCase()}.csv"`,
      })
      .type('text/csv; charset=utf-8')
      .send(figuresCsv(table, serverTranslate(toLocale(lang, site.country)), lang))
  })
  router.get('/internal-privacy-rights/figures.json', async (req, res, next) => {
    // Without the toggle the path does not exist; the staff gate answered 401 already when signed out.
    if (!req.site?.toggles.INTERNAL_PRIVACY_RIGHTS) {
      next()
      return
    }
    const actor = deskActor(res, staffCountries)
    res.set('Cache-Control', 'no-store').json({ countries: await figures.deskFigures(actor.countries) })
  })
  return router
}
