import { contactSchema } from '#shared/contact.ts'
import { EXPORT_COLUMN_LABELS } from '#shared/export-labels.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import { localeQuerySchema } from '#shared/locale.ts'
import {
  AMOUNTS_CURRENCY,
  CHANNEL_FILTERS,
  campaignItemSchema,
  closeComplaintSchema,
  complaintQuerySchema,
  PERIOD_FILTERS,
} from '#shared/political-ads.ts'
import {
  completeSchema,
  deskQuerySchema,
  extendSchema,
  noteSchema,
  rejectSchema,
} from '#shared/privacy-rights/desk.ts'
import { preferenceLinkSchema, preferenceStopSchema } from '#shared/privacy-rights/preferences.ts'
import { privacyRequestSchema } from '#shared/privacy-rights/schema.ts'
import { staffObjectionSchema } from '#shared/privacy-rights/staff-schema.ts'
import { TASK_FILE_TYPES, taskResultSchema } from '#shared/privacy-rights/tasks.ts'
import { searchQuerySchema } from '#shared/search.ts'
import { COUNTRIES } from '#shared/site.ts'
import { addressQuerySchema } from '../api/address'
import { feedQuerySchema } from '../api/feed-query'
import { deskFiguresSchema, publicFiguresSchema } from '../api/figures'
import { lookupSchema, WWW_AUTHENTICATE } from '../api/fulfilment'
import { complaintSchema, EXPORT_COLUMNS, SINCE_PATTERN } from '../api/political-ads'
import { fileQuerySchema } from '../api/tasks'
import { WEBHOOK_EVENTS, type WebhookEvent } from '../db/webhook-repository'
import {
  appliedAnswerSchema,
  feedPageSchema,
  lookupAnswerSchema,
  webhookPayloadSchemas,
} from '../services/fulfilment-shapes'
import { taskEntrySchema, taskFileSchema, taskPageSchema } from '../services/task-shapes'
import {
  appliedExample,
  errorExamples,
  feedExamples,
  lookupExample,
  taskExamples,
  webhookExamples,
  webhookHeaderExamples,
} from './examples'

/**
 * Issue 17: the OpenAPI 3.1 description of every endpoint under /api, built from the very ajv schemas that
 * validate the requests, so the document cannot drift from what the server accepts. Responses are described
 * by their shape; every error is the one envelope `{ error: { code, message, fields? } }` (a refused complaint
 * adds spec §7's `validationError` beside it).
 */

type Schema = Record<string, unknown>

/** Issue 29: the archive's manifest. */
const hex64 = { type: 'string', pattern: '^[0-9a-f]{64}$' }
const archiveManifestSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['entries'],
  properties: {
    entries: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['date', 'file', 'sha256', 'previous'],
        properties: {
          date: { type: 'string', format: 'date' },
          file: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}\\.jsonl$' },
          sha256: hex64,
          previous: hex64,
        },
      },
    },
  },
}
/** Issue 29: a notice version in the EU repository's metadata shape. */
const repositoryAnswerSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['identifier', 'version', 'entries'],
  properties: {
    identifier: { type: 'string' },
    version: { type: 'integer', minimum: 1 },
    entries: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['identification', 'url', 'language', 'transparencyNotice'],
        properties: {
          identification: {
            type: 'object',
            additionalProperties: false,
            required: ['identifier', 'version', 'changedAt'],
            properties: {
              identifier: { type: 'string' },
              version: { type: 'integer', minimum: 1 },
              changedAt: { type: 'string', format: 'date-time' },
              withdrawnAt: { type: 'string', format: 'date-time' },
              withdrawalReason: { type: 'string' },
            },
          },
          url: { type: 'string', format: 'uri' },
          language: { enum: ['nl', 'fr'] },
          transparencyNotice: {
            type: 'object',
            description:
              "The notice's fields as in `Notice`, with `campaignContextNote` in this language instead of the two notes",
          },
        },
      },
    },
  },
}

/** ajv's `nullable: true` is OpenAPI 3.0; 3.1 (JSON Schema 2020-12) says `type: [t, 'null']`. */
function oas31(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(oas31)
  if (typeof schema !== 'object' || schema === null) return schema
  const { nullable, ...rest } = schema as Schema
  const converted = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, oas31(value)]))
  if (nullable === true && typeof converted.type === 'string') converted.type = [converted.type, 'null']
  return converted
}

/** A query schema of string properties as OpenAPI query parameters. */
function queryParameters(querySchema: unknown) {
  const schema = querySchema as { properties: Record<string, unknown>; required?: readonly string[] }
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: oas31(property),
  }))
}

const param = (name: string, schema: Schema, required = false, where = 'query') => ({
  name,
  in: where,
  required: where === 'path' ? true : required,
  schema,
})
const json = (schema: unknown, example?: unknown) => ({
  content: { 'application/json': { schema: oas31(schema), ...(example ? { example } : {}) } },
})
/** Named examples (`{ name: { summary, value } }`), as Swagger UI offers them in a list. */
const jsonExamples = (schema: unknown, examples: Record<string, { summary: string; value: unknown }>) => ({
  content: { 'application/json': { schema: oas31(schema), examples } },
})
const ok = (description: string, schema: Schema = { type: 'object' }, example?: unknown) => ({
  description,
  ...json(schema, example),
})
const component = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const error = (description: string, example: unknown) => ({
  description,
  ...json(component('Error'), example),
})
const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [String(code), { $ref: `#/components/responses/E${code}` }]))

