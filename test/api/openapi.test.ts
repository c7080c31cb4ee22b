import { Validator } from '@seriousme/openapi-schema-validator'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testSetup } from '../support/app'
import { openApiSchemas, pointerPart } from '../support/openapi'

const HOST = 'privacy.dpgmedia.nl'

interface Layer {
  rawPath?: string
  route?: { path: string | string[]; methods: Record<string, boolean> }
  handle: { stack?: Layer[] }
}

/** Every `METHOD /api/…` route the app serves, read from Express's own router (paths as OpenAPI writes them). */
function apiRoutes(app: { router: { stack: Layer[] } }): string[] {
  const routes: string[] = []
  for (const layer of app.router.stack) {
    if (layer.rawPath !== '/api' || !layer.handle.stack) continue
    for (const inner of layer.handle.stack) {
      if (!inner.route) continue
      const paths = Array.isArray(inner.route.path) ? inner.route.path : [inner.route.path]
      for (const path of paths)
        for (const method of Object.keys(inner.route.methods))
          routes.push(`${method} /api${path.replace(/:(\w+)/g, '{$1}')}`)
    }
  }
  return routes
}

describe('the OpenAPI document', () => {
  let setup: Awaited<ReturnType<typeof testSetup>>
  beforeAll(async () => {
    setup = await testSetup()
  })
  afterAll(() => setup?.composition.close())

  it('is a valid OpenAPI 3.1 document, with its server from the host table', async () => {
    const answer = await request(setup.app).get('/api/openapi.json').set('Host', HOST)
    expect(answer.status).toBe(200)
    const validator = new Validator()
    const result = await validator.validate(answer.body)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
    expect(answer.body.servers).toEqual([{ url: 'https://privacy.dpgmedia.nl' }])
    // A forged Host header does not choose the server URL.
    const forged = await request(setup.app).get('/api/openapi.json').set('Host', 'evil.example.nl')
    expect(forged.body.servers[0].url).toBe('https://privacy.dpgmedia.nl')
  })

  it('describes every route under /api, with the schemas that validate the bodies', async () => {
    const { body: document } = await request(setup.app).get('/api/openapi.json').set('Host', HOST)
    const routes = apiRoutes(setup.app as never)
    expect(routes.length).toBeGreaterThan(20)
    const described = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`),
    )
    const undescribed = routes.filter(
      (route) => !described.includes(route) && !route.startsWith('get /api/docs'),
    )
    expect(undescribed).toEqual([])
    const lookup = document.paths['/api/v1/suppressions/lookup'].post
    expect(lookup.security).toEqual([{ clientSecret: [] }])
    expect(lookup.requestBody.content['application/json'].schema.oneOf).toHaveLength(2)
    const request_ =
      document.paths['/api/privacy-rights/request'].post.requestBody.content['application/json']
    expect(request_.schema.properties.flowType.enum).toContain('RIGHT_TO_BE_FORGOTTEN')
    expect(JSON.stringify(document)).not.toContain('"nullable"')
  })

  it('has examples, made by the code that answers, that fit their schemas: the client API, its webhooks, every error', async () => {
    const { body: document } = await request(setup.app).get('/api/openapi.json').set('Host', HOST)
    const schemas = openApiSchemas(document)
    type Media = { schema?: unknown; example?: unknown; examples?: Record<string, { value: unknown }> }
    // Every media type with examples, anywhere in the document, by its JSON pointer.
    const media: [string, Media][] = []
    const visit = (node: unknown, pointer: string) => {
      if (typeof node !== 'object' || node === null) return
      for (const [key, child] of Object.entries(node)) {
        const at = `${pointer}/${pointerPart(key)}`
        if (key === 'application/json') media.push([at, child as Media])
        else visit(child, at)
      }
    }
    visit(document, '')
    const withExamples = media.filter(([, m]) => m.example !== undefined || m.examples !== undefined)
    for (const [pointer, m] of withExamples) {
      const validate = schemas.at(`${pointer}/schema`)
      const values = m.examples ? Object.values(m.examples).map((e) => e.value) : [m.example]
      for (const value of values)
        expect(validate(value), `${pointer}: ${JSON.stringify(validate.errors)}`).toBe(true)
    }
    const described = withExamples.map(([pointer]) => pointer)
    const json = '/content/application~1json'
    for (const pointer of [
      `/paths/~1api~1v1~1suppressions/get/responses/200${json}`,
      `/paths/~1api~1v1~1suppressions~1lookup/post/responses/200${json}`,
      `/paths/~1api~1v1~1suppressions~1lookup/post/requestBody${json}`,
      `/paths/~1api~1v1~1suppressions~1{id}~1applied/post/responses/200${json}`,
      `/webhooks/suppression.created/post/requestBody${json}`,
      `/webhooks/request.verified/post/requestBody${json}`,
      ...Object.keys(document.components.responses).map((name) => `/components/responses/${name}${json}`),
    ])
      expect(described).toContain(pointer)
    // The feed shows a full client's page and an --ids-only one's: the same items without contact data.
    const feed =
      document.paths['/api/v1/suppressions'].get.responses['200'].content['application/json'].examples
    expect(feed.full.value.items.some((item: object) => 'email' in item)).toBe(true)
    expect(JSON.stringify(feed.idsOnly.value)).not.toMatch(/email|phoneNumber|postalAddress/)
    // Each webhook's body has its schema, with what a receiver relies on required.
    const webhook = (event: string) =>
      document.webhooks[event].post.requestBody.content['application/json'].schema as { $ref: string }
    expect(webhook('suppression.created').$ref).toBe('#/components/schemas/SuppressionCreatedEvent')
    expect(document.components.schemas.SuppressionCreatedEvent.properties.data.required).toEqual([
      'requestId',
      'reference',
      'suppressions',
    ])
    expect(webhook('request.verified').$ref).toBe('#/components/schemas/RequestVerifiedEvent')
    expect(document.components.schemas.RequestVerifiedEvent.properties.data.required).toEqual([
      'requestId',
      'reference',
      'flowType',
      'verifiedAt',
    ])
  })

  it('has a reference page served from our own origin, under the site CSP', async () => {
    const page = await request(setup.app).get('/api/docs').set('Host', HOST)
    expect(page.status).toBe(200)
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.text).toContain('src="/api/docs/assets/swagger-ui-bundle.js"')
    expect(page.text).not.toMatch(/<script>[^<]/)
    const bundle = await request(setup.app).get('/api/docs/assets/swagger-ui-bundle.js').set('Host', HOST)
    expect(bundle.status).toBe(200)
    expect(bundle.headers['content-type']).toMatch(/javascript/)
    const missing = await request(setup.app).get('/api/docs/assets/nothing.js').set('Host', HOST)
    expect(missing.status).toBe(404)
  })
})
