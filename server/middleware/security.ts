import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
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
  const headers = helmetFor(options.development, options.development ? [nonce, fathom] : [fathom])
  if (options.development) {
    return (req, res, next) => {
      res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
      headers(req, res, next)
    }
  }
  const { withFathom, without } = productionSecurityHeaders()
  return (req, res, next) => {
    const set = req.site?.toggles.LOAD_FATHOM ? withFathom : without
    for (const [name, value] of set) res.setHeader(name, value)
    next()
  }
}

/**
 * Issue 30: in production the headers depend on nothing but the site's Fathom toggle. Helmet writes them once
 * for each of the two cases; every answer then only copies its set (no policy string built per request).
 */
export function productionSecurityHeaders(): Record<'withFathom' | 'without', [string, string][]> {
  return {
    withFathom: headersOf(helmetFor(false, [FATHOM_ORIGIN])),
    without: headersOf(helmetFor(false, ["'self'"])),
  }
}

type Source = string | ((req: unknown, res: unknown) => string)

/** Helmet with our policy; `scripts` are the sources besides 'self' (the nonce and Fathom's, or Fathom's). */
function helmetFor(development: boolean, scripts: Source[]) {
  const fathomOrSelf = scripts[scripts.length - 1] as Source
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // Every script of a production page is a file from our own origin (or Fathom's, where it loads).
        scriptSrc: ["'self'", ...scripts],
        // Vite injects its client and CSS as inline styles in development only.
        styleSrc: development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        imgSrc: ["'self'", 'data:', fathomOrSelf],
        connectSrc: development ? ["'self'", 'ws:'] : ["'self'", fathomOrSelf],
        fontSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
  })
}

/** The headers a helmet middleware writes, in its order, after the Permissions-Policy. */
function headersOf(middleware: ReturnType<typeof helmet>): [string, string][] {
  const written = new Map<string, string>([['Permissions-Policy', PERMISSIONS_POLICY]])
  const res = {
    setHeader: (name: string, value: string) => written.set(name, value),
    removeHeader: (name: string) => written.delete(name),
  }
  middleware({} as IncomingMessage, res as unknown as ServerResponse, () => {})
  return [...written]
}
