import { type RequestHandler, Router } from 'express'
import { type ContactBody, contactSchema } from '#shared/contact.ts'
import { localeQuerySchema } from '#shared/locale.ts'
import { undeliverableAs } from '../http-error'
import { idempotencyKeyOf, jsonBody, sameOriginOnly } from '../middleware/post-guards'
import { siteOf } from '../middleware/site'
import type { ContactService } from '../services/contact'
import { ValidationFailed } from '../services/errors'
import { ajv, fieldErrors } from '../validation'

const validateContact = ajv.compile<ContactBody>(contactSchema)
const validateLocaleQuery = ajv.compile(localeQuerySchema)

/** Spec §7: POST /api/contact?locale={locale}. */
export function contactRouter(service: ContactService, limit: RequestHandler): Router {
  const router = Router()
  router.post('/contact', sameOriginOnly, limit, ...jsonBody('16kb'), async (req, res) => {
    const query: unknown = req.query
    if (!validateLocaleQuery(query)) throw new ValidationFailed(fieldErrors(validateLocaleQuery))
    const { locale } = query
    const body: unknown = req.body
    if (!validateContact(body)) throw new ValidationFailed(fieldErrors(validateContact))
    const { reference } = await service
      .send(body, siteOf(req), locale, idempotencyKeyOf(req))
      .catch(undeliverableAs('EMAIL_INVALID'))
    res.status(200).set('Cache-Control', 'no-store').json({ ok: true, reference })
  })
  return router
}
