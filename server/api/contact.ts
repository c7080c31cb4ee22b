import { type RequestHandler, Router } from 'express'
import { type ContactBody, contactSchema } from '../../shared/contact'
import { type Locale, parseLocale } from '../../shared/locale'
import { HttpError } from '../http-error'
import { jsonBody, sameOriginOnly } from '../middleware/post-guards'
import type { ContactService } from '../services/contact'
import { validationFailed } from '../services/privacy-requests'
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
    if (!locale) throw validationFailed([{ field: 'locale', rule: 'locale' }])
    const body: unknown = req.body
    if (!validateContact(body)) throw validationFailed(fieldErrors(validateContact))
    if (!req.site) throw new HttpError(421, 'UNKNOWN_HOST', 'Cannot determine country')
    const { reference } = await service.send(body, req.site, locale)
    res.status(200).set('Cache-Control', 'no-store').json({ ok: true, reference })
  })
  return router
}
