import { deskFiguresSchema, publicFiguresSchema } from '../api/figures'
import { WWW_AUTHENTICATE } from '../api/fulfilment'
import { WEBHOOK_EVENTS } from '../db/webhook-repository'
import {
  appliedAnswerSchema,
  feedPageSchema,
  lookupAnswerSchema,
  webhookPayloadSchemas,
} from '../services/fulfilment-shapes'
import { taskEntrySchema, taskFileSchema, taskPageSchema } from '../services/task-shapes'
import { error, header, oas31, retryAfter } from './build'
import { errorExamples } from './examples'
import { noticeSchemas } from './notice-schemas'
import { webhookSchemaName } from './webhooks'

/**
 * The document's components: the two ways to authenticate, the schemas the paths name (the error envelope,
 * the notices, the figures, what the brand systems receive), and the shared error answers with examples.
 */
export const components = {
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
    E400: error('Invalid input (`VALIDATION_FAILED` lists the fields, `MALFORMED_JSON`)', errorExamples.E400),
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
    E421: error(
      'The Host header names no site of the host table (`UNKNOWN_HOST`): every operation under /api answers so',
      errorExamples.E421,
    ),
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
}
