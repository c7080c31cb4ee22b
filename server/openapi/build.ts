/**
 * Issue 31: the pieces every part of the OpenAPI document is built of (issue 17's helpers, moved from
 * document.ts): OpenAPI 3.1 schemas from the ajv ones, parameters, bodies, answers and the shared errors.
 */

export type Schema = Record<string, unknown>

/** An OpenAPI path item: its operations by method, and parameters common to them. */
export type PathItems = Record<string, Record<string, unknown>>

/** ajv's `nullable: true` is OpenAPI 3.0; 3.1 (JSON Schema 2020-12) says `type: [t, 'null']`. */
export function oas31(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(oas31)
  if (typeof schema !== 'object' || schema === null) return schema
  const { nullable, ...rest } = schema as Schema
  const converted = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, oas31(value)]))
  if (nullable === true && typeof converted.type === 'string') converted.type = [converted.type, 'null']
  return converted
}

/** A query schema of string properties as OpenAPI query parameters. */
export function queryParameters(querySchema: unknown) {
  const schema = querySchema as { properties: Record<string, unknown>; required?: readonly string[] }
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: oas31(property),
  }))
}

export const param = (name: string, schema: Schema, required = false, where = 'query') => ({
  name,
  in: where,
  required: where === 'path' ? true : required,
  schema,
})
export const json = (schema: unknown, example?: unknown) => ({
  content: { 'application/json': { schema: oas31(schema), ...(example ? { example } : {}) } },
})
/** Named examples (`{ name: { summary, value } }`), each shown with its summary on the reference page. */
export const jsonExamples = (
  schema: unknown,
  examples: Record<string, { summary: string; value: unknown }>,
) => ({
  content: { 'application/json': { schema: oas31(schema), examples } },
})
export const ok = (description: string, schema: Schema = { type: 'object' }, example?: unknown) => ({
  description,
  ...json(schema, example),
})
export const component = (name: string) => ({ $ref: `#/components/schemas/${name}` })
export const error = (description: string, example: unknown) => ({
  description,
  ...json(component('Error'), example),
})
export const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [String(code), { $ref: `#/components/responses/E${code}` }]))

/** A response header the API sends; `required`: on every such response. */
export const header = (description: string, schema: Schema, required = true) => ({
  description,
  required,
  schema,
})
export const retryAfter = header('Seconds to wait before trying again', {
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
export const clientErrors = (...codes: number[]) => ({
  ...errors(...codes.filter((code) => code !== 401)),
  ...(codes.includes(401) ? { '401': { $ref: '#/components/responses/ClientE401' } } : {}),
})
/** A brand system's answer: its body, with the client's rate limit in the headers. */
export const clientOk = (answer: object) => ({ ...answer, headers: clientRateLimit })

/** Issue 31: who may call an operation, declared on each: anyone, a staff session, a brand system's secret. */
export const open = { security: [] as Record<string, string[]>[] }
export const staff = { security: [{ staffSession: [] }], tags: ['Staff'] }
export const client = { security: [{ clientSecret: [] }], tags: ['Brand systems'] }

/** Issue 30: the forms' submissions are stored once per key, whoever sends them again. */
export const idempotencyKey = {
  ...param('Idempotency-Key', { type: 'string', pattern: '^"?[\\w.:-]{16,128}"?$' }, false, 'header'),
  description:
    'A key of your own, the same for the same submission however often it is sent (a retry after a network error or a 502): the first is stored and each later one answers its reference; with another submission it is a 422',
}

export const publicPost = (operationId: string, summary: string, schema: unknown, example: unknown) => ({
  post: {
    operationId,
    ...open,
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
