import { type RequestHandler, Router } from 'express'
import { type ContactBody, contactSchema } from '#shared/contact.ts'
import { type Locale, parseLocale } from '#shared/locale.ts'
import { undeliverableAs } from '../http-error'
import { jsonBody, sameOriginOnly } from '../middleware/post-guards'
import { siteOf } from '../middleware/site'
import type { ContactService } from '../services/contact'
import { ValidationFailed } from '../services/errors'
import { ajv, fieldErrors } from '../validation'

const validateContact = ajv.compile<ContactBody>(contactSchema)

/** Spec §7: POST /api/contact?locale={locale}. */
export function contactRouter(service: ContactService, limit: RequestHandler): Router {
  const router = Router()
  router.post('/contact', sameOriginOnly, limit, ...jsonBody('16kb'), async (req, res) => {
    const locale =
      typeof req.query.locale === 'string' && parseLocale(req.query.locale)
        ? (req.query.locale as Locale)
        : null
    if (!locale) throw new ValidationFailed([{ field: 'locale', rule: 'locale' }])
    const body: unknown = req.body
    if (!validateContact(body)) throw new ValidationFailed(fieldErrors(validateContact))
    const { reference } = await service
      .send(body, siteOf(req), locale)
      .catch(undeliverableAs('EMAIL_INVALID'))
    res.status(200).set('Cache-Control', 'no-store').json({ ok: true, reference })
  })
  return router
}
