import express, { Router } from 'express'
import { isLanguage } from '#shared/locale.ts'
import { sameOriginOnly } from '../middleware/post-guards'
import { siteOf } from '../middleware/site'
import type { PrivacyRequestService } from '../services/privacy-requests'

const OUTCOME_PAGES = {
  verified: 'email-verified',
  failed: 'email-verification-failed',
  expired: 'email-verification-expired',
} as const

/** The confirm button of /{lang}/verify-email: consumes the token, then shows the outcome page (303). */
export function verificationRouter(service: PrivacyRequestService): Router {
  const router = Router()
  router.post(
    '/:lang/verify-email',
    sameOriginOnly,
    express.urlencoded({ extended: false, limit: '2kb' }),
    async (req, res, next) => {
      const lang = String(req.params.lang)
      if (!isLanguage(lang)) {
        next()
        return
      }
      const token: unknown = req.body?.token
      const outcome =
        typeof token === 'string' && /^[\w-]{20,100}$/.test(token)
          ? await service.confirm(token, siteOf(req))
          : 'failed'
      res.set('Cache-Control', 'no-store').redirect(303, `/${lang}/${OUTCOME_PAGES[outcome]}`)
    },
  )
  return router
}
