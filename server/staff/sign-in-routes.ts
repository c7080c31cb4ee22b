import type { Request, RequestHandler, Response } from 'express'
import type { Language } from '#shared/locale.ts'
import type { StaffRole } from '#shared/privacy-rights/desk.ts'
import type { SignInView } from '#shared/privacy-rights/staff.ts'
import type { StaffIdentity } from '../db/staff-repository'
import type { Logger } from '../logger'
import type { StaffService } from '../services/staff'
import { clearHostCookie, readCookie, type sealer, setHostCookie } from './cookies'
import type { OidcSignIn, SignInTransaction } from './oidc'
import { type AccessPolicy, isAllowed, rolesOf, SESSION_COOKIE, type StaffSessions } from './sessions'
import {
  continuePage,
  identityOf,
  isLoopback,
  languageOf,
  noticeOf,
  redirectUri,
  STAFF_AREA,
  safeReturnTo,
  showSignIn,
} from './sign-in-page'

/** The sign-in transaction: Lax, because the provider sends the browser back with a cross-site redirect. */
export const TRANSACTION_COOKIE = '__Host-staff-signin'
const TRANSACTION_MS = 10 * 60_000
const DEVELOPMENT_ISSUER = 'local-development-sign-in'

/** What the sign-in handlers work with; each takes it explicitly. */
export interface SignInDeps {
  sessions: StaffSessions
  /** Null when no identity provider is configured. */
  oidc: OidcSignIn | null
  policy: AccessPolicy
  /** Config: whether this deployment offers the development sign-in at all (never in production by default). */
  developmentSignIn: boolean
  staff: StaffService
  /** The sign-in transaction cookie's sealer (HMAC). */
  transactions: ReturnType<typeof sealer>
  logger: Logger
}

/**
 * The development sign-in: allowed by the config, no identity provider, a local host of the host table,
 * and a browser on this machine. A Host header is the visitor's to choose, the connection's address is not (nor is it a proxy's
 * X-Forwarded-For), so a server that was started without a production host table still refuses it remotely.
 */
export function developmentAllowed(deps: SignInDeps, req: Request): boolean {
  return (
    deps.developmentSignIn &&
    deps.oidc === null &&
    req.site?.environment === 'local' &&
    isLoopback(req.socket.remoteAddress)
  )
}

const methodOf = (deps: SignInDeps, req: Request): SignInView['method'] =>
  deps.oidc ? 'oidc' : developmentAllowed(deps, req) ? 'development' : 'none'

/** The sign-in page: to the identity provider at once, or the page that says why not (or how, in development). */
export function signInPage(deps: SignInDeps): RequestHandler {
  return async (req, res, next) => {
    const lang = String(req.params.lang) as Language
    const returnTo = safeReturnTo(req.query.returnTo, lang)
    if (res.locals.staff) {
      res.redirect(303, returnTo)
      return
    }
    const view: SignInView = { method: methodOf(deps, req), notice: noticeOf(req.query), returnTo }
    if (deps.oidc && view.notice === null) {
      try {
        const { url, transaction } = await deps.oidc.begin(redirectUri(req), returnTo)
        setHostCookie(res, TRANSACTION_COOKIE, deps.transactions.seal(transaction), {
          sameSite: 'lax',
          maxAgeMs: TRANSACTION_MS,
        })
        res.redirect(302, url.href)
        return
      } catch (error) {
        deps.logger.error({ err: error }, 'staff sign-in: identity provider unavailable')
        view.notice = 'unavailable'
      }
    }
    showSignIn(res, view)
    next()
  }
}

