import { randomBytes } from 'node:crypto'
import type { Request, RequestHandler, Response } from 'express'
import helmet from 'helmet'
import { FATHOM_ORIGIN } from '#shared/analytics.ts'

/**
 * Development only: a fresh CSP nonce per response for the inline module script Vike writes around Vite's
 * client. Production pages have no inline script and a policy without nonce (docs/decisions/006).
 */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString('base64url')
  next()
}

const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce as string}'`
const fathom = (req: unknown) => ((req as Request).site?.toggles.LOAD_FATHOM ? FATHOM_ORIGIN : "'self'")

/** No page of ours needs these: a script injected despite the CSP cannot ask for them either. */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()'

export function securityHeaders(options: { development: boolean }): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // Every script of a production page is a file from our own origin (or Fathom's, where it loads).
        scriptSrc: options.development ? ["'self'", nonce, fathom] : ["'self'", fathom],
        // Vite injects its client and CSS as inline styles in development only.
        styleSrc: options.development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        imgSrc: ["'self'", 'data:', fathom],
        connectSrc: options.development ? ["'self'", 'ws:'] : ["'self'", fathom],
        fontSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
  })
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
    headers(req, res, next)
  }
}
