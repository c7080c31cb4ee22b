import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Request, Response } from 'express'

/** One cookie of the request, or undefined; no dependency for the two cookies the staff area reads. */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie
  if (!header) return undefined
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim())
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

/**
 * Sets a `__Host-` cookie: HttpOnly, Secure, Path=/ and no Domain, so no script, no plain-HTTP page and no
 * other host can read or plant it. Browsers treat http://*.localhost as secure, so local runs work too.
 */
export function setHostCookie(
  res: Response,
  name: string,
  value: string,
  options: { sameSite: 'strict' | 'lax'; maxAgeMs?: number },
) {
  res.cookie(name, value, {
    httpOnly: true,
    secure: true,
    sameSite: options.sameSite,
    path: '/',
    ...(options.maxAgeMs === undefined ? {} : { maxAge: options.maxAgeMs }),
  })
}

export function clearHostCookie(res: Response, name: string, sameSite: 'strict' | 'lax') {
  res.clearCookie(name, { httpOnly: true, secure: true, sameSite, path: '/' })
}

/** A JSON value with an HMAC, so that what comes back is what we sent. */
export function sealer(key: Buffer) {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url')
  return {
    seal(value: unknown): string {
      const payload = Buffer.from(JSON.stringify(value)).toString('base64url')
      return `${payload}.${mac(payload)}`
    },
    open<T>(sealed: string | undefined): T | null {
      if (!sealed || sealed.length > 4096) return null
      const [payload, signature] = sealed.split('.')
      if (!payload || !signature) return null
      const expected = Buffer.from(mac(payload))
      const given = Buffer.from(signature)
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
      try {
        return JSON.parse(Buffer.from(payload, 'base64url').toString()) as T
      } catch {
        return null
      }
    },
  }
}