/** The identity provider's answer: a session for one of ours, a 403 page for anyone else. */
export function signInCallback(deps: SignInDeps): RequestHandler {
  const { oidc, logger, sessions, staff } = deps
  return async (req, res, next) => {
    const transaction = deps.transactions.open<SignInTransaction>(readCookie(req, TRANSACTION_COOKIE))
    clearHostCookie(res, TRANSACTION_COOKIE, 'lax')
    const lang = transaction ? languageOf(transaction.returnTo) : 'nl'
    const signInPath = `/${lang}${STAFF_AREA}/sign-in`
    if (!oidc || !transaction) {
      res.redirect(303, `${signInPath}?failed=1`)
      return
    }
    let claims: Record<string, unknown>
    try {
      claims = await oidc.finish(new URL(req.originalUrl, req.site?.origin), transaction)
    } catch (error) {
      logger.warn({ err: error }, 'staff sign-in: callback refused')
      res.redirect(303, `${signInPath}?failed=1&returnTo=${encodeURIComponent(transaction.returnTo)}`)
      return
    }
    const identity = identityOf(claims)
    if (!identity) {
      logger.warn('staff sign-in: the ID token has no e-mail address')
      res.redirect(303, `${signInPath}?failed=1`)
      return
    }
    const roles = rolesOf(claims, deps.policy)
    if (!isAllowed(claims, deps.policy) || roles.length === 0) {
      // Signed in at the provider, but not one of ours: recorded, no session, and a 403 page here.
      await staff.log(identity, 'SIGN_IN_REFUSED', req.site?.country ?? 'NL')
      showSignIn(res, { method: 'oidc', notice: 'refused', returnTo: transaction.returnTo })
      res.locals.pageUrl = signInPath
      next()
      return
    }
    // A sign-in on a browser that still holds a session ends that one first.
    await sessions.end(readCookie(req, SESSION_COOKIE))
    const cookie = await sessions.start(identity, roles)
    await staff.log(identity, 'SIGN_IN', req.site?.country ?? 'NL')
    setHostCookie(res, SESSION_COOKIE, cookie, { sameSite: 'strict' })
    // The provider sent the browser here cross-site, so a redirect would still count as cross-site and the
    // strict session cookie would not be sent. A page of our own continues with a same-site navigation.
    res.type('html').send(continuePage(lang, transaction.returnTo))
  }
}

/** The development sign-in's form: any allowed address, with the role the developer chooses. */
export function developmentSignIn(deps: SignInDeps): RequestHandler {
  return async (req, res, next) => {
    if (!developmentAllowed(deps, req)) {
      next('router')
      return
    }
    const lang = String(req.params.lang) as Language
    const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : ''
    const name = typeof req.body?.name === 'string' ? req.body.name.trim().slice(0, 100) : ''
    const returnTo = safeReturnTo(req.body?.returnTo, lang)
    const back = `returnTo=${encodeURIComponent(returnTo)}`
    if (!/^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/.test(email)) {
      res.redirect(303, `/${lang}${STAFF_AREA}/sign-in?failed=1&${back}`)
      return
    }
    const identity: StaffIdentity = {
      subject: `local:${email}`,
      issuer: DEVELOPMENT_ISSUER,
      email,
      name: name || null,
    }
    if (!isAllowed({ email }, deps.policy)) {
      await deps.staff.log(identity, 'SIGN_IN_REFUSED', req.site?.country ?? 'NL')
      res.redirect(303, `/${lang}${STAFF_AREA}/sign-in?refused=1&${back}`)
      return
    }
    // The developer chooses the role to try: customer-service (the form) or privacy-team (the desk too).
    const roles: StaffRole[] =
      req.body?.role === 'privacy-team' ? ['privacy-team', 'customer-service'] : ['customer-service']
    await deps.sessions.end(readCookie(req, SESSION_COOKIE))
    setHostCookie(res, SESSION_COOKIE, await deps.sessions.start(identity, roles), { sameSite: 'strict' })
    await deps.staff.log(identity, 'SIGN_IN', req.site?.country ?? 'NL')
    res.redirect(303, returnTo)
  }
}

export function signOut(deps: SignInDeps): RequestHandler {
  return async (req, res) => {
    const lang = String(req.params.lang)
    const session = res.locals.staff as StaffIdentity | null
    await deps.sessions.end(readCookie(req, SESSION_COOKIE))
    if (session) await deps.staff.log(session, 'SIGN_OUT', req.site?.country ?? 'NL')
    clearHostCookie(res, SESSION_COOKIE, 'strict')
    res.redirect(303, `/${lang}${STAFF_AREA}/sign-in?signed-out=1`)
  }
}

/** Every other staff page needs a session: signed out, to the sign-in page and back. */
export function sessionRequired(req: Request, res: Response, next: () => void): void {
  if (res.locals.staff || res.locals.staffSignIn) {
    next()
    return
  }
  const lang = String(req.params.lang)
  const back = encodeURIComponent(req.originalUrl)
  res.redirect(302, `/${lang}${STAFF_AREA}/sign-in?returnTo=${back}`)
}
