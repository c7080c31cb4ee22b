import type { Request, Response } from 'express'
import { DEFAULT_LANGUAGE } from '#shared/locale.ts'
import { routeLanguage } from '#shared/routing.ts'
import { compressBody, sendCompressed } from '../compressed'
import type { CachedResponse } from '../response-cache'
import type { pageRenderer } from './page-render'

/**
 * Issue 30: the page a client over its render limit gets, `429` with Retry-After, in the language of the
 * URL it asked for. Refusing must cost next to nothing, or refusing would be the lever: the page is
 * rendered once per host and language (for the language's home address) and kept, compressed, while the
 * process runs.
 */
export function tooManyRenders(render: ReturnType<typeof pageRenderer>) {
  const kept = new Map<string, Promise<CachedResponse>>()
  const page = (req: Request): Promise<CachedResponse> => {
    const route = routeLanguage(req.originalUrl)
    const url = `/${route.kind === 'page' ? route.lang : DEFAULT_LANGUAGE}`
    const key = `${req.site?.host}|${url}`
    let made = kept.get(key)
    if (!made) {
      made = (async () => {
        const rendered = await render(url, { host: req.headers.host }, req.site, undefined, {
          tooManyRenders: true,
        })
        if (!rendered) throw new Error('The too-many-requests page did not render')
        return { status: rendered.status, headers: rendered.headers, body: await compressBody(rendered.body) }
      })()
      // A failed render is not kept: the next refusal tries again.
      made.catch(() => kept.delete(key))
      kept.set(key, made)
    }
    return made
  }
  return async (req: Request, res: Response, waitSeconds: number) => {
    const answer = await page(req)
    res.status(429)
    for (const [name, value] of answer.headers) res.setHeader(name, value)
    res.setHeader('Cache-Control', 'no-store')
    res.setHeader('Retry-After', String(waitSeconds))
    sendCompressed(req, res, answer.body)
  }
}
