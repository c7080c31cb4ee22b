import express, { type Request, type RequestHandler, type Response, Router } from 'express'
import type { Logger } from '../logger'
import { siteOf } from '../middleware/site'
import type { UnsubscribeService } from '../services/unsubscribe'

/**
 * Issue 28 item 2, RFC 8058: `/u/{token}`, the link in a brand mailing's List-Unsubscribe header. `POST` with
 * `List-Unsubscribe=One-Click` (a mailbox provider's one click, or the button of the page) stops the brand's
 * e-mail at once: 200, no confirmation step, no cookie, no redirect; again, nothing changes. `GET` shows only a
 * page in the brand's language with that button, and changes nothing (mail scanners open links). A bad or
 * foreign token is 404 and changes nothing. The token names an address: the request log writes `/u/{token}`.
 * No same-origin check: the provider's POST comes from elsewhere, and the token is the authority.
 */
export function unsubscribeRouter(
  unsubscribe: UnsubscribeService,
  page: RequestHandler,
  logger: Logger,
): Router {
  const router = Router({ caseSensitive: true })

  const show = (
    req: Request,
    res: Response,
    next: (error?: unknown) => void,
    view: object,
    status: number,
  ) => {
    const lang = 'language' in view && view.language === 'fr' ? 'fr' : 'nl'
    res.locals.pageUrl = `/${lang}/unsubscribe`
    res.locals.pageContext = { unsubscribe: view }
    res.locals.pageStatus = status
    page(req, res, next)
  }

  router.get('/u/:token', async (req, res, next) => {
    res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer')
    const found = await unsubscribe.resolve(String(req.params.token), siteOf(req))
    if (!found) return show(req, res, next, { state: 'unknown' }, 404)
    show(
      req,
      res,
      next,
      {
        state: 'ask',
        brand: found.brandName,
        email: found.email,
        language: found.language,
        token: req.params.token,
      },
      200,
    )
  })

  router.post('/u/:token', express.urlencoded({ extended: false, limit: '1kb' }), async (req, res, next) => {
    res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer')
    const found = await unsubscribe.resolve(String(req.params.token), siteOf(req))
    const browser = req.accepts(['text/plain', 'html']) === 'html'
    if (!found) {
      if (browser) return show(req, res, next, { state: 'unknown' }, 404)
      return void res.status(404).type('text/plain').send('Not found')
    }
    if ((req.body as Record<string, unknown> | undefined)?.['List-Unsubscribe'] !== 'One-Click') {
      res.status(400).type('text/plain').send('Send List-Unsubscribe=One-Click (RFC 8058)')
      return
    }
    const { created } = await unsubscribe.unsubscribe(found, siteOf(req))
    if (created > 0)
      logger.info({ client: found.client.name, brandKey: found.brandKey }, 'one-click unsubscribe')
    if (browser)
      return show(req, res, next, { state: 'done', brand: found.brandName, language: found.language }, 200)
    res.status(200).type('text/plain').send('Unsubscribed')
  })

  return router
}