/** A response header the API sends; `required`: on every such response. */
const header = (description: string, schema: Schema, required = true) => ({ description, required, schema })
const retryAfter = header('Seconds to wait before trying again', {
  type: 'integer',
  minimum: 0,
  examples: [60],
})
/** The per-client limit (`API_CLIENT_REQUESTS_PER_MINUTE`), on every call with a valid secret. */
const clientRateLimit = {
  'RateLimit-Limit': header('Calls a minute this client may make', { type: 'integer', minimum: 1 }),
  'RateLimit-Remaining': header('Calls left in the current minute', { type: 'integer', minimum: 0 }),
}
/** A brand system's errors: its 401 says how to authenticate (WWW-Authenticate). */
const clientErrors = (...codes: number[]) => ({
  ...errors(...codes.filter((code) => code !== 401)),
  ...(codes.includes(401) ? { '401': { $ref: '#/components/responses/ClientE401' } } : {}),
})
/** A brand system's answer: its body, with the client's rate limit in the headers. */
const clientOk = (answer: object) => ({ ...answer, headers: clientRateLimit })

/** Issue 30: the forms' submissions are stored once per key, whoever sends them again. */
const idempotencyKey = {
  ...param('Idempotency-Key', { type: 'string', pattern: '^"?[\\w.:-]{16,128}"?$' }, false, 'header'),
  description:
    'A key of your own, the same for the same submission however often it is sent (a retry after a network error or a 502): the first is stored and each later one answers its reference; with another submission it is a 422',
}

const publicPost = (summary: string, schema: unknown, example: unknown) => ({
  post: {
    summary,
    tags: ['Public'],
    parameters: [idempotencyKey],
    requestBody: { required: true, ...json(schema, example) },
    responses: {
      '200': ok('Accepted: the reference to quote', {
        type: 'object',
        properties: { ok: { type: 'boolean' }, reference: { type: 'string', example: 'NL-261124-K7Q2M' } },
      }),
      ...errors(400, 403, 413, 415, 422, 429, 503),
    },
  },
})

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })

const sinceParam = param('since', {
  type: 'string',
  pattern: SINCE_PATTERN,
  description: 'A date or a UTC time (`2026-11-01`, `2026-11-01T08:30:00Z`)',
})

/**
 * Issue 18: the transparency notice as the API and the export publish it, generated from the import's own
 * schema (`campaignItemSchema`): every field an import takes, then the notice's state and addresses. A field
 * the import requires may be absent from a notice stored before that rule, so a notice requires only what
 * every notice has.
 */
const noticeProperties = {
  ...(oas31(campaignItemSchema.properties) as Record<string, Schema>),
  previousPublicationSuspended: {
    type: 'boolean',
    description: 'Spec §3: derived from `suspensions` (an earlier suspension on record)',
  },
  amountsCurrency: { type: 'string', enum: [AMOUNTS_CURRENCY] },
  version: { type: 'integer', minimum: 1 },
  changedAt: { type: 'string', format: 'date-time' },
  withdrawnAt: { type: 'string', format: 'date-time' },
  withdrawalReason: { type: 'string' },
  url: {
    type: 'string',
    format: 'uri',
    description: "The permanent address in the country's first language",
  },
  urls: {
    type: 'object',
    additionalProperties: false,
    properties: { nl: { type: 'string', format: 'uri' }, fr: { type: 'string', format: 'uri' } },
    description: 'The permanent address in each language of the country (Belgium: nl and fr)',
  },
}
const NOTICE_REQUIRED = [
  'id',
  'status',
  'sponsorName',
  'publicationStartDate',
  'publicationEndDate',
  'channel',
  'fundingOriginType',
  'fundingRegion',
  'previousPublicationSuspended',
  'amountsCurrency',
  'version',
  'changedAt',
]
const notice = {
  type: 'object',
  additionalProperties: false,
  required: NOTICE_REQUIRED,
  properties: noticeProperties,
}
const noticeSchemas = {
  Notice: {
    ...notice,
    description:
      'A transparency notice (Regulation (EU) 2024/900, Art. 12(1); the template of Implementing Regulation (EU) 2025/1410); docs/decisions/005-notice-elements.md maps each element to its field',
  },
  NoticeDetail: {
    ...notice,
    required: [...NOTICE_REQUIRED, 'url', 'urls', 'versions', 'withdrawals'],
    properties: {
      ...noticeProperties,
      versions: {
        type: 'array',
        description:
          'Earlier versions, newest first, with the fields the next one changed and what each of them said in this version',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['version', 'replacedAt', 'changed', 'previous'],
          properties: {
            version: { type: 'integer', minimum: 1 },
            replacedAt: { type: 'string', format: 'date-time' },
            changed: {
              type: 'array',
              items: { type: 'string', enum: Object.keys(campaignItemSchema.properties) },
            },
            previous: {
              type: 'object',
              additionalProperties: false,
              properties: oas31(campaignItemSchema.properties) as Record<string, Schema>,
              description:
                'The value of each changed field in this version; a changed field missing here was absent from this version (given only later)',
            },
          },
        },
      },
      withdrawals: {
        type: 'array',
        description: 'Withdrawals, newest first, each with its reinstatement once taken back',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['withdrawnAt', 'reason'],
          properties: {
            withdrawnAt: { type: 'string', format: 'date-time' },
            reason: { type: 'string' },
            reinstatedAt: { type: 'string', format: 'date-time' },
            reinstatementReason: { type: 'string' },
          },
        },
      },
    },
  },
  NoticePage: {
    type: 'object',
    additionalProperties: false,
    required: ['campaignItems', 'total'],
    properties: {
      campaignItems: { type: 'array', items: ref('Notice') },
      total: { type: 'integer', minimum: 0 },
    },
  },
  NoticeExport: {
    type: 'object',
    additionalProperties: false,
    required: ['country', 'exportedAt', 'campaignItems', 'removed'],
    properties: {
      country: { type: 'string', enum: [...COUNTRIES] },
      exportedAt: { type: 'string', format: 'date-time', description: 'When this export was made' },
      campaignItems: {
        type: 'array',
        description:
          'Every notice with its state and history (earlier versions, withdrawals): an import into an empty database restores them exactly',
        items: ref('NoticeDetail'),
      },
      removed: {
        type: 'array',
        description: 'Notices the retention job removed (since `since`): mirrors drop them',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'removedAt'],
          properties: { id: { type: 'string' }, removedAt: { type: 'string', format: 'date-time' } },
        },
      },
    },
  },
}

