import express, { type Request, type Response, Router } from 'express'
import { escapeHtml } from '#shared/html.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import { isLanguage, type Language, toLocale } from '#shared/locale.ts'
import type { StaffRole } from '#shared/privacy-rights/desk.ts'
import type { SignInView } from '#shared/privacy-rights/staff.ts'
import { routeLanguage } from '#shared/routing.ts'
import type { StaffIdentity } from '../db/staff-repository'
import type { Logger } from '../logger'
import { sameOriginOnly } from '../middleware/post-guards'
import type { StaffService } from '../services/staff'
import { clearHostCookie, readCookie, sealer, setHostCookie } from './cookies'
import type { OidcSignIn, SignInTransaction } from './oidc'
import { type AccessPolicy, isAllowed, rolesOf, SESSION_COOKIE, type StaffSessions } from './sessions'

/** The sign-in transaction: Lax, because the provider sends the browser back with a cross-site redirect. */
const TRANSACTION_COOKIE = '__Host-staff-signin'
const TRANSACTION_MS = 10 * 60_000
export const STAFF_AREA = '/internal-privacy-rights'
export const CALLBACK_PATH = `${STAFF_AREA}/callback`
const DEVELOPMENT_ISSUER = 'local-development-sign-in'

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
 * page go to sign-in; the staff API answers 401.
 */
export function staffArea(deps: StaffAreaDeps): Router {
  const { sessions, oidc, policy, staff, logger } = deps
  const transactions = sealer(deps.key)
  // Case-sensitive, like the language routing: /NL/… and /Internal-Privacy-Rights/… are no staff paths.
  const router = Router({ caseSensitive: true })
  const enabled = (req: Request) => req.site?.toggles.INTERNAL_PRIVACY_RIGHTS === true
  /**
   * The development sign-in: allowed by the config, no identity provider, a local host of the host table,
   * and a browser on this machine. A Host header is the visitor's to choose, the connection's address is not (nor is it a proxy's
   * X-Forwarded-For), so a server that was started without a production host table still refuses it remotely.
   */
  const development = (req: Request) =>
    deps.developmentSignIn &&
    oidc === null &&
    req.site?.environment === 'local' &&
    isLoopback(req.socket.remoteAddress)

  // Only nl, fr and en are languages: any other first segment (`api`, an encoded `//host`) is no staff page.
  router.param('lang', (_req, _res, next, value) => {
    next(isLanguage(String(value)) ? undefined : 'route')
  })

  // Gate: without the toggle nothing below exists; with it, every staff request learns its session.
  router.use(async (req, res, next) => {
    if (!STAFF_PATH.test(req.path)) {
      next('router')
      return
    }
    if (!enabled(req)) {
      next('router')
      return
    }
    // Never cached, never indexed.
    res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' })
    const cookie = readCookie(req, SESSION_COOKIE)
    res.locals.staff = await sessions.resolve(cookie)
    if (!res.locals.staff && cookie) clearHostCookie(res, SESSION_COOKIE, 'strict')
    next()
  })

  // The area's own address leads to its form.
  router.get(`/:lang${STAFF_AREA}`, (req, res) => {
    res.redirect(302, `/${String(req.params.lang)}${STAFF_AREA}/direct-marketing`)
  })

  router.get(`/:lang${STAFF_AREA}/sign-in`, async (req, res, next) => {
    const lang = String(req.params.lang) as Language
    const returnTo = safeReturnTo(req.query.returnTo, lang)
    if (res.locals.staff) {
      res.redirect(303, returnTo)
      return
    }
    const notice = noticeOf(req.query)
    if (notice === 'refused') {
      showSignIn(res, { method: oidc ? 'oidc' : development(req) ? 'development' : 'none', notice, returnTo })
      next()
      return
    }
    const view: SignInView = {
      method: oidc ? 'oidc' : development(req) ? 'development' : 'none',
      notice,
      returnTo,
    }
    if (oidc && notice === null) {
      try {
        const { url, transaction } = await oidc.begin(redirectUri(req), returnTo)
        setHostCookie(res, TRANSACTION_COOKIE, transactions.seal(transaction), {
          sameSite: 'lax',
          maxAgeMs: TRANSACTION_MS,
        })
        res.redirect(302, url.href)
        return
      } catch (error) {
        logger.error({ err: error }, 'staff sign-in: identity provider unavailable')
        view.notice = 'unavailable'
      }
    }
    showSignIn(res, view)
    next()
  })

  router.get(CALLBACK_PATH, async (req, res, next) => {
    const transaction = transactions.open<SignInTransaction>(readCookie(req, TRANSACTION_COOKIE))
    clearHostCookie(res, TRANSACTION_COOKIE, 'lax')
    const lang = transaction ? languageOf(transaction.returnTo) : 'nl'
    const signInPage = `/${lang}${STAFF_AREA}/sign-in`
    if (!oidc || !transaction) {
      res.redirect(303, `${signInPage}?failed=1`)
      return
    }
    let claims: Record<string, unknown>
    try {
      claims = await oidc.finish(new URL(req.originalUrl, req.site?.origin), transaction)
    } catch (error) {
      logger.warn({ err: error }, 'staff sign-in: callback refused')
      res.redirect(303, `${signInPage}?failed=1&returnTo=${encodeURIComponent(transaction.returnTo)}`)
      return
    }
    const identity = identityOf(claims)
    if (!identity) {
      logger.warn('staff sign-in: the ID token has no e-mail address')
      res.redirect(303, `${signInPage}?failed=1`)
      return
    }
    const roles = rolesOf(claims, policy)
    if (!isAllowed(claims, policy) || roles.length === 0) {
      // Signed in at the provider, but not one of ours: recorded, no session, and a 403 page here.
      await staff.log(identity, 'SIGN_IN_REFUSED', req.site?.country ?? 'NL')
      showSignIn(res, { method: 'oidc', notice: 'refused', returnTo: transaction.returnTo })
      res.locals.pageUrl = signInPage
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
  })

  router.post(
    `/:lang${STAFF_AREA}/sign-in/development`,
    sameOriginOnly,
    express.urlencoded({ extended: false, limit: '2kb' }),
    async (req, res, next) => {
      if (!development(req)) {
        next('router')
        return
      }
      const lang = String(req.params.lang) as Language
      const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : ''
      const name = typeof req.body?.name === 'string' ? req.body.name.trim().slice(0, 100) : ''
      const returnTo = safeReturnTo(req.body?.returnTo, lang)
      if (!/^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/.test(email)) {
        res.redirect(303, `/${lang}${STAFF_AREA}/sign-in?failed=1&returnTo=${encodeURIComponent(returnTo)}`)
        return
      }
      const identity: StaffIdentity = {
        subject: `local:${email}`,
        issuer: DEVELOPMENT_ISSUER,
        email,
        name: name || null,
      }
      if (!isAllowed({ email }, policy)) {
        await staff.log(identity, 'SIGN_IN_REFUSED', req.site?.country ?? 'NL')
        res.redirect(303, `/${lang}${STAFF_AREA}/sign-in?refused=1&returnTo=${encodeURIComponent(returnTo)}`)
        return
      }
      // The developer chooses the role to try: customer-service (the form) or privacy-team (the desk too).
      const roles: StaffRole[] =
        req.body?.role === 'privacy-team' ? ['privacy-team', 'customer-service'] : ['customer-service']
      await sessions.end(readCookie(req, SESSION_COOKIE))
      setHostCookie(res, SESSION_COOKIE, await sessions.start(identity, roles), { sameSite: 'strict' })
      await staff.log(identity, 'SIGN_IN', req.site?.country ?? 'NL')
      res.redirect(303, returnTo)
    },
  )

  router.post(`/:lang${STAFF_AREA}/sign-out`, sameOriginOnly, async (req, res) => {
    const lang = String(req.params.lang)
    const session = res.locals.staff as StaffIdentity | null
    await sessions.end(readCookie(req, SESSION_COOKIE))
    if (session) await staff.log(session, 'SIGN_OUT', req.site?.country ?? 'NL')
    clearHostCookie(res, SESSION_COOKIE, 'strict')
    res.redirect(303, `/${lang}${STAFF_AREA}/sign-in?signed-out=1`)
  })

  // Every other staff page needs a session.
  router.get(`/:lang${STAFF_AREA}/{*rest}`, (req, res, next) => {
    if (res.locals.staff || res.locals.staffSignIn) {
      next()
      return
    }
    const lang = String(req.params.lang)
    const back = encodeURIComponent(req.originalUrl)
    res.redirect(302, `/${lang}${STAFF_AREA}/sign-in?returnTo=${back}`)
  })

  return router
}

/** Staff pages and the staff API; a wrong language prefix is not one of them (it stays a 404). */
const STAFF_PATH = /^\/(?:(?:nl|fr|en)\/|api\/)?internal-privacy-rights(?:\/|$)/

/** The sign-in page renders this view; a refusal is a 403, a sign-in that cannot be offered a 503. */
function showSignIn(res: Response, view: SignInView) {
  res.locals.staffSignIn = view
  if (view.notice === 'refused') res.locals.pageStatus = 403
  else if (view.method === 'none' || view.notice === 'unavailable') res.locals.pageStatus = 503
}

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1'
}

