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

/**
 * `text.signature` with an HMAC-SHA256 over the text: `sign` makes one, `verify` answers the text of a
 * correctly signed value (compared in constant time), or null.
 */
export function signer(key: Buffer, maxLength: number) {
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url')
  return {
    sign: (text: string) => `${text}.${mac(text)}`,
    verify(signed: string | undefined): string | null {
      if (!signed || signed.length > maxLength) return null
      const [text, signature, extra] = signed.split('.')
      if (!text || !signature || extra !== undefined) return null
      const expected = Buffer.from(mac(text))
      const given = Buffer.from(signature)
      return expected.length === given.length && timingSafeEqual(expected, given) ? text : null
    },
  }
}

/** A JSON value with an HMAC, so that what comes back is what we sent. */
export function sealer(key: Buffer) {
  const signed = signer(key, 4096)
  return {
    seal: (value: unknown): string => signed.sign(Buffer.from(JSON.stringify(value)).toString('base64url')),
    open<T>(sealed: string | undefined): T | null {
      const payload = signed.verify(sealed)
      if (!payload) return null
      try {
        return JSON.parse(Buffer.from(payload, 'base64url').toString()) as T
      } catch {
        return null
      }
    },
  }
}
