import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCampaigns, withdrawNotices } from '#server/services/campaign-import.ts'
import { runRetention, testSetup } from '../support/app'
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

  it('describes the notices as the API and the export publish them: real answers validate (issue 18)', async () => {
    const { body: document } = await request(setup.app).get('/api/openapi.json').set('Host', HOST)
    const ACC_BE = 'privacy-acc.dpgmedia.be'
    const db = setup.composition.db
    // Beside the samples: a withdrawn notice, and one the retention job removed.
    const notice = (id: string, end: string) => ({
      id,
      status: 'STOPPED',
      sponsorName: `Sponsor ${id}`,
      sponsorEmail: `info@${id}.example`,
      publicationStartDate: '2015-01-01',
      publicationEndDate: end,
      budgetLowerBound: 100,
      channel: 'PRINT',
      fundingOriginType: 'PRIVATE',
      fundingRegion: 'EU',
      amountsMethodology: 'Facturen.',
    })
    await importCampaigns(db, [notice('old-1', '2015-02-01'), notice('gone-1', '2026-01-01')], {
      country: 'BE',
    })
    await withdrawNotices(db, ['gone-1'], 'Ingetrokken')
    // And one corrected since: its earlier version, with what the changed fields said then.
    await importCampaigns(db, [notice('fixed-1', '2026-12-31')], { country: 'BE' })
    await importCampaigns(db, [{ ...notice('fixed-1', '2026-12-31'), budgetLowerBound: 200 }], {
      country: 'BE',
    })
    await runRetention(setup, new Date())
    // The schema each path's 200 answer names, resolved inside the document.
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats(ajv)
    ajv.addSchema(document, 'openapi.json')
    const answerSchema = (path: string) => {
      const pointer = `/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/get/responses/200/content/application~1json/schema`
      const validate = ajv.getSchema(`openapi.json#${pointer}`)
      if (!validate) throw new Error(`No answer schema for ${path}`)
      return validate
    }
    const exported = (await request(setup.app).get('/api/campaign-items.json').set('Host', ACC_BE)).body
    expect(exported.removed.map((r: { id: string }) => r.id)).toContain('old-1')
    expect(exported.campaignItems.some((n: { withdrawnAt?: string }) => n.withdrawnAt)).toBe(true)
    const exportSchema = answerSchema('/api/campaign-items.json')
    expect(exportSchema(exported), JSON.stringify(exportSchema.errors)).toBe(true)
    const full = await request(setup.app).get('/api/campaign-items/be-2026-003').set('Host', ACC_BE)
    expect(full.body.suspensions).toBeDefined()
    const detailSchema = answerSchema('/api/campaign-items/{id}')
    expect(detailSchema(full.body), JSON.stringify(detailSchema.errors)).toBe(true)
    const fixed = (await request(setup.app).get('/api/campaign-items/fixed-1').set('Host', ACC_BE)).body
    expect(fixed.versions).toMatchObject([{ version: 1, previous: { budgetLowerBound: 100 } }])
    expect(detailSchema(fixed), JSON.stringify(detailSchema.errors)).toBe(true)
    const [earlier] = fixed.versions
    expect(detailSchema({ ...fixed, versions: [{ ...earlier, previous: { surprise: 1 } }] })).toBe(false)
    const withdrawn = await request(setup.app).get('/api/campaign-items/gone-1').set('Host', ACC_BE)
    expect(detailSchema(withdrawn.body), JSON.stringify(detailSchema.errors)).toBe(true)
    const page = (await request(setup.app).get('/api/campaign-items?countryCode=BE').set('Host', ACC_BE)).body
    const pageSchema = answerSchema('/api/campaign-items')
    expect(pageSchema(page), JSON.stringify(pageSchema.errors)).toBe(true)
    // The schemas say what they must: an unknown field or a missing one is refused.
    expect(detailSchema({ ...full.body, surprise: 1 })).toBe(false)
    const { version: _version, ...versionless } = full.body
    expect(detailSchema(versionless)).toBe(false)
    // The CSV's columns and both exports' `since` are described.
    const csv = document.paths['/api/campaign-items.csv'].get
    const header = (await request(setup.app).get('/api/campaign-items.csv').set('Host', ACC_BE)).text.split(
      '\r\n',
    )[0]
    for (const column of header?.split(',') ?? []) expect(csv.description).toContain(`\`${column}\``)
    for (const path of ['/api/campaign-items.json', '/api/campaign-items.csv'])
      expect(document.paths[path].get.parameters.map((p: { name: string }) => p.name)).toContain('since')
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