/** The complaint's 400 is the error envelope with spec §7's `validationError` beside it. */
const complaintPost = (operation: ReturnType<typeof publicPost>) => ({
  post: {
    ...operation.post,
    responses: {
      ...operation.post.responses,
      '400': {
        description:
          'Refused input: `validationError` (spec §7) beside the usual error, with the failing fields',
        ...json({ $ref: '#/components/schemas/ComplaintError' }),
      },
    },
  },
})

const staff = { security: [{ staffSession: [] }], tags: ['Staff'] }
const client = { security: [{ clientSecret: [] }], tags: ['Brand systems'] }
const deskAction = (summary: string, schema: unknown, example: unknown) => ({
  post: {
    ...staff,
    summary,
    parameters: [param('reference', { type: 'string' }, true, 'path')],
    requestBody: { required: true, ...json(schema, example) },
    responses: { '200': ok('The request after the action'), ...errors(400, 401, 403, 404, 409, 429) },
  },
})

const WEBHOOK_SUMMARIES: Record<WebhookEvent, string> = {
  'task.created': 'A new task for your system: an access, erasure or rectification request to answer',
  'suppression.created': 'New suppressions of your brands',
  'request.verified': 'A privacy request was confirmed by its requester (ids and reference only)',
}
/** The Standard Webhooks headers of a delivery, with examples signed as the worker signs. */
const webhookParameters = (
  example: Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>,
) => [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: "The delivery's id, the same on each retry of it: de-duplicate on it",
    schema: { type: 'string', pattern: '^msg_[\\w-]+$' },
    example: example['webhook-id'],
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'When this attempt was signed, in Unix seconds; the libraries refuse one more than 5 minutes from your clock',
    schema: { type: 'string', pattern: '^\\d+$' },
    example: example['webhook-timestamp'],
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint secret (several, space-separated, during a secret change)',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/]+={0,2}(?: v1,[A-Za-z0-9+/]+={0,2})*$' },
    example: example['webhook-signature'],
  },
]

/** `suppression.created` → `SuppressionCreatedEvent`. */
const webhookSchemaName = (event: WebhookEvent) =>
  `${event.replace(/(?:^|[.])(\w)/g, (_, letter: string) => letter.toUpperCase())}Event`

