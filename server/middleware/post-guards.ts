import express, { type Request, type RequestHandler } from 'express'
import { controlCharacterFields } from '#shared/control-characters.ts'
import { HttpError } from '../http-error'
import { ValidationFailed } from '../services/errors'

export const crossSiteRefused = () =>
  new HttpError(403, 'CROSS_SITE_REQUEST', 'Cross-site requests are refused')
export const notJson = () => new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json')

/**
 * Refuses a POST sent by another site (a form or script elsewhere posting with the visitor's browser):
 * Sec-Fetch-Site says so in modern browsers, Origin in the others. Requests without either (curl, servers)
 * carry no ambient credentials and pass.
 */
export const sameOriginOnly: RequestHandler = (req, _res, next) => {
  const fetchSite = req.get('sec-fetch-site')
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    next(crossSiteRefused())
    return
  }
  const origin = req.get('origin')
  if (origin && origin !== 'null') {
    let host: string | null = null
    try {
      host = new URL(origin).host
    } catch {
      host = null
    }
    if (host !== req.get('host')) {
      next(crossSiteRefused())
      return
    }
  } else if (origin === 'null') {
    next(crossSiteRefused())
    return
  }
  next()
}

/**
 * The API takes JSON only: anything else is 415, a body over the limit 413, broken JSON 400, and a text
 * holding a control character (a NUL, an escape; tab and line breaks are text) 400 VALIDATION_FAILED naming
 * each such field (issue 27): every free text of every endpoint, by one rule.
 */
export function jsonBody(limit: string): RequestHandler[] {
  return [
    (req, _res, next) => {
      if (!req.is('application/json')) {
        next(notJson())
        return
      }
      next()
    },
    express.json({ limit, strict: true }),
    (req, _res, next) => {
      const fields = controlCharacterFields(req.body)
      next(
        fields.length > 0
          ? new ValidationFailed(fields.map((field) => ({ field, rule: 'control_characters' })))
          : undefined,
      )
    },
  ]
}

/**
 * Issue 30: the `Idempotency-Key` of a form's POST (the IETF httpapi draft: a string, quoted or not), or
 * undefined without one. A key that cannot be one (too short, too long, odd characters) is a 400.
 */
export function idempotencyKeyOf(req: Request): string | undefined {
  const raw = req.get('idempotency-key')
  if (raw === undefined) return undefined
  const key = /^"(.*)"$/.exec(raw.trim())?.[1] ?? raw.trim()
  if (!/^[\w.:-]{16,128}$/.test(key))
    throw new ValidationFailed([{ field: 'Idempotency-Key', rule: 'pattern' }])
  return key
}
