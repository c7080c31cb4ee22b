import type { Request, RequestHandler } from 'express'
import { escapeHtml } from '#shared/html.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import { DEFAULT_LANGUAGE, isLanguage, type Locale } from '#shared/locale.ts'
import type { Site } from '#shared/site.ts'
import { HttpError } from '../http-error'
import type { HostTable } from '../sites'
import { resolveSite } from '../sites'
import { errorBody } from './errors'

/** The error spec §6 names for a host that ends in neither .nl nor .be. */
export const UNKNOWN_HOST_ERROR = 'Cannot determine country'

/** Resolves the site from the Host header (spec §1), early, so that headers can depend on its toggles. */
export function siteResolution(table: HostTable): RequestHandler {
  return (req, res, next) => {
    req.site = resolveSite(table, req.hostname) ?? undefined
    // Issue 26: nothing on a staff host is ever indexed, its public pages included.
    if (req.site?.environment === 'internal') res.set('X-Robots-Tag', 'noindex, nofollow')
    next()
  }
}

/**
 * Pages and API need a site. Without one, pages answer 421 Misdirected Request with an error page, and
 * the API answers the same status as JSON.
 */
export const requireSite: RequestHandler = (req, res, next) => {
  if (req.site) {
    next()
    return
  }
  res.status(421).set('Cache-Control', 'no-store')
  if (req.path.startsWith('/api/')) {
    res.json(errorBody(unknownHost()))
    return
  }
  res.type('html').send(unknownHostPage(req.path))
}

/** The API's answer to a Host the host table does not name. */
export const unknownHost = () => new HttpError(421, 'UNKNOWN_HOST', UNKNOWN_HOST_ERROR)

/** The request's site, for a handler behind requireSite; without one, the same 421 requireSite answers. */
export function siteOf(req: Request): Site {
  if (!req.site) throw unknownHost()
  return req.site
}

const LOCALE_OF: Record<string, Locale> = { nl: 'nl_nl', fr: 'fr_be', en: 'en_nl' }

function unknownHostPage(path: string): string {
  const first = path.split('/')[1] ?? ''
  const lang = isLanguage(first) ? first : DEFAULT_LANGUAGE
  const t = serverTranslate(LOCALE_OF[lang] ?? 'nl_nl')
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('errors.unknown_host.title'))}</title></head>
<body>
<main>
<h1>${escapeHtml(t('errors.unknown_host.title'))}</h1>
<p>${escapeHtml(t('errors.unknown_host.text'))}</p>
<p><code>${UNKNOWN_HOST_ERROR}</code></p>
</main>
</body>
</html>`
}
