import type { JSONSchemaType } from 'ajv'
import { type RequestHandler, type Response, Router } from 'express'
import type { ApiClient } from '../db/api-client-repository'
import { HttpError } from '../http-error'
import { jsonBody } from '../middleware/post-guards'
import type { RateLimitStore } from '../middleware/rate-limit'
import type { ApiClientService } from '../services/api-clients'
import { ValidationFailed } from '../services/errors'
import { ajv, fieldErrors } from '../validation'

export interface FeedQuery {
  after?: string
  limit?: string
}
export type LookupBody = { email: string } | { phoneNumber: string }

export const feedQuerySchema: JSONSchemaType<FeedQuery> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    // A `next` cursor, or the id of the last suppression one has.
    after: {
      type: 'string',
      pattern: '^(?:\\d{1,15}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$',
      nullable: true,
    },
    limit: { type: 'string', pattern: '^(?:[1-9]\\d{0,2}|1000)$', nullable: true },
  },
}

export const lookupSchema: JSONSchemaType<LookupBody> = {
  type: 'object',
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['email'],
      properties: { email: { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' } },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['phoneNumber'],
      properties: { phoneNumber: { type: 'string', minLength: 6, maxLength: 30 } },
    },
  ],
  required: [],
}

const validateFeedQuery = ajv.compile(feedQuerySchema)
const validateLookup = ajv.compile(lookupSchema)
const REALM = 'Bearer realm="privacy-site"'

const clientOf = (res: Response) => res.locals.apiClient as ApiClient

/**
 * Issue 17: the brands' systems read the suppressions. `Authorization: Bearer <secret>` on every call (401
 * with WWW-Authenticate otherwise), a per-client rate limit, and a client only ever sees its own country and
 * brands. These calls carry no cookies, so no same-origin check applies.
 */
export function fulfilmentRouter(
  clients: ApiClientService,
  store: RateLimitStore,
  perMinute: number,
): Router {
  const router = Router({ caseSensitive: true })

  const authenticate: RequestHandler = async (req, res, next) => {
    const header = req.get('authorization') ?? ''
    const secret = /^Bearer ([\w-]{1,200})$/.exec(header)?.[1]
    const client = secret ? await clients.authenticate(secret) : null
    if (!client) {
      res.set('WWW-Authenticate', secret ? `${REALM}, error="invalid_token"` : REALM)
      next(new HttpError(401, 'UNAUTHENTICATED', 'Send a valid client secret as Authorization: Bearer …'))
      return
    }
    res.locals.apiClient = client
    res.set('Cache-Control', 'no-store')
    const count = await store.hit(`api-client:${client.id}`, 60_000).catch(() => 0)
    res.set({
      'RateLimit-Limit': String(perMinute),
      'RateLimit-Remaining': String(Math.max(0, perMinute - count)),
    })
    if (count > perMinute) {
      res.set('Retry-After', '60')
      next(new HttpError(429, 'RATE_LIMITED', 'Too many requests for this client; try again in a minute'))
      return
    }
    next()
  }
  router.use('/v1', authenticate)

  router.get('/v1/suppressions', async (req, res) => {
    const query: unknown = req.query
    if (!validateFeedQuery(query)) throw new ValidationFailed(fieldErrors(validateFeedQuery))
    const limit = query.limit ? Number(query.limit) : 100
    res.json(await clients.feed(clientOf(res), query.after, limit))
  })

  router.post('/v1/suppressions/lookup', ...jsonBody('2kb'), async (req, res) => {
    const body: unknown = req.body
    if (!validateLookup(body)) throw new ValidationFailed(fieldErrors(validateLookup))
    res.json(await clients.lookup(clientOf(res), body))
  })

  router.post('/v1/suppressions/:id/applied', async (req, res) => {
    const id = String(req.params.id)
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new HttpError(404, 'NOT_FOUND', 'Suppression not found')
    res.json(await clients.applied(clientOf(res), id))
  })

  return router
}
