import express, { type Request, type RequestHandler, type Response, Router } from 'express'
import { isLanguage } from '#shared/locale.ts'
import type { StatusNotice } from '#shared/privacy-rights/status-page.ts'
import { HttpError } from '../http-error'
import type { Logger } from '../logger'
import { sameOriginOnly } from '../middleware/post-guards'
import type { RequesterAccess } from '../services/requester-access'
import { UNLOCK_COOKIE } from '../services/requester-access'
import { readCookie, setHostCookie } from '../staff/cookies'
import { streamBytes } from '../stream-response'

const REFUSALS: Record<Exclude<StatusNotice, 'sent'>, HttpError> = {
  wrong: new HttpError(400, 'CODE_WRONG', 'The code is not right; try again'),
  expired: new HttpError(400, 'CODE_EXPIRED', 'There is no valid code: ask for a new one'),
  locked: new HttpError(429, 'CODE_LOCKED', 'Too many wrong tries: ask for a new code'),
  unknown: new HttpError(404, 'NOT_FOUND', 'No request for this link, or the link has lapsed'),
  limited: new HttpError(
    429,
    'RATE_LIMITED',
    'Enough codes were sent to this address today; try again tomorrow',
  ),
  locked_package: new HttpError(403, 'UNLOCK_REQUIRED', 'Enter the code we mailed you first'),
  gone: new HttpError(410, 'GONE', 'The package could be downloaded for a limited time, which has passed'),
  none: new HttpError(404, 'NOT_FOUND', 'This request has no package'),
}

const wantsJson = (req: Request) =>
  req.is('application/json') === 'application/json' || req.accepts(['html', 'json']) === 'json'
const field = (req: Request, name: string) => {
  const value: unknown = (req.body as Record<string, unknown> | undefined)?.[name] ?? req.query[name]
  return typeof value === 'string' ? value : ''
}

/** After a form: back to the status page of the link (303). */
const back = (req: Request, res: Response) =>
  res
    .set('Cache-Control', 'no-store')
    .redirect(
      303,
      `/${req.params.lang}/privacy-rights/status?token=${encodeURIComponent(field(req, 'token'))}`,
    )

type Refuse = (
  req: Request,
  res: Response,
  next: (error?: unknown) => void,
  notice: Exclude<StatusNotice, 'sent'>,
) => void

/**
 * Issue 25 item 4: the second factor of the requester's status page and the package download. The page's forms
 * post here and come back to the page (303); a refusal shows the page again with the reason on the code field
 * and its 4xx status. A JSON client gets `{ error }` with the same status instead. The page itself is rendered
 * by `page` (server/middleware/pages.ts), never kept: what it shows depends on the unlock cookie.
 */
export function statusRouter(
  access: RequesterAccess,
  page: RequestHandler,
  limit: RequestHandler,
  logger: Logger,
) {
  const router = Router({ caseSensitive: true })
  const path = '/:lang/privacy-rights/status'
  const body = [express.urlencoded({ extended: false, limit: '2kb' }), express.json({ limit: '2kb' })]

  /** The status page, with what this browser unlocked and, after a form, what to tell. */
  const show = (req: Request, res: Response, next: (error?: unknown) => void, notice?: StatusNotice) => {
    const lang = String(req.params.lang)
    const token = field(req, 'token')
    res.locals.pageUrl = `/${lang}/privacy-rights/status?token=${encodeURIComponent(token)}`
    res.locals.pageContext = {
      statusUnlocked: access.unlockedBy(readCookie(req, UNLOCK_COOKIE)),
      statusNotice: notice ?? null,
    }
    if (notice && notice !== 'sent') res.locals.pageStatus = REFUSALS[notice].status
    page(req, res, next)
  }
  const refuse: Refuse = (req, res, next, notice) => {
    if (REFUSALS[notice].status === 429) res.set('Retry-After', notice === 'limited' ? '86400' : '60')
    if (wantsJson(req)) {
      res
        .set('Cache-Control', 'no-store')
        .status(REFUSALS[notice].status)
        .json({
          error: { code: REFUSALS[notice].code, message: REFUSALS[notice].message },
        })
      return
    }
    show(req, res, next, notice)
  }
  router.use(path, (req, _res, next) => next(isLanguage(String(req.params.lang)) ? undefined : 'router'))

  router.get(path, (req, res, next) => show(req, res, next))

  router.post(`${path}/code`, sameOriginOnly, limit, ...body, async (req, res, next) => {
    const outcome = await access.sendCode(field(req, 'token'))
    if (outcome !== 'sent') return refuse(req, res, next, outcome)
    if (wantsJson(req)) return void res.set('Cache-Control', 'no-store').status(202).json({ sent: true })
    back(req, res)
  })

  router.post(`${path}/unlock`, sameOriginOnly, limit, ...body, async (req, res, next) => {
    const outcome = await access.unlock(field(req, 'token'), field(req, 'code'))
    if (!outcome.ok) return refuse(req, res, next, outcome.reason)
    setHostCookie(res, UNLOCK_COOKIE, outcome.cookie, {
      sameSite: 'strict',
      maxAgeMs: outcome.maxAgeSeconds * 1000,
    })
    if (wantsJson(req)) return void res.set('Cache-Control', 'no-store').json({ unlocked: true })
    back(req, res)
  })

  router.get(`${path}/package`, answerPackage(access, refuse, logger))

  return router
}

/**
 * The access package as a ZIP, written as it is read (issue 30 item 4: memory stays bounded whatever its size).
 * A requester who leaves mid-way stops the reading, and is no error; a download that reached its end goes on
 * the request's timeline.
 */
function answerPackage(access: RequesterAccess, refuse: Refuse, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    const unlocked = access.unlockedBy(readCookie(req, UNLOCK_COOKIE))
    const result = await access.download(field(req, 'token'), unlocked)
    if (result.kind !== 'zip')
      return refuse(req, res, next, result.kind === 'locked' ? 'locked_package' : result.kind)
    res.set({
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${result.name}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    })
    if (req.method === 'GET')
      res.on('finish', () => {
        access
          .downloaded(result.requestId)
          .catch((error: unknown) => logger.warn({ err: error }, 'download not recorded'))
      })
    await streamBytes(req, res, result.stream).catch((error: unknown) => {
      // The response is cut off: the client sees a broken transfer, never a package that looks whole.
      logger.error({ err: error }, 'access package failed while it was sent')
    })
  }
}
