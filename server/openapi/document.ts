import { contactSchema } from '#shared/contact.ts'
import { LANGUAGES } from '#shared/locale.ts'
import { COMPLAINT_STATUSES, campaignItemSchema, closeComplaintSchema } from '#shared/political-ads.ts'
import {
  completeSchema,
  deskQuerySchema,
  extendSchema,
  noteSchema,
  rejectSchema,
} from '#shared/privacy-rights/desk.ts'
import { privacyRequestSchema } from '#shared/privacy-rights/schema.ts'
import { staffObjectionSchema } from '#shared/privacy-rights/staff-schema.ts'
import { COUNTRIES } from '#shared/site.ts'
import { feedQuerySchema, lookupSchema } from '../api/fulfilment'
import { complaintSchema } from '../api/political-ads'

/**
 * Issue 17: the OpenAPI 3.1 description of every endpoint under /api, built from the very ajv schemas that
 * validate the requests, so the document cannot drift from what the server accepts. Responses are described
 * by their shape; every error is the one envelope `{ error: { code, message, fields? } }` (a refused complaint
 * adds spec §7's `validationError` beside it).
 */

type Schema = Record<string, unknown>

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
const LOCALES = LANGUAGES.flatMap((lang) => COUNTRIES.map((country) => `${lang}_${country.toLowerCase()}`))
const localeParam = param('locale', { type: 'string', enum: LOCALES })
const json = (schema: unknown, example?: unknown) => ({
  content: { 'application/json': { schema: oas31(schema), ...(example ? { example } : {}) } },
})
const ok = (description: string, schema: Schema = { type: 'object' }) => ({ description, ...json(schema) })
const error = (description: string) => ({ description, ...json({ $ref: '#/components/schemas/Error' }) })
const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [String(code), { $ref: `#/components/responses/E${code}` }]))

