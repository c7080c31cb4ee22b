import { type RequestHandler, type Response, Router } from 'express'
import { isLanguage, toLocale } from '#shared/locale.ts'
import {
  type CloseComplaintBody,
  closeComplaintSchema,
  complaintQueryFrom,
  complaintQuerySchema,
} from '#shared/political-ads.ts'
import { deskQuerySchema, toDeskQuery } from '#shared/privacy-rights/desk.ts'
import {
  type CompleteBody,
  completeSchema,
  type ExtendBody,
  extendSchema,
  type NoteBody,
  noteSchema,
  type RejectBody,
  rejectSchema,
} from '#shared/privacy-rights/desk-bodies.ts'
import type { Country } from '#shared/site.ts'
import type { StaffSession } from '../db/staff-repository'
import { HttpError } from '../http-error'
import { idempotencyKeyOf, jsonBody, sameOriginOnly } from '../middleware/post-guards'
import type { ComplaintDesk } from '../services/complaint-desk'
import type { DeskActor, DeskService } from '../services/desk'
import { ValidationFailed } from '../services/errors'
import { streamBody, streamBytes } from '../stream-response'
import { ajv, fieldErrors } from '../validation'

const validateQuery = ajv.compile(deskQuerySchema)
const validateExtend = ajv.compile<ExtendBody>(extendSchema)
const validateComplete = ajv.compile<CompleteBody>(completeSchema)
const validateReject = ajv.compile<RejectBody>(rejectSchema)
const validateNote = ajv.compile<NoteBody>(noteSchema)
const validateClose = ajv.compile<CloseComplaintBody>(closeComplaintSchema)
const validateComplaintQuery = ajv.compile(complaintQuerySchema)
const validateEmpty = ajv.compile<Record<string, never>>({ type: 'object', additionalProperties: false })

/** The privacy team's member acting, or why not: 401 signed out (the staff gate), 403 without the role. */
export function deskActor(res: Response, countries: readonly Country[]): DeskActor {
  const session = res.locals.staff as StaffSession | null | undefined
  if (!session) throw new HttpError(401, 'UNAUTHENTICATED', 'Sign in as staff first')
  if (!session.roles.includes('privacy-team'))
    throw new HttpError(403, 'FORBIDDEN', 'The privacy desk is for the privacy team')
  return { ...session, countries }
}

function queryOf(raw: Record<string, unknown>) {
  if (Object.values(raw).some((value) => typeof value !== 'string'))
    throw new ValidationFailed([{ field: '(query)', rule: 'type' }])
  if (!validateQuery(raw)) throw new ValidationFailed(fieldErrors(validateQuery))
  return toDeskQuery(raw as Record<string, string | undefined>)
}

const REQUESTS = '/internal-privacy-rights/requests'
const COMPLAINTS = '/internal-privacy-rights/complaints'

/**
 * Issue 16: the JSON API of the privacy desk, behind the staff gate (toggle, session) and the privacy-team
 * role. Actions are same-origin POSTs; an action the request's status does not allow is a 409.
 */
export function deskRouter(
  desk: DeskService,
  complaints: ComplaintDesk,
  countries: readonly Country[],
  limit: RequestHandler,
): Router {
  const router = Router({ caseSensitive: true })
  // Without the toggle these paths do not exist (404); the staff router answered 401 already when signed out.
  router.use([REQUESTS, `${REQUESTS}.csv`, COMPLAINTS], (req, res, next) => {
    if (!req.site?.toggles.INTERNAL_PRIVACY_RIGHTS) {
      next('router')
      return
    }
    res.set('Cache-Control', 'no-store')
    deskActor(res, countries)
    next()
  })
  const action: ActionRoute = (path, validate, run) =>
    router.post(path, sameOriginOnly, limit, ...jsonBody('32kb'), actionHandler(countries, validate, run))
  requestRoutes(router, action, desk, countries)
  complaintRoutes(router, action, complaints, countries)
  return router
}

/** The privacy requests: the queue, its CSV, a request's page, its files and the team's actions. */
function requestRoutes(
  router: Router,
  action: ActionRoute,
  desk: DeskService,
  countries: readonly Country[],
) {
  router.get(REQUESTS, async (req, res) => {
    res.json(await desk.list(deskActor(res, countries), queryOf(req.query)))
  })
  router.get(`${REQUESTS}.csv`, queueCsv(desk, countries))
  router.get(`${REQUESTS}/:reference`, async (req, res) => {
    res.json(await desk.detail(deskActor(res, countries), String(req.params.reference)))
  })
  router.get(`${REQUESTS}/:reference/files/:fileId`, answerFile(desk, countries))
  action(`${REQUESTS}/:reference/extend`, validateExtend, (actor, reference, body) =>
    desk.extend(actor, reference, body.reason.trim()),
  )
  action(`${REQUESTS}/:reference/complete`, validateComplete, (actor, reference, body) =>
    desk.complete(actor, reference, body.message.trim(), body.closeWithoutTasks?.trim() || undefined),
  )
  action(`${REQUESTS}/:reference/reject`, validateReject, (actor, reference, body) =>
    desk.reject(actor, reference, body.reason, body.message.trim()),
  )
  action(`${REQUESTS}/:reference/notes`, validateNote, (actor, reference, body, key) =>
    desk.note(actor, reference, body.text.trim(), key),
  )
}

