import type { JSONSchemaType } from 'ajv'
import { type RequestHandler, type Response, Router } from 'express'
import type { ApiClient } from '../db/api-client-repository'
import { HttpError } from '../http-error'
import type { Logger } from '../logger'
import { jsonBody } from '../middleware/post-guards'
import { rateLimited } from '../middleware/rate-limit'
import type { RateLimitStore } from '../rate-limit-store'
import type { ApiClientService } from '../services/api-clients'
import type { BrandTaskService } from '../services/brand-tasks'
import { ValidationFailed } from '../services/errors'
import { ajv, fieldErrors } from '../validation'
import { feedQuerySchema } from './feed-query'
import { taskRoutes } from './tasks'

export type LookupBody = { email: string } | { phoneNumber: string }

export const lookupSchema: JSONSchemaType<LookupBody> = {
  type: 'object',
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['email'],
      // Surrounding spaces (a pasted address) are allowed, as on the public forms; the service trims them.
      properties: {
        email: {
          type: 'string',
          minLength: 3,
          maxLength: 300,
          pattern: '^\\s*[^\\s@]+@[^\\s@]+\\s*$',
          description:
            'One mailbox however written: case, surrounding spaces and a `+tag` do not count, so `name@example.be` finds a suppression of `name+optout@example.be` and the other way round',
        },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['phoneNumber'],
      properties: {
        phoneNumber: {
          type: 'string',
          minLength: 6,
          maxLength: 40,
          description:
            "Any notation (`+32 470 12 34 56`, `0032 470/12.34.56`, `+32 (0)470 12 34 56`); a national number is read as your country's (`0470 12 34 56` in Belgium)",
        },
      },
    },
  ],
  required: [],
}

const validateFeedQuery = ajv.compile(feedQuerySchema)
const validateLookup = ajv.compile(lookupSchema)
const REALM = 'Bearer realm="privacy-site"'
/** The WWW-Authenticate of a 401: no secret sent, or one that is not (or no longer) valid. */
export const WWW_AUTHENTICATE = { missing: REALM, invalid: `${REALM}, error="invalid_token"` } as const

const clientOf = (res: Response) => res.locals.apiClient as ApiClient
/** How many items the call answered, for the client's call count (0 unless a handler says otherwise). */
const answered = (res: Response, items: number) => {
  res.locals.answeredItems = items
}

/** The endpoint a call under /v1 is counted under (`list` shows calls per client, endpoint and day). */
export function endpointOf(method: string, path: string): string {
  const get = method === 'GET' || method === 'HEAD'
  if (get && /^\/tasks\/?$/.test(path)) return 'tasks'
  if (method === 'POST' && /^\/tasks\/[^/]+\/result\/?$/.test(path)) return 'result'
  if (method === 'POST' && /^\/tasks\/[^/]+\/files\/?$/.test(path)) return 'files'
  if (get && /^\/suppressions\/?$/.test(path)) return 'suppressions'
  if (method === 'POST' && /^\/suppressions\/lookup\/?$/.test(path)) return 'lookup'
  if (method === 'POST' && /^\/suppressions\/[^/]+\/applied\/?$/.test(path)) return 'applied'
  return 'other'
}

/** The answer to a call without a valid secret (with WWW-Authenticate). */
export const unauthenticated = () =>
  new HttpError(401, 'UNAUTHENTICATED', 'Send a valid client secret as Authorization: Bearer …')

export const tooManyForClient = () => rateLimited('Too many requests for this client; try again in a minute')

export interface FulfilmentLimits {
  /** Calls a minute per client (API_CLIENT_REQUESTS_PER_MINUTE). */
  perMinute: number
  /** Calls without a valid secret a minute per client address (API_CLIENT_AUTH_FAILURES_PER_MINUTE). */
  authFailuresPerMinute: number
}

/**
 * Issue 17: the brands' systems read the suppressions. `Authorization: Bearer <secret>` on every call (401
 * with WWW-Authenticate otherwise), a per-client rate limit, and a client only ever sees its own country and
 * brands. An address that sent too many calls without a valid secret is refused (429) before its secret is
 * looked up, so guessing costs no database work. Every call of a known client is counted, refused ones too
 * (400, 404, 429), once its answer is done; never what it answered. These calls carry no cookies, so no
 * same-origin check applies.
 */
export function fulfilmentRouter(
  clients: ApiClientService,
  tasks: BrandTaskService,
  store: RateLimitStore,
  limits: FulfilmentLimits,
  logger: Logger,
): Router {
  const router = Router({ caseSensitive: true })

  const authenticate: RequestHandler = async (req, res, next) => {
    res.set('Cache-Control', 'no-store')
    const failures = `api-auth-failures:${req.ip ?? 'unknown'}`
    // A store that cannot be reached must not take the API down: then no address is held back.
    if ((await store.peek(failures).catch(() => 0)) >= limits.authFailuresPerMinute) {
      res.set('Retry-After', '60')
      next(rateLimited('Too many calls without a valid secret from this address; try again in a minute'))
      return
    }
    const header = req.get('authorization') ?? ''
    // The scheme is case-insensitive (RFC 9110 §11.1): `bearer …` too.
    const secret = /^Bearer +([\w-]{1,200})$/i.exec(header)?.[1]
    const client = secret ? await clients.authenticate(secret) : null
    if (!client) {
      await store.hit(failures, 60_000).catch(() => 0)
      res.set('WWW-Authenticate', secret ? WWW_AUTHENTICATE.invalid : WWW_AUTHENTICATE.missing)
      next(unauthenticated())
      return
    }
    res.locals.apiClient = client
    // Read now: the path under /v1, before the routes below handle (and Express rewrites) the request.
    const endpoint = endpointOf(req.method, req.path)
    res.on('close', () => {
      const items = typeof res.locals.answeredItems === 'number' ? res.locals.answeredItems : 0
      clients
        .recordCall(client, endpoint, items)
        .catch((error: unknown) => logger.warn({ err: error, endpoint }, 'API call not counted'))
    })
    const count = await store.hit(`api-client:${client.id}`, 60_000).catch(() => 0)
    res.set({
      'RateLimit-Limit': String(limits.perMinute),
      'RateLimit-Remaining': String(Math.max(0, limits.perMinute - count)),
    })
    if (count > limits.perMinute) {
      res.set('Retry-After', '60')
      next(tooManyForClient())
      return
    }
    next()
  }
  router.use('/v1', authenticate)

  router.get('/v1/suppressions', async (req, res) => {
    const query: unknown = req.query
    if (!validateFeedQuery(query)) throw new ValidationFailed(fieldErrors(validateFeedQuery))
    const limit = query.limit ? Number(query.limit) : 100
    const page = await clients.feed(clientOf(res), query.after, limit)
    answered(res, page.items.length)
    res.json(page)
  })

  router.post('/v1/suppressions/lookup', ...jsonBody('2kb'), async (req, res) => {
    const body: unknown = req.body
    if (!validateLookup(body)) throw new ValidationFailed(fieldErrors(validateLookup))
    const { answer, matched } = await clients.lookup(clientOf(res), body)
    answered(res, matched)
    res.json(answer)
  })

  router.post('/v1/suppressions/:id/applied', async (req, res) => {
    const id = String(req.params.id)
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new HttpError(404, 'NOT_FOUND', 'Suppression not found')
    const applied = await clients.applied(clientOf(res), id)
    answered(res, 1)
    res.json(applied)
  })

  taskRoutes(router, tasks, clientOf, answered)
  return router
}