const publicPost = (summary: string, schema: unknown, example: unknown) => ({
  post: {
    summary,
    tags: ['Public'],
    requestBody: { required: true, ...json(schema, example) },
    responses: {
      '200': ok('Accepted: the reference to quote', {
        type: 'object',
        properties: { ok: { type: 'boolean' }, reference: { type: 'string', example: 'NL-261124-K7Q2M' } },
      }),
      ...errors(400, 403, 413, 415, 429, 503),
    },
  },
})

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
        // The notice as the transparency centre publishes it: the import's schema plus its state (issue 18).
        Notice: {
          allOf: [
            oas31(campaignItemSchema),
            {
              type: 'object',
              properties: {
                version: { type: 'integer', minimum: 1 },
                changedAt: { type: 'string', format: 'date-time' },
                withdrawnAt: { type: 'string', format: 'date-time' },
                withdrawalReason: { type: 'string' },
                url: { type: 'string', format: 'uri' },
              },
            },
          ],
        },
        FeedItem: {
          type: 'object',
          required: ['id', 'reference', 'country', 'brandKey', 'channel', 'createdAt'],
          properties: {
            id: { type: 'string', format: 'uuid' },
            reference: { type: ['string', 'null'] },
            country: { type: 'string', enum: ['NL', 'BE'] },
            brandKey: { type: 'string' },
            channel: { type: 'string', enum: ['PHONE', 'EMAIL', 'POSTAL'] },
            email: { type: 'string' },
            phoneNumber: { type: 'string' },
            postalAddress: { type: 'object' },
            createdAt: { type: 'string', format: 'date-time' },
          },
        },
      },
      responses: {
        E400: error('Invalid input (`VALIDATION_FAILED` lists the fields, `MALFORMED_JSON`)'),
        E401: error('No valid credentials (`UNAUTHENTICATED`); brand systems get `WWW-Authenticate: Bearer`'),
        E403: error('Not allowed (`FORBIDDEN`, `CROSS_SITE_REQUEST`)'),
        E404: error('Not found (`NOT_FOUND`)'),
        E409: error('The status does not allow this (`INVALID_TRANSITION`)'),
        E413: error('Body too large (`PAYLOAD_TOO_LARGE`)'),
        E415: error('Not JSON (`UNSUPPORTED_MEDIA_TYPE`)'),
        E429: error('Too many requests (`RATE_LIMITED`); see `Retry-After`'),
        E503: error('A backing service is briefly unavailable (`SERVICE_UNAVAILABLE`)'),
      },
    },
    paths: {
      '/api/documents': {
        get: {
          summary: 'The legal documents',
          tags: ['Public'],
          parameters: [localeParam],
          responses: { '200': ok('Documents') },
        },
      },
      '/api/plainhtml/{documentKey}': {
        get: {
          summary: 'A document as HTML',
          tags: ['Public'],
          parameters: [param('documentKey', { type: 'string' }, true, 'path'), localeParam],
          responses: { '200': { description: 'The document', content: { 'text/html': {} } }, ...errors(404) },
        },
      },
      '/api/search': {
        get: {
          summary: 'Search documents, brands and pages',
          tags: ['Public'],
          parameters: [param('q', { type: 'string', maxLength: 200 }), localeParam],
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
          parameters: ['postalCode', 'houseNumber', 'houseNumberExtension', 'street'].map((name) =>
            param(name, { type: 'string' }, name === 'postalCode' || name === 'houseNumber'),
          ),
          responses: { '200': ok('The address'), ...errors(400, 404, 503) },
        },
      },
      '/api/privacy-rights/request': publicPost('Submit a privacy request', privacyRequestSchema, {
        flowType: 'RIGHT_OF_ACCESS',
        country: 'NL',
        language: 'nl',
        email: 'lezer@example.nl',
      }),
      '/api/contact': {
        post: {
          ...publicPost('Send a contact message', contactSchema, {
            name: 'Lezer',
            email: 'lezer@example.nl',
            question: 'Mijn krant komt te laat.',
          }).post,
          parameters: [localeParam],
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
          summary: 'Political ad notices, filtered',
          tags: ['Transparency'],
          parameters: [
            ...['countryCode', 'period', 'channel', 'text', 'limit', 'offset'].map((name) =>
              param(name, { type: 'string' }),
            ),
            param('withdrawn', { type: 'string', enum: ['true', 'false'] }),
          ],
          responses: { '200': ok('A page of notices'), ...errors(400, 404) },
        },
      },
      '/api/campaign-items.json': {
        get: {
          summary: "The country's notices, all",
          tags: ['Transparency'],
          responses: { '200': ok('Notices') },
        },
      },
      '/api/campaign-items.csv': {
        get: {
          summary: "The country's notices as CSV",
          tags: ['Transparency'],
          parameters: [param('since', { type: 'string' })],
          responses: { '200': { description: 'CSV', content: { 'text/csv': {} } } },
        },
      },
      '/api/campaign-items/{id}': {
        get: {
          summary: 'One notice',
          tags: ['Transparency'],
          parameters: [param('id', { type: 'string' }, true, 'path')],
          responses: { '200': ok('The notice'), ...errors(404) },
        },
      },
      '/api/campaign-items/{id}/qr.svg': {
        get: {
          summary: "A QR code of the notice's permanent address, for print and broadcast",
          tags: ['Transparency'],
          parameters: [
            param('id', { type: 'string' }, true, 'path'),
            param('lang', { type: 'string', enum: ['nl', 'fr'] }),
          ],
          responses: { '200': { description: 'SVG', content: { 'image/svg+xml': {} } }, ...errors(404) },
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
          summary: 'Complaints about political ads, open ones first by due date',
          parameters: [param('status', { type: 'string', enum: [...COMPLAINT_STATUSES] })],
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
            '200': ok('A page', {
              type: 'object',
              properties: {
                items: { type: 'array', items: { $ref: '#/components/schemas/FeedItem' } },
                next: { type: ['string', 'null'] },
              },
            }),
            ...errors(400, 401, 429),
          },
        },
      },
      '/api/v1/suppressions/lookup': {
        post: {
          ...client,
          summary: 'Is this e-mail address or phone number suppressed?',
          requestBody: { required: true, ...json(lookupSchema, { phoneNumber: '0470 12 34 56' }) },
          responses: {
            '200': ok('The channels and brand keys suppressed', {
              type: 'object',
              properties: {
                suppressed: { type: 'boolean' },
                channels: { type: 'array', items: { type: 'string' } },
                brandKeys: { type: 'array', items: { type: 'string' } },
              },
            }),
            ...errors(400, 401, 415, 429),
          },
        },
      },
      '/api/v1/suppressions/{id}/applied': {
        post: {
          ...client,
          summary: 'Confirm that your system applied a suppression (idempotent)',
          parameters: [param('id', { type: 'string', format: 'uuid' }, true, 'path')],
          responses: {
            '200': ok('When it was first confirmed', {
              type: 'object',
              properties: { id: { type: 'string' }, appliedAt: { type: 'string', format: 'date-time' } },
            }),
            ...errors(401, 404, 429),
          },
        },
      },
      '/api/openapi.json': {
        get: { summary: 'This document', tags: ['Meta'], responses: { '200': ok('OpenAPI 3.1') } },
      },
    },
    webhooks: {
      'suppression.created': {
        post: {
          summary:
            'New suppressions for your brands (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature)',
          requestBody: {
            ...json({
              type: 'object',
              properties: {
                type: { const: 'suppression.created' },
                timestamp: { type: 'string', format: 'date-time' },
                data: {
                  type: 'object',
                  properties: {
                    requestId: { type: 'string' },
                    reference: { type: ['string', 'null'] },
                    suppressions: { type: 'array', items: { $ref: '#/components/schemas/FeedItem' } },
                  },
                },
              },
            }),
          },
          responses: { '200': { description: 'Any 2xx acknowledges; anything else is retried for 3 days' } },
        },
      },
      'request.verified': {
        post: {
          summary: 'A privacy request was confirmed by its requester (ids and reference only)',
          responses: { '200': { description: 'Any 2xx acknowledges' } },
        },
      },
    },
  }
}