/** The queue as CSV; `lang`: the language of the line that says when the file was cut (the queue page sends its own). */
function queueCsv(desk: DeskService, countries: readonly Country[]): RequestHandler {
  return async (req, res) => {
    const { lang = 'nl', ...filters } = req.query as Record<string, unknown>
    if (typeof lang !== 'string' || !isLanguage(lang))
      throw new ValidationFailed([{ field: 'lang', rule: 'enum' }])
    const actor = deskActor(res, countries)
    const locale = toLocale(lang, req.site?.country ?? 'NL')
    const file = await desk.csv(actor, { ...queryOf(filters), limit: undefined }, locale)
    const day = new Date().toISOString().slice(0, 10)
    const cut = file.total > file.rows
    const name = cut
      ? `privacy-requests-${day}-first-${file.rows}-of-${file.total}.csv`
      : `privacy-requests-${day}.csv`
    res
      .set({
        'Cache-Control': 'no-store',
        'Content-Disposition': `attachment; filename="${name}"`,
        'X-Total-Count': String(file.total),
        ...(cut ? { 'X-Truncated': 'true' } : {}),
      })
      .type('text/csv; charset=utf-8')
    await streamBody(req, res, file.chunks)
  }
}

/** Issue 25: a brand system's file, as it uploaded it, streamed from its encrypted chunks. */
function answerFile(desk: DeskService, countries: readonly Country[]): RequestHandler {
  return async (req, res) => {
    const actor = deskActor(res, countries)
    const reference = String(req.params.reference)
    const { file, bytes } = await desk.openFile(actor, reference, String(req.params.fileId))
    res.set({
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'X-Content-Type-Options': 'nosniff',
    })
    await streamBytes(req, res, bytes)
  }
}

/** Issue 18, Art. 15: complaints about political ads, handled to the end. */
function complaintRoutes(
  router: Router,
  action: ActionRoute,
  complaints: ComplaintDesk,
  countries: readonly Country[],
) {
  router.get(COMPLAINTS, async (req, res) => {
    const raw = req.query as Record<string, unknown>
    if (Object.values(raw).some((value) => typeof value !== 'string'))
      throw new ValidationFailed([{ field: '(query)', rule: 'type' }])
    if (!validateComplaintQuery(raw)) throw new ValidationFailed(fieldErrors(validateComplaintQuery))
    const query = complaintQueryFrom(new URLSearchParams(raw as Record<string, string>))
    res.json(await complaints.list(deskActor(res, countries), query))
  })
  router.get(`${COMPLAINTS}/:reference`, async (req, res) => {
    res.json(await complaints.detail(deskActor(res, countries), String(req.params.reference)))
  })
  action(`${COMPLAINTS}/:reference/review`, validateEmpty, (actor, reference) =>
    complaints.review(actor, reference),
  )
  action(`${COMPLAINTS}/:reference/close`, validateClose, (actor, reference, body) =>
    complaints.close(actor, reference, body.outcome, body.message.trim()),
  )
  action(`${COMPLAINTS}/:reference/notes`, validateNote, (actor, reference, body, key) =>
    complaints.note(actor, reference, body.text.trim(), key),
  )
}

type Validator<T> = ((body: unknown) => body is T) & { errors?: unknown }
/** `key`: the POST's Idempotency-Key, if it sent one (notes are written once per key; issue 30). */
type DeskAction<T> = (
  actor: DeskActor,
  reference: string,
  body: T,
  key: string | undefined,
) => Promise<unknown>
/** Declares one action's route: a same-origin JSON POST, rate limited, through `actionHandler`. */
type ActionRoute = <T>(path: string, validate: Validator<T>, run: DeskAction<T>) => void

/**
 * The one handler of every desk action, on a request or a complaint: the privacy team's member, the body
 * checked against its schema (400 with the fields), and the item as it is after the action.
 */
function actionHandler<T>(
  countries: readonly Country[],
  validate: Validator<T>,
  run: DeskAction<T>,
): RequestHandler {
  return async (req, res) => {
    const actor = deskActor(res, countries)
    const body: unknown = req.body ?? {}
    if (!validate(body)) throw new ValidationFailed(fieldErrors(validate as never))
    res.json(await run(actor, String(req.params.reference), body, idempotencyKeyOf(req)))
  }
}
