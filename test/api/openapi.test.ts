import { Validator } from '@seriousme/openapi-schema-validator'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testSetup } from '../support/app'

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
