import express, { type Request, Router } from 'express'
import { isLanguage } from '#shared/locale.ts'
import type { Logger } from '../logger'
import { sameOriginOnly } from '../middleware/post-guards'
import type { StaffService } from '../services/staff'
import { clearHostCookie, readCookie, sealer } from './cookies'
import type { OidcSignIn } from './oidc'
import { type AccessPolicy, SESSION_COOKIE, type StaffSessions } from './sessions'
import { CALLBACK_PATH, STAFF_AREA, STAFF_PATH } from './sign-in-page'
import {
  developmentSignIn,
  type SignInDeps,
  sessionRequired,
  signInCallback,
  signInPage,
  signOut,
} from './sign-in-routes'

export { CALLBACK_PATH, STAFF_AREA, safeReturnTo } from './sign-in-page'

export interface StaffAreaDeps {
  sessions: StaffSessions
  /** Null when no identity provider is configured. */
  oidc: OidcSignIn | null
  policy: AccessPolicy
  /** Config: whether this deployment offers the development sign-in at all (never in production by default). */
  developmentSignIn: boolean
  staff: StaffService
  /** HMAC key for the sign-in transaction cookie. */
  key: Buffer
  logger: Logger
}

/**
 * The gate, sign-in, callback and sign-out of the internal staff area (issue 8). Everything under
 * /{lang}/internal-privacy-rights and /api/internal-privacy-rights exists only where the host has
 * INTERNAL_PRIVACY_RIGHTS: elsewhere these requests pass on and end as a 404. Signed-out visits to a staff
 * page go to sign-in; the staff API answers 401. Each route's work is a handler of sign-in-routes.ts.
 */
export function staffArea(deps: StaffAreaDeps): Router {
  const signIn: SignInDeps = { ...deps, transactions: sealer(deps.key) }
  // Case-sensitive, like the language routing: /NL/… and /Internal-Privacy-Rights/… are no staff paths.
  const router = Router({ caseSensitive: true })
  // Only nl, fr and en are languages: any other first segment (`api`, an encoded `//host`) is no staff page.
  router.param('lang', (_req, _res, next, value) => {
    next(isLanguage(String(value)) ? undefined : 'route')
  })
  router.use(staffGate(deps.sessions))
  // The area's own address leads to its form.
  router.get(`/:lang${STAFF_AREA}`, (req, res) => {
    res.redirect(302, `/${String(req.params.lang)}${STAFF_AREA}/direct-marketing`)
  })
  router.get(`/:lang${STAFF_AREA}/sign-in`, signInPage(signIn))
  router.get(CALLBACK_PATH, signInCallback(signIn))
  router.post(
    `/:lang${STAFF_AREA}/sign-in/development`,
    sameOriginOnly,
    express.urlencoded({ extended: false, limit: '2kb' }),
    developmentSignIn(signIn),
  )
  router.post(`/:lang${STAFF_AREA}/sign-out`, sameOriginOnly, signOut(signIn))
  router.get(`/:lang${STAFF_AREA}/{*rest}`, sessionRequired)
  return router
}

/** Without the toggle nothing of the staff area exists; with it, every staff request learns its session. */
function staffGate(sessions: StaffSessions) {
  const enabled = (req: Request) => req.site?.toggles.INTERNAL_PRIVACY_RIGHTS === true
  return async (req: Request, res: express.Response, next: express.NextFunction) => {
    if (!STAFF_PATH.test(req.path) || !enabled(req)) {
      next('router')
      return
    }
    // Never cached, never indexed.
    res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' })
    const cookie = readCookie(req, SESSION_COOKIE)
    res.locals.staff = await sessions.resolve(cookie)
    if (!res.locals.staff && cookie) clearHostCookie(res, SESSION_COOKIE, 'strict')
    next()
  }
}
