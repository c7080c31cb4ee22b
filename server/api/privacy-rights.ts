import { type RequestHandler, Router } from 'express'
import type { PrivacyRequestBody } from '#shared/privacy-rights/request.ts'
import { privacyRequestSchema } from '#shared/privacy-rights/schema.ts'
import { undeliverableAs } from '../http-error'
import { idempotencyKeyOf, jsonBody, sameOriginOnly } from '../middleware/post-guards'
import { siteOf } from '../middleware/site'
import { ValidationFailed } from '../services/errors'
import type { PrivacyRequestService } from '../services/privacy-requests'
import { ajv, fieldErrors } from '../validation'

export const validatePrivacyRequest = ajv.compile<PrivacyRequestBody>(privacyRequestSchema)

/** Spec §7: POST /api/privacy-rights/request. */
export function privacyRightsRouter(service: PrivacyRequestService, limit: RequestHandler): Router {
  const router = Router()
  router.post('/privacy-rights/request', sameOriginOnly, limit, ...jsonBody('32kb'), async (req, res) => {
    const body: unknown = req.body
    if (!validatePrivacyRequest(body)) throw new ValidationFailed(fieldErrors(validatePrivacyRequest))
    const result = await service
      .submit(body, siteOf(req), idempotencyKeyOf(req))
      .catch(undeliverableAs('INVALID_EMAIL'))
    res
      .status(200)
      .set('Cache-Control', 'no-store')
      .json({ ok: true, status: result.status, reference: result.reference })
  })
  return router
}
