import { type RequestHandler, Router } from 'express'
import type { StaffObjectionBody } from '#shared/privacy-rights/staff.ts'
import { staffObjectionSchema } from '#shared/privacy-rights/staff-schema.ts'
import type { StaffIdentity } from '../db/staff-repository'
import { HttpError, undeliverableAs } from '../http-error'
import { jsonBody, sameOriginOnly } from '../middleware/post-guards'
import { siteOf } from '../middleware/site'
import { ValidationFailed } from '../services/errors'
import type { StaffService } from '../services/staff'
import { ajv, fieldErrors } from '../validation'

const validateStaffObjection = ajv.compile<StaffObjectionBody>(staffObjectionSchema)

/**
 * The staff API (issue 8). The staff area's gate runs first: without INTERNAL_PRIVACY_RIGHTS these paths
 * are a 404, without a session a 401. Cross-site POSTs are refused even with a valid session cookie.
 */
export function staffRouter(service: StaffService, limit: RequestHandler): Router {
  const router = Router({ caseSensitive: true })
  // The staff gate (server/staff/router.ts) resolved the session; this router checks again on its own.
  router.use('/internal-privacy-rights', (req, res, next) => {
    if (!req.site?.toggles.INTERNAL_PRIVACY_RIGHTS) {
      next('router')
      return
    }
    if (!res.locals.staff) {
      next(new HttpError(401, 'UNAUTHENTICATED', 'Sign in as staff first'))
      return
    }
    next()
  })
  router.post(
    '/internal-privacy-rights/direct-marketing',
    sameOriginOnly,
    limit,
    ...jsonBody('32kb'),
    async (req, res) => {
      const body: unknown = req.body
      if (!validateStaffObjection(body)) throw new ValidationFailed(fieldErrors(validateStaffObjection))
      const recorded = await service
        .recordObjection(body, siteOf(req), res.locals.staff as StaffIdentity)
        .catch(undeliverableAs('INVALID_EMAIL'))
      res.status(201).set('Cache-Control', 'no-store').json({ ok: true, recorded })
    },
  )
  router.get('/internal-privacy-rights/audit', async (_req, res) => {
    const entries = await service.recent(res.locals.staff as StaffIdentity, 20)
    res.set('Cache-Control', 'no-store').json({ entries })
  })
  return router
}
