import { components } from './components'
import { apiPaths } from './registry'
import { webhooks } from './webhooks'

/**
 * Issue 17: the OpenAPI 3.1 description of every endpoint under /api, built from the very ajv schemas that
 * validate the requests, so the document cannot drift from what the server accepts. Responses are described
 * by their shape; every error is the one envelope `{ error: { code, message, fields? } }` (a refused complaint
 * adds spec §7's `validationError` beside it). Issue 31: the paths come from the route registry (registry.ts),
 * which the routers' routes are checked against.
 */
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
    components,
    paths: apiPaths(),
    webhooks,
  }
}
