import type { Request, Response } from 'express'
import { escapeHtml } from '#shared/html.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import { type Language, toLocale } from '#shared/locale.ts'
import type { SignInView } from '#shared/privacy-rights/staff.ts'
import { routeLanguage } from '#shared/routing.ts'
import type { StaffIdentity } from '../db/staff-repository'

export const STAFF_AREA = '/internal-privacy-rights'
export const CALLBACK_PATH = `${STAFF_AREA}/callback`

/** Staff pages and the staff API; a wrong language prefix is not one of them (it stays a 404). */
export const STAFF_PATH = /^\/(?:(?:nl|fr|en)\/|api\/)?internal-privacy-rights(?:\/|$)/

/** The sign-in page renders this view; a refusal is a 403, a sign-in that cannot be offered a 503. */
export function showSignIn(res: Response, view: SignInView) {
  res.locals.staffSignIn = view
  if (view.notice === 'refused') res.locals.pageStatus = 403
  else if (view.method === 'none' || view.notice === 'unavailable') res.locals.pageStatus = 503
}

export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1'
}

export function redirectUri(req: Request): string {
  return `${req.site?.origin}${CALLBACK_PATH}`
}

export function noticeOf(query: Request['query']): SignInView['notice'] {
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

export function languageOf(path: string): Language {
  const route = routeLanguage(path)
  return route.kind === 'page' ? route.lang : 'nl'
}

export function identityOf(claims: Record<string, unknown>): StaffIdentity | null {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : ''
  if (!email || typeof claims.sub !== 'string' || typeof claims.iss !== 'string') return null
  const name =
    typeof claims.name === 'string'
      ? claims.name
      : [claims.given_name, claims.family_name].filter((part) => typeof part === 'string').join(' ')
  return { subject: claims.sub, issuer: claims.iss, email, name: name || null }
}

/** The small page after the callback: it moves on by itself, and has a link for when it does not. */
export function continuePage(lang: Language, returnTo: string): string {
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
