import { type RequestHandler, Router } from 'express'
import {
  type PreferenceLinkBody,
  type PreferenceStopBody,
  preferenceLinkSchema,
  preferenceStopSchema,
} from '#shared/privacy-rights/preferences.ts'
import { HttpError } from '../http-error'
import { jsonBody, sameOriginOnly } from '../middleware/post-guards'
import { siteOf } from '../middleware/site'
import { UndeliverableEmail, ValidationFailed } from '../services/errors'
import type { PreferenceService } from '../services/preferences'
import { ajv, fieldErrors } from '../validation'

const validateLink = ajv.compile<PreferenceLinkBody>(preferenceLinkSchema)
const validateStop = ajv.compile<PreferenceStopBody>(preferenceStopSchema)

/**
 * Issue 28: the preference centre's calls, which its page makes and other clients may make too: a link by mail
 * (202 whatever the address), the reader's choices through the link, and stops.
 */
export function preferencesRouter(preferences: PreferenceService, limit: RequestHandler): Router {
  const router = Router({ caseSensitive: true })
  const base = '/privacy-rights/preferences'

  router.post(`${base}/link`, sameOriginOnly, limit, ...jsonBody('2kb'), async (req, res) => {
    const body: unknown = req.body
    if (!validateLink(body)) throw new ValidationFailed(fieldErrors(validateLink))
    try {
      await preferences.requestLink(body, siteOf(req))
    } catch (error) {
      if (error instanceof UndeliverableEmail)
        throw new HttpError(400, 'INVALID_EMAIL', 'This e-mail address cannot receive mail')
      throw error
    }
    res.status(202).set('Cache-Control', 'no-store').json({ sent: true })
  })

  router.get(base, async (req, res) => {
    res.set('Cache-Control', 'no-store')
    const token = req.query.token
    if (typeof token !== 'string' || !/^[\w-]{20,100}$/.test(token))
      throw new ValidationFailed([{ field: 'token', rule: 'pattern' }])
    const view = await preferences.view(token)
    if (!view) throw new HttpError(404, 'NOT_FOUND', 'No preference centre for this link, or it has lapsed')
    res.json(view)
  })

  router.post(`${base}/stop`, sameOriginOnly, limit, ...jsonBody('8kb'), async (req, res) => {
    const body: unknown = req.body
    if (!validateStop(body)) throw new ValidationFailed(fieldErrors(validateStop))
    if (!body.all && !body.stops?.length) throw new ValidationFailed([{ field: 'stops', rule: 'required' }])
    res.set('Cache-Control', 'no-store').json(await preferences.stop(body, siteOf(req)))
  })

  return router
}