function redirectUri(req: Request): string {
  return `${req.site?.origin}${CALLBACK_PATH}`
}

function noticeOf(query: Request['query']): SignInView['notice'] {
  if (query['signed-out'] !== undefined) return 'signed-out'
  if (query.failed !== undefined) return 'failed'
  if (query.refused !== undefined) return 'refused'
  return null
}

/** Only a staff page of this site: anything else (another host, a protocol-relative URL) goes to the form. */
export function safeReturnTo(value: unknown, lang: Language): string {
  const fallback = `/${lang}${STAFF_AREA}/direct-marketing`
  if (typeof value !== 'string' || value.length > 500) return fallback
  const match = /^\/(nl|fr|en)\/internal-privacy-rights\/[A-Za-z0-9\-/?=&%._~]*$/.exec(value)
  if (!match || value.includes('//') || value.includes('\\') || /\/sign-in/.test(value)) return fallback
  return value
}

function languageOf(path: string): Language {
  const route = routeLanguage(path)
  return route.kind === 'page' ? route.lang : 'nl'
}

function identityOf(claims: Record<string, unknown>): StaffIdentity | null {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : ''
  if (!email || typeof claims.sub !== 'string' || typeof claims.iss !== 'string') return null
  const name =
    typeof claims.name === 'string'
      ? claims.name
      : [claims.given_name, claims.family_name].filter((part) => typeof part === 'string').join(' ')
  return { subject: claims.sub, issuer: claims.iss, email, name: name || null }
}

/** The small page after the callback: it moves on by itself, and has a link for when it does not. */
function continuePage(lang: Language, returnTo: string): string {
  const t = serverTranslate(toLocale(lang, 'NL'))
  const href = escapeHtml(returnTo)
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="0; url=${href}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(t('staff.sign_in.continue_title'))}</title></head>
<body>
<main>
<h1>${escapeHtml(t('staff.sign_in.continue_title'))}</h1>
<p><a href="${href}">${escapeHtml(t('staff.sign_in.continue'))}</a></p>
</main>
</body>
</html>`
}