export function openApiDocument(serverUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'DPG Media privacy site API',
      version: '1.0.0',
      description:
        'Public endpoints of the privacy site, the staff desk, and the feed brand systems read to stop marketing to people who objected. Errors are always `{ "error": { "code", "message", "fields"? } }`; a refused complaint adds spec §7\'s `validationError` beside it.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        clientSecret: {
          type: 'http',
          scheme: 'bearer',
          description: "A brand system's secret (`pss_…`), issued with `npm run api-clients -- add`.",
        },
        staffSession: { type: 'apiKey', in: 'cookie', name: '__Host-staff-session' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: {
                  type: 'string',
                  examples: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'INVALID_TRANSITION'],
                },
                message: { type: 'string' },
                fields: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { field: { type: 'string' }, rule: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
        // Spec §7: a refused complaint names its failure in validationError too (issue 20).
        ComplaintError: {
          allOf: [
            { $ref: '#/components/schemas/Error' },
            {
              type: 'object',
              required: ['validationError'],
              properties: {
                validationError: {
                  type: 'string',
                  description:
                    '`INVALID_EMAIL` when the e-mail address is at fault (malformed, missing, or its domain cannot receive mail), else `error.code`',
                  examples: ['INVALID_EMAIL', 'VALIDATION_FAILED', 'MALFORMED_JSON'],
                },
              },
            },
          ],
        },
        ...noticeSchemas,
        // Issue 29: how the privacy rights are answered, in figures.
        PublicFigures: publicFiguresSchema,
        DeskFigures: deskFiguresSchema,
        // What the brand systems receive: the schemas typed by the code that builds it.
        FeedPage: oas31(feedPageSchema),
        TaskPage: oas31(taskPageSchema),
        Task: oas31(taskEntrySchema),
        TaskFile: oas31(taskFileSchema),
        LookupAnswer: oas31(lookupAnswerSchema),
        AppliedAnswer: oas31(appliedAnswerSchema),
        ...Object.fromEntries(
          WEBHOOK_EVENTS.map((event) => [webhookSchemaName(event), oas31(webhookPayloadSchemas[event])]),
        ),
      },
      responses: {
        E400: error(
          'Invalid input (`VALIDATION_FAILED` lists the fields, `MALFORMED_JSON`)',
          errorExamples.E400,
        ),
        E401: error('No valid credentials (`UNAUTHENTICATED`)', errorExamples.E401),
        ClientE401: {
          ...error(
            'No valid client secret (`UNAUTHENTICATED`): none sent, or one that is wrong, revoked or past its 24 hours after a rotation',
            errorExamples.E401,
          ),
          headers: {
            'WWW-Authenticate': header(
              'The scheme to use; `error="invalid_token"` when the secret sent is not valid',
              { type: 'string', enum: Object.values(WWW_AUTHENTICATE) },
            ),
          },
        },
        E403: error('Not allowed (`FORBIDDEN`, `CROSS_SITE_REQUEST`)', errorExamples.E403),
        E404: error('Not found (`NOT_FOUND`)', errorExamples.E404),
        E409: error(
          'The status does not allow this (`INVALID_TRANSITION`; closing a complaint as "notice corrected" while the notice is unchanged: `NOTICE_NOT_CORRECTED`)',
          errorExamples.E409,
        ),
        E410: error(
          'Gone (`GONE`): the notice was removed at the end of its retention period',
          errorExamples.E410,
        ),
        E413: error('Body too large (`PAYLOAD_TOO_LARGE`)', errorExamples.E413),
        E415: error('Not JSON (`UNSUPPORTED_MEDIA_TYPE`)', errorExamples.E415),
        E422: error(
          'The Idempotency-Key came with another submission before (`IDEMPOTENCY_KEY_REUSED`)',
          errorExamples.E422,
        ),
        E429: {
          ...error(
            'Too many requests (`RATE_LIMITED`): per client, or from an address after too many calls without a valid secret; see `Retry-After`',
            errorExamples.E429,
          ),
          headers: { 'Retry-After': retryAfter },
        },
        E503: {
          ...error('A backing service is briefly unavailable (`SERVICE_UNAVAILABLE`)', errorExamples.E503),
          headers: { 'Retry-After': retryAfter },
        },
      },
    },
    paths: {
      '/api/documents': {
        get: {
          summary: 'The legal documents',
          tags: ['Public'],
          parameters: queryParameters(localeQuerySchema),
          responses: { '200': ok('Documents'), ...errors(404) },
        },
      },
      '/api/plainhtml/{documentKey}': {
        get: {
          summary: 'A document as HTML',
          tags: ['Public'],
          parameters: [
            param('documentKey', { type: 'string' }, true, 'path'),
            ...queryParameters(localeQuerySchema),
          ],
          responses: { '200': { description: 'The document', content: { 'text/html': {} } }, ...errors(404) },
        },
      },
      '/api/search': {
        get: {
          summary: 'Search documents, brands and pages',
          tags: ['Public'],
          parameters: queryParameters(searchQuerySchema),
          responses: {
            '200': ok(
              "Results with snippets, each with its language (lang): the locale's own first, then fallbacks",
            ),
            ...errors(400),
          },
        },
      },
      '/api/address': {
        get: {
          summary: "Address lookup for the host's country",
          tags: ['Public'],
          parameters: queryParameters(addressQuerySchema),
          responses: { '200': ok('The address'), ...errors(400, 404, 503) },
        },
      },
      '/api/privacy-rights/request': publicPost('Submit a privacy request', privacyRequestSchema, {
        flowType: 'RIGHT_OF_ACCESS',
        country: 'NL',
        language: 'nl',
        email: 'lezer@example.nl',
      }),
      '/api/privacy-rights/preferences/link': {
        post: {
          summary: "A link to the reader's preference centre, mailed to the address (issue 28)",
          description:
            'The same answer (202) for any well-formed address, known or not; at most RECIPIENT_MAILS_PER_DAY mails a day reach one address. The link works 7 days; only its SHA-256 is kept.',
          tags: ['Public'],
          requestBody: {
            required: true,
            ...json(preferenceLinkSchema, { email: 'lezer@example.be', country: 'BE', language: 'fr' }),
          },
          responses: {
            '202': ok('Asked (whether a mail goes is not told)', {
              type: 'object',
              properties: { sent: { type: 'boolean' } },
            }),
            ...errors(400, 403, 413, 415, 429, 503),
          },
        },
      },
      '/api/privacy-rights/preferences': {
        get: {
          summary: "The reader's choices per brand and channel, through the link's token (issue 28)",
          tags: ['Public'],
          parameters: [param('token', { type: 'string', pattern: '^[\\w-]{20,100}$' }, true)],
          responses: {
            '200': ok(
              'Per brand of the country: each channel allowed or stopped, and whether the brand applied it',
            ),
            ...errors(400, 404, 503),
          },
        },
      },
      '/api/privacy-rights/preferences/stop': {
        post: {
          summary: 'Stops channels of brands, or everything for every brand (issue 28)',
          description:
            "One suppression per brand key and channel not stopped yet (a stop of one key stops its brand), under one reference, with one confirmation mail; in the brand systems' feed and webhooks like any objection. Phone needs `phoneNumber`, post `userInfo` (name and address), validated as in the forms. A stop is never undone here.",
          tags: ['Public'],
          requestBody: {
            required: true,
            ...json(preferenceStopSchema, {
              token: 'Q1fN7rWj2x0bY3kS9vHc4LdPz6uTa8Ge5MiRo0XwFqE',
              stops: [{ brandKey: 'HLN', channel: 'EMAIL' }],
            }),
          },
          responses: {
            '200': ok(
              'The reference (null when nothing new was stopped), the number stopped, and the choices now',
            ),
            ...errors(400, 403, 404, 413, 415, 429, 503),
          },
        },
      },
      '/u/{token}': {
        parameters: [
          param('token', { type: 'string', pattern: '^uk_[\\w-]{16}\\.[\\w-]+\\.[\\w-]{43}$' }, true, 'path'),
        ],
        get: {
          summary:
            "A brand mailing's unsubscribe link in a browser: a page with one button; changes nothing (issue 28)",
          tags: ['Brand systems'],
          responses: {
            '200': {
              description: "The page, in the brand's language",
              content: { 'text/html': { schema: { type: 'string' } } },
            },
            '404': { description: 'A bad, foreign or lapsed token' },
          },
        },
        post: {
          summary: "One-click unsubscribe (RFC 8058): the brand's e-mail to the address stops at once",
          description:
            'Put `List-Unsubscribe: <https://{site}/u/{token}>` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` on every mailing; the token is made by your system (README: "One-click unsubscribe"). Idempotent; no confirmation, cookie or redirect.',
          tags: ['Brand systems'],
          requestBody: {
            required: true,
            content: {
              'application/x-www-form-urlencoded': {
                schema: {
                  type: 'object',
                  required: ['List-Unsubscribe'],
                  properties: { 'List-Unsubscribe': { type: 'string', const: 'One-Click' } },
                },
              },
            },
          },
          responses: {
            '200': { description: 'Unsubscribed (also when it was before)' },
            '400': { description: 'The body is not `List-Unsubscribe=One-Click`' },
            '404': { description: 'A bad, foreign or lapsed token: nothing changed' },
          },
        },
      },
      '/api/privacy-rights/figures.json': {
        get: {
          summary: "How the privacy rights are answered: the host's country per quarter",
          description:
            'Per quarter (newest first) and right: received, confirmed, completed, refused (per ground), extended, answered, the whole percentage answered by the deadline, the median calendar days from confirmation to answer, objections executed. Each event counts in the quarter it happened in (Europe/Amsterdam time). A count of 1 to 4 is the text `"< 5"` (0 stays 0); with fewer than 5 answered, the percentage and the median are `null`. Computed at most once an hour from the desk\'s records.',
          tags: ['Public'],
          responses: { '200': ok('The figures', ref('PublicFigures')) },
        },
      },
      '/api/privacy-rights/figures.csv': {
        get: {
          summary: 'The same figures as CSV (semicolons, UTF-8 with BOM), a row per quarter and right',
          tags: ['Public'],
          parameters: [
            param('lang', {
              type: 'string',
              enum: ['nl', 'fr'],
              description:
                "The language of the headers and labels: one of the host's country (NL: `nl`; BE: `nl`, `fr`), by default its first; another answers 400",
            }),
          ],
          responses: {
            '200': { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
            ...errors(400),
          },
        },
      },
      '/api/contact': {
        post: {
          ...publicPost('Send a contact message', contactSchema, {
            name: 'Lezer',
            email: 'lezer@example.nl',
            question: 'Mijn krant komt te laat.',
          }).post,
          parameters: [...queryParameters(localeQuerySchema), idempotencyKey],
        },
      },
      '/api/political-ad-complaint': complaintPost(
        publicPost('Complain about a political ad', complaintSchema, {
          name: 'Lezer',
          email: 'lezer@example.be',
          explanation: 'De sponsor ontbreekt.',
          reason: 'MISLEADING',
          campaignId: 'be-2026-001',
          locale: 'nl_be',
        }),
      ),
      '/api/campaign-items': {
        get: {
          summary: 'Political ad notices, filtered, newest first',
          tags: ['Transparency'],
          parameters: [
            param('countryCode', { type: 'string', enum: [...COUNTRIES] }, true),
            param('period', { type: 'string', enum: [...PERIOD_FILTERS] }),
            param('channel', { type: 'string', enum: [...CHANNEL_FILTERS] }),
            param('text', { type: 'string', maxLength: 100 }),
            param('limit', { type: 'integer', minimum: 1, maximum: 500 }),
            param('offset', { type: 'integer', minimum: 0 }),
            param('withdrawn', { type: 'string', enum: ['true', 'false'] }),
          ],
          responses: { '200': ok('A page of notices', ref('NoticePage')), ...errors(400, 404) },
        },
      },
      '/api/campaign-items.json': {
        get: {
          summary: "The country's notices, live and withdrawn, for mirrors and research",
          description:
            "Every notice of the host's country with every field, its state and its permanent addresses; `removed` lists the notices the retention job removed. With `since`, only what changed, was withdrawn or was removed since then.",
          tags: ['Transparency'],
          parameters: [sinceParam],
          responses: { '200': ok('The notices', ref('NoticeExport')), ...errors(400, 404) },
        },
      },
      '/api/campaign-items.csv': {
        get: {
          summary:
            "The country's notices as CSV (RFC 4180 with `;`, UTF-8 with a byte-order mark, a header row)",
          description: `The columns, in this order, each with its header in Dutch and French (\`lang\`): ${EXPORT_COLUMNS.map((column) => `\`${column}\` (${(['nl_nl', 'fr_be'] as const).map((locale) => `"${serverTranslate(locale)(EXPORT_COLUMN_LABELS[column])}"`).join(' / ')})`).join(', ')}. An empty cell is an absent field; booleans are \`true\`/\`false\`; \`suspensions\`, \`versions\` and \`withdrawals\` are JSON lists (as in the JSON export). A cell a spreadsheet would run as a formula (starting with \`=\`, \`+\`, \`-\`, \`@\`, a tab or a carriage return) starts with \`'\`; the import takes it off. The CSV imports again with \`npm run campaigns:import\` (headers in either language, or the column names; \`country\` gives each row's country; the state and history restore a notice new to the database), as does the JSON (its \`country\` at the top). Removed notices are listed in the JSON export only (\`removed\`).`,
          tags: ['Transparency'],
          parameters: [
            sinceParam,
            {
              ...param('lang', { type: 'string', enum: ['nl', 'fr'] }),
              description:
                "The headers' language: one of the country's (the Netherlands: `nl`); by default its first",
            },
          ],
          responses: {
            '200': { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
            ...errors(400, 404),
          },
        },
      },
      '/api/campaign-items/{id}': {
        get: {
          summary: 'One notice, with its earlier versions and withdrawals',
          tags: ['Transparency'],
          parameters: [
            param('id', { type: 'string' }, true, 'path'),
            param('countryCode', { type: 'string', enum: [...COUNTRIES] }),
          ],
          responses: {
            '200': ok('The notice', ref('NoticeDetail')),
            ...errors(400, 404, 410),
          },
        },
      },
      '/api/campaign-items/archive': {
        get: {
          summary: 'The political-ads archive: leads to its manifest',
          tags: ['Transparency'],
          responses: {
            '302': { description: 'To `/api/campaign-items/archive/manifest.json`' },
            ...errors(404),
          },
        },
      },
      '/api/campaign-items/archive/manifest.json': {
        get: {
          summary: "The political-ads archive of the host's country: every day's file, chained",
          description:
            'Every day after 02:00 UTC (`POLITICAL_AD_ARCHIVE_HOUR`) the site writes, once, a file of every notice version published or changed the day before (UTC), a JSON line per version in the rows of `/api/campaign-items.json` (without e-mail and postal addresses unless `POLITICAL_AD_ARCHIVE_CONTACTS=keep`); a day without change has an empty file. The database refuses to change or delete a written day. Each entry names the file, its SHA-256 (hex) and `previous`: the SHA-256 (hex) of the previous entry written as JSON with exactly the keys `date`, `file`, `sha256`, `previous` in this order and no spaces (64 zeros for the first), so a reader can recompute the chain from the files alone.',
          tags: ['Transparency'],
          responses: { '200': ok('The manifest, oldest day first', archiveManifestSchema), ...errors(404) },
        },
      },
      '/api/campaign-items/archive/{file}': {
        get: {
          summary: "A day's archive file, exactly as written (JSON Lines)",
          tags: ['Transparency'],
          parameters: [
            param('file', { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}\\.jsonl$' }, true, 'path'),
          ],
          responses: {
            '200': {
              description: 'A JSON line per notice version (`Notice` with `url` and `urls`); never changes',
              content: { 'application/jsonl': { schema: { type: 'string' } } },
            },
            ...errors(404),
          },
        },
      },
      '/api/campaign-items/{id}/repository.json': {
        get: {
          summary: "The notice's current version in the EU repository's metadata shape, per language",
          description:
            "Implementing Regulation (EU) 2026/818's groups: identification (the identifier, stable across corrections, and the version, raised by each), the permanent URL, the language of the metadata, and the notice's elements (the context note in that language only); one entry per language of the country (NL: `nl`; BE: `nl`, `fr`). Anyone may read it; when the system that uploads to the repository calls with its client secret (`Authorization: Bearer`, an API client), the version counts as exported. A version not exported 60 hours after its publication start (or correction) is named in the daily digest to the country's political-ads mailbox.",
          tags: ['Transparency'],
          parameters: [param('id', { type: 'string' }, true, 'path')],
          responses: { '200': ok('The entries', repositoryAnswerSchema), ...errors(401, 404, 410) },
        },
      },
      '/api/campaign-items/{id}/qr.svg': {
        get: {
          summary: "A QR code of the notice's permanent address, for print and broadcast",
          tags: ['Transparency'],
          parameters: [
            param('id', { type: 'string' }, true, 'path'),
            param('lang', {
              type: 'string',
              enum: ['nl', 'fr'],
              description:
                "The language of the address the code holds: one of the notice's country (NL: `nl`; BE: `nl`, `fr`), by default its first; another answers 400",
            }),
          ],
          responses: {
            '200': { description: 'SVG', content: { 'image/svg+xml': {} } },
            ...errors(400, 404, 410),
          },
        },
      },
      '/api/internal-privacy-rights/direct-marketing': {
        post: {
          ...staff,
          summary: "Record a customer's objection",
          requestBody: { required: true, ...json(staffObjectionSchema) },
          responses: { '201': ok('Recorded'), ...errors(400, 401, 403, 429) },
        },
      },
      '/api/internal-privacy-rights/audit': {
        get: {
          ...staff,
          summary: "One's own recent audit entries",
          responses: { '200': ok('Entries'), ...errors(401) },
        },
      },
      '/api/internal-privacy-rights/figures.json': {
        get: {
          ...staff,
          summary: 'The figures per month with exact counts, for each country the staff member may see',
          responses: { '200': ok('The figures', ref('DeskFigures')), ...errors(401, 403) },
        },
      },
      '/api/internal-privacy-rights/requests': {
        get: {
          ...staff,
          summary: "The privacy desk's queue",
          parameters: queryParameters(deskQuerySchema),
          responses: { '200': ok('`{ items, total }`'), ...errors(400, 401, 403) },
        },
      },
      '/api/internal-privacy-rights/requests.csv': {
        get: {
          ...staff,
          summary: 'The filtered queue as CSV (semicolons, UTF-8 with BOM)',
          parameters: queryParameters(deskQuerySchema),
          responses: { '200': { description: 'CSV', content: { 'text/csv': {} } }, ...errors(400, 401, 403) },
        },
      },
      '/api/internal-privacy-rights/requests/{reference}': {
        get: {
          ...staff,
          summary: 'One request with its timeline',
          parameters: [param('reference', { type: 'string' }, true, 'path')],
          responses: { '200': ok('The request'), ...errors(401, 403, 404) },
        },
      },
      '/api/internal-privacy-rights/requests/{reference}/extend': deskAction(
        'Extend by two months',
        extendSchema,
        {
          reason: 'Your data is held by several brands.',
        },
      ),
      '/api/internal-privacy-rights/requests/{reference}/complete': deskAction(
        'Complete with a reply',
        completeSchema,
        {
          message: 'Attached is an overview of your data.',
        },
      ),
      '/api/internal-privacy-rights/requests/{reference}/reject': deskAction(
        'Reject with a reason',
        rejectSchema,
        {
          reason: 'IDENTITY',
          message: 'We could not establish your identity.',
        },
      ),
      '/api/internal-privacy-rights/requests/{reference}/notes': deskAction(
        'Add an internal note',
        noteSchema,
        {
          text: 'Called the requester.',
        },
      ),
      '/api/internal-privacy-rights/complaints': {
        get: {
          ...staff,
          summary: 'Complaints about political ads, open ones first by due date, 25 a page',
          parameters: queryParameters(complaintQuerySchema),
          responses: { '200': ok('`{ items, total }`'), ...errors(400, 401, 403) },
        },
      },
      '/api/internal-privacy-rights/complaints/{reference}': {
        get: {
          ...staff,
          summary: 'One complaint with its timeline',
          parameters: [param('reference', { type: 'string' }, true, 'path')],
          responses: { '200': ok('The complaint'), ...errors(401, 403, 404) },
        },
      },
      '/api/internal-privacy-rights/complaints/{reference}/review': deskAction(
        'Take a complaint under review',
        { type: 'object', additionalProperties: false },
        {},
      ),
      '/api/internal-privacy-rights/complaints/{reference}/close': deskAction(
        'Close a complaint with an outcome mailed to the complainant',
        closeComplaintSchema,
        { outcome: 'notice_corrected', message: 'The notice now names the payer.' },
      ),
      '/api/internal-privacy-rights/complaints/{reference}/notes': deskAction(
        'Add an internal note',
        noteSchema,
        {
          text: 'Asked the sales team for the invoice.',
        },
      ),
      '/api/v1/suppressions': {
        get: {
          ...client,
          summary: 'The suppressions of your country and brands, oldest first',
          description:
            'A full page has `next`: pass it as `after`. A shorter page ends the walk for now (`next` null); later, pass the last `next` or the `id` of the last item you have as `after`.',
          parameters: queryParameters(feedQuerySchema),
          responses: {
            '200': clientOk({ description: 'A page', ...jsonExamples(component('FeedPage'), feedExamples) }),
            ...clientErrors(400, 401, 429, 503),
          },
        },
      },
      '/api/v1/suppressions/lookup': {
        post: {
          ...client,
          summary: 'Is this e-mail address or phone number suppressed?',
          requestBody: { required: true, ...json(lookupSchema, { phoneNumber: '0470 12 34 56' }) },
          responses: {
            '200': clientOk(
              ok('The channels and brand keys suppressed', component('LookupAnswer'), lookupExample),
            ),
            ...clientErrors(400, 401, 413, 415, 429, 503),
          },
        },
      },
      '/api/v1/suppressions/{id}/applied': {
        post: {
          ...client,
          summary: 'Confirm that your system applied a suppression (idempotent)',
          parameters: [param('id', { type: 'string', format: 'uuid' }, true, 'path')],
          responses: {
            '200': clientOk(ok('When it was first confirmed', component('AppliedAnswer'), appliedExample)),
            ...clientErrors(401, 404, 429, 503),
          },
        },
      },
      '/api/v1/tasks': {
        get: {
          ...client,
          summary: 'Your tasks: access, erasure and rectification requests to answer, oldest first',
          description:
            "Issue 25. A verified access, erasure or rectification request of your country becomes one task for your system (when an operator turned tasks on for it). The cursor works as the suppression feed's: a full page has `next`; a shorter one ends the walk for now; later pass the last `next` or the `id` of the last task you have as `after`. `subject` (who the request is about) and, for rectification, `correction` come only to clients allowed contact data. Answer by `answerBy` (10 days): later, your contact address and the privacy team hear of it.",
          parameters: queryParameters(feedQuerySchema),
          responses: {
            '200': clientOk({
              description: 'A page',
              ...jsonExamples(component('TaskPage'), taskExamples.page),
            }),
            ...clientErrors(400, 401, 429, 503),
          },
        },
      },
      '/api/v1/tasks/{id}/result': {
        post: {
          ...client,
          summary: "Your system's answer to a task: final once given",
          description:
            'Access: `found` (upload the files first), `not_found` or `refused`. Erasure: `erased`, `not_found` or `refused`. Rectification: `rectified`, `not_found` or `refused`. `refusalGround` goes with `refused` only. `note` is shown to the privacy team and, for access, to the requester in their package: write it for them. The same answer again answers the task as it stands (a retry is safe); another answer is 409 `TASK_ANSWERED`; a task whose request the privacy team closed is 409 `TASK_CLOSED`.',
          parameters: [param('id', { type: 'string', format: 'uuid' }, true, 'path')],
          requestBody: {
            required: true,
            ...json(taskResultSchema, { outcome: 'found', note: 'Abonnement HLN+ sinds 2019.' }),
          },
          responses: {
            '200': clientOk(ok('The task with your answer', component('Task'), taskExamples.answered)),
            '409': error(
              'Answered already with another answer (`TASK_ANSWERED`), or closed (`TASK_CLOSED`)',
              errorExamples.TaskAnswered,
            ),
            ...clientErrors(400, 401, 404, 413, 415, 429, 503),
          },
        },
      },
      '/api/v1/tasks/{id}/files': {
        post: {
          ...client,
          summary: "An access task's file of the person's data (before answering `found`)",
          description:
            'The body is the file itself, as `application/json`, `text/csv`, `application/pdf` or `application/zip`, at most 25 MB a file and 100 MB for all files of a request (413 names the limit). Name it with `?name=` or `Content-Disposition: attachment; filename="…"`. Send `Content-Digest: sha-256=:…:` (RFC 9530) to have it checked. A file is kept whole or not at all: one that is not of its type, or is cut off (a PDF without `%%EOF`, a ZIP without its directory, JSON that does not close), is 400 `FILE_REFUSED`. It is stored encrypted and reaches the requester in their access package.',
          parameters: [
            param('id', { type: 'string', format: 'uuid' }, true, 'path'),
            ...queryParameters(fileQuerySchema),
          ],
          requestBody: {
            required: true,
            content: Object.fromEntries(
              TASK_FILE_TYPES.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
            ),
          },
          responses: {
            '201': clientOk(ok('The file as stored', component('TaskFile'), taskExamples.file)),
            '409': error(
              'The task was answered already (`TASK_ANSWERED`), or closed (`TASK_CLOSED`)',
              errorExamples.TaskAnswered,
            ),
            '413': error(
              'Too large (`PAYLOAD_TOO_LARGE`): the message names the limit',
              errorExamples.FileTooLarge,
            ),
            ...clientErrors(400, 401, 404, 415, 429, 503),
          },
        },
      },
      '/api/internal-privacy-rights/requests/{reference}/files/{fileId}': {
        get: {
          ...staff,
          summary:
            "A brand system's file of an access answer, as it was uploaded (the audit trail records it)",
          parameters: [
            param('reference', { type: 'string' }, true, 'path'),
            param('fileId', { type: 'string', format: 'uuid' }, true, 'path'),
          ],
          responses: {
            '200': {
              description: 'The file',
              content: Object.fromEntries(
                TASK_FILE_TYPES.map((type) => [type, { schema: { type: 'string' } }]),
              ),
            },
            ...errors(401, 403, 404),
          },
        },
      },
      '/api/openapi.json': {
        get: { summary: 'This document', tags: ['Meta'], responses: { '200': ok('OpenAPI 3.1') } },
      },
      '/api/docs': {
        get: {
          summary: 'This reference, as a page (Swagger UI on this document)',
          tags: ['Meta'],
          responses: {
            '200': { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } },
          },
        },
      },
      '/api/docs/init.js': {
        get: {
          summary: "The reference page's start script (a file, so the CSP needs no inline script)",
          tags: ['Meta'],
          responses: {
            '200': {
              description: 'JavaScript',
              content: { 'application/javascript': { schema: { type: 'string' } } },
            },
          },
        },
      },
      '/api/docs/assets/{file}': {
        get: {
          summary: "Swagger UI's two files (the `swagger-ui-dist` package), served from this origin",
          tags: ['Meta'],
          parameters: [
            param('file', { type: 'string', enum: ['swagger-ui.css', 'swagger-ui-bundle.js'] }, true, 'path'),
          ],
          responses: {
            '200': { description: 'The file (CSS or JavaScript)' },
            '404': { description: 'No such file', ...json(component('Error')) },
          },
        },
      },
    },
    webhooks: Object.fromEntries(
      WEBHOOK_EVENTS.map((event) => [
        event,
        {
          post: {
            summary: WEBHOOK_SUMMARIES[event],
            description:
              'Standard Webhooks: verify `webhook-id`, `webhook-timestamp` and `webhook-signature` with the endpoint secret (`whsec_…`), then de-duplicate on `webhook-id`.',
            parameters: webhookParameters(webhookHeaderExamples(event)),
            requestBody: {
              required: true,
              ...jsonExamples(component(webhookSchemaName(event)), webhookExamples[event]),
            },
            responses: {
              '200': {
                description: 'Any 2xx acknowledges; anything else is retried with back-off for 3 days',
              },
            },
          },
        },
      ]),
    ),
  }
}
