import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import express, { Router } from 'express'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCampaigns, withdrawNotices } from '#server/services/campaign-import.ts'
import { startAddressRegisters } from '../support/address-registers'
import { ROOT, runRetention, testSetup } from '../support/app'
import { openApiSchemas, pointerPart } from '../support/openapi'

const HOST = 'privacy.dpgmedia.nl'
/** A host with the staff area (test/fixtures/hosts.json): its document describes the staff API too. */
const STAFF_HOST = 'nl.localhost'

type LayerPath = string | RegExp | (string | RegExp)[]
interface Layer {
  rawPath?: LayerPath
  route?: { path: LayerPath; methods: Record<string, boolean> }
  handle: { stack?: Layer[] }
}

/** A layer's paths; a regular expression (which OpenAPI cannot name) as `regexp:…`, so it shows as undescribed. */
const pathsOf = (path: LayerPath | undefined): string[] =>
  (Array.isArray(path) ? path : [path ?? '/']).map((p) => (typeof p === 'string' ? p : `regexp:${p}`))
const underApi = (path: string) => path === '/api' || path.startsWith('/api/')
/** An Express path as OpenAPI writes it: `:id` and `*rest` → `{id}`, `{rest}`. */
const asOpenApi = (path: string) => path.replace(/\{?[:*](\w+)\}?/g, '{$1}')

/**
 * Every way the app answers under /api, read from Express's whole router stack, routers within routers at any
 * mount path: its routes (`get /api/…`), and the middleware mounted at a path of its own (static files, a
 * gate), which answers for whatever lies under that path.
 */
function apiRoutes(stack: Layer[], prefix = ''): { routes: string[]; mounts: string[] } {
  const routes: string[] = []
  const mounts: string[] = []
  for (const layer of stack) {
    for (const path of pathsOf(layer.rawPath)) {
      const full = path === '/' ? prefix : `${prefix}${path}`
      if (layer.route) {
        if (!underApi(full)) continue
        for (const method of Object.keys(layer.route.methods)) routes.push(`${method} ${asOpenApi(full)}`)
      } else if (layer.handle.stack) {
        const inner = apiRoutes(layer.handle.stack, full)
        routes.push(...inner.routes)
        mounts.push(...inner.mounts)
      } else if (underApi(full) && full !== '/api') {
        mounts.push(asOpenApi(full))
      }
    }
  }
  return { routes, mounts }
}

describe('the route walk of the coverage test', () => {
  it('finds /api routes however they are registered: on the app, in routers mounted at / or deeper, static mounts', () => {
    const app = express()
    const nested = Router()
    nested.get('/items/:id', (_req, res) => void res.end())
    const atRoot = Router()
    atRoot.post('/api/direct', (_req, res) => void res.end())
    atRoot.use('/api/nested', nested)
    app.get('/api/on-app', (_req, res) => void res.end())
    app.get('/elsewhere', (_req, res) => void res.end())
    app.use(atRoot)
    app.use('/api/files', express.static(ROOT))
    expect(apiRoutes((app as unknown as { router: { stack: Layer[] } }).router.stack)).toEqual({
      routes: ['get /api/on-app', 'post /api/direct', 'get /api/nested/items/{id}'],
      mounts: ['/api/files'],
    })
  })
})

describe('the OpenAPI document', () => {
  let setup: Awaited<ReturnType<typeof testSetup>>
  let registers: Awaited<ReturnType<typeof startAddressRegisters>>
  beforeAll(async () => {
    registers = await startAddressRegisters()
    setup = await testSetup({ ADDRESS_LOOKUP_NL_URL: registers.nl, ADDRESS_LOOKUP_BE_URL: registers.be })
  })
  afterAll(async () => {
    await setup?.composition.close()
    await registers?.close()
  })

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
    // The staff hosts' document describes the whole API, the staff desk's with it (issue 27).
    const { body: document } = await request(setup.app).get('/api/openapi.json').set('Host', STAFF_HOST)
    const { routes, mounts } = apiRoutes(
      (setup.app as unknown as { router: { stack: Layer[] } }).router.stack,
    )
    expect(routes.length).toBeGreaterThan(20)
    // The reference page's routes, and its stylesheet's, are among them.
    expect(routes).toContain('get /api/docs')
    expect(routes).toContain('get /api/docs/assets/{file}')
    const paths = Object.keys(document.paths as Record<string, unknown>)
    const described = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`),
    )
    expect(routes.filter((route) => !described.includes(route))).toEqual([])
    expect(
      mounts.filter((mount) => !paths.some((path) => path === mount || path.startsWith(`${mount}/`))),
    ).toEqual([])
    expect(document.paths['/api/docs'].get.responses['200'].content).toHaveProperty('text/html')
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

  it('declares the headers the client API answers with and the webhooks are sent with', async () => {
    const { body: document } = await request(setup.app).get('/api/openapi.json').set('Host', HOST)
    const { responses } = document.components
    expect(Object.keys(responses.ClientE401.headers)).toEqual(['WWW-Authenticate'])
    expect(responses.ClientE401.headers['WWW-Authenticate'].required).toBe(true)
    for (const name of ['E429', 'E503']) expect(responses[name].headers['Retry-After'].required).toBe(true)
    const client = Object.entries(
      document.paths as Record<
        string,
        Record<string, { responses: Record<string, { $ref?: string; headers?: object }> }>
      >,
    ).filter(([path]) => path.startsWith('/api/v1/'))
    // The suppressions' three paths (issue 17) and the tasks' three (issue 25).
    expect(client.map(([path]) => path)).toEqual([
      '/api/v1/suppressions',
      '/api/v1/suppressions/lookup',
      '/api/v1/suppressions/{id}/applied',
      '/api/v1/tasks',
      '/api/v1/tasks/{id}/result',
      '/api/v1/tasks/{id}/files',
    ])
    for (const [path, operations] of client)
      for (const [method, { responses: answers }] of Object.entries(operations)) {
        const where = `${method} ${path}`
        expect(answers['401']?.$ref, where).toBe('#/components/responses/ClientE401')
        expect(answers['429']?.$ref, where).toBe('#/components/responses/E429')
        expect(answers['503']?.$ref, where).toBe('#/components/responses/E503')
        expect(Object.keys((answers['200'] ?? answers['201'])?.headers ?? {}), where).toEqual([
          'RateLimit-Limit',
          'RateLimit-Remaining',
        ])
      }
    // Each webhook's three headers, required, with examples signed as the worker signs that fit their schemas.
    const schemas = openApiSchemas(document)
    for (const event of Object.keys(document.webhooks)) {
      const parameters = document.webhooks[event].post.parameters as {
        name: string
        in: string
        required: boolean
        example: string
      }[]
      expect(parameters.map((p) => [p.in, p.name, p.required])).toEqual([
        ['header', 'webhook-id', true],
        ['header', 'webhook-timestamp', true],
        ['header', 'webhook-signature', true],
      ])
      parameters.forEach((parameter, index) => {
        const validate = schemas.at(`/webhooks/${pointerPart(event)}/post/parameters/${index}/schema`)
        expect(validate(parameter.example), `${event} ${parameter.name}`).toBe(true)
      })
    }
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
    const full = await request(setup.app).get('/api/campaign-items/sample-be-2026-003').set('Host', ACC_BE)
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
    // Issue 27: `;`-separated, with a byte-order mark, each header (here Dutch) described beside its column.
    expect(header?.startsWith('\uFEFF')).toBe(true)
    for (const column of header?.replace(/^\uFEFF/, '').split(';') ?? [])
      expect(csv.description).toContain(`"${column}"`)
    for (const path of ['/api/campaign-items.json', '/api/campaign-items.csv'])
      expect(document.paths[path].get.parameters.map((p: { name: string }) => p.name)).toContain('since')
  })

  it.each([
    // path, query, the status the route refuses it with (or null: it takes it)
    ['/api/search', { q: 'cookie', locale: 'nl_nl' }, null],
    ['/api/search', { locale: 'fr_be' }, null],
    ['/api/search', { q: 'a'.repeat(100), locale: 'nl_nl' }, null],
    ['/api/search', { q: 'a'.repeat(101), locale: 'nl_nl' }, 400],
    ['/api/search', { q: 'cookie' }, 400],
    ['/api/search', { q: 'cookie', locale: 'nl_de' }, 400],
    ['/api/address', { postalCode: '1114AM', houseNumber: '40' }, null],
    ['/api/address', { postalCode: ' 1114 am ', houseNumber: ' 40 ', houseNumberExtension: '' }, null],
    [
      '/api/address',
      { postalCode: '3011AA', houseNumber: '1', houseNumberExtension: 'b', street: "Coolsingel-'t" },
      null,
    ],
    ['/api/address', { houseNumber: '1' }, 400],
    ['/api/address', { postalCode: '1114AM' }, 400],
    ['/api/address', { postalCode: '1114AM', houseNumber: 'abc' }, 400],
    ['/api/address', { postalCode: '1'.repeat(11), houseNumber: '1' }, 400],
    ['/api/address', { postalCode: '1114AM', houseNumber: '1', street: '   ' }, 400],
    ['/api/address', { postalCode: '1114AM', houseNumber: '1', houseNumberExtension: 'a\tb' }, 400],
    ['/api/plainhtml/privacy-policy', { locale: 'nl_nl' }, null],
    ['/api/plainhtml/privacy-policy', { locale: 'nl' }, 404],
    ['/api/plainhtml/privacy-policy', {}, 404],
    ['/api/documents', { locale: 'fr_be' }, null],
    ['/api/documents', {}, 404],
  ] as const)('describes the query of %s as the route checks it: %j', async (path, query, refused) => {
    const { body: document } = await request(setup.app).get('/api/openapi.json').set('Host', HOST)
    const template = path.startsWith('/api/plainhtml/') ? '/api/plainhtml/{documentKey}' : path
    const parameters = (document.paths[template].get.parameters as { name: string; in: string }[]).filter(
      (parameter) => parameter.in === 'query',
    )
    const schemas = openApiSchemas(document)
    const pointer = `/paths/${pointerPart(template)}/get/parameters`
    const index = (name: string) =>
      document.paths[template].get.parameters.findIndex((p: { name: string }) => p.name === name)
    const values = query as Record<string, string>
    const described =
      parameters.every(
        (parameter) => !(parameter as { required?: boolean }).required || parameter.name in values,
      ) &&
      Object.entries(values).every(
        ([name, value]) => index(name) >= 0 && schemas.at(`${pointer}/${index(name)}/schema`)(value),
      )
    const answer = await request(setup.app)
      .get(`${path}?${new URLSearchParams(values)}`)
      .set('Host', HOST)
    expect(answer.status === refused ? 'refused' : 'taken').toBe(refused === null ? 'taken' : 'refused')
    expect(described).toBe(refused === null)
  })

  it('has a reference page of its own, rendered from the host document, under the site CSP (issue 32)', async () => {
    for (const host of [HOST, STAFF_HOST]) {
      const page = await request(setup.app).get('/api/docs').set('Host', host)
      expect(page.status).toBe(200)
      expect(page.headers['content-security-policy']).toContain("script-src 'self'")
      expect(page.headers['content-security-policy']).not.toContain('unsafe-inline')
      expect(page.text).toContain('<html lang="en">')
      expect(page.text).not.toMatch(/<script|style=/)
      // Every operation of the host's document, and every webhook, is on the page, found by its operation id.
      const { body: document } = await request(setup.app).get('/api/openapi.json').set('Host', host)
      const operations = [
        ...Object.values(document.paths as Record<string, Record<string, { operationId?: string }>>),
        ...Object.values(document.webhooks as Record<string, Record<string, { operationId?: string }>>),
      ].flatMap((item) => Object.values(item).flatMap((o) => (o?.operationId ? [o.operationId] : [])))
      expect(operations.length, host).toBeGreaterThan(20)
      for (const id of operations)
        expect(page.text, `${host}: ${id}`).toContain(`<details class="operation" id="op-${id}">`)
      // The staff API only where it is described (issue 27).
      expect(page.text.includes('/api/internal-privacy-rights/audit'), host).toBe(host === STAFF_HOST)
    }
    const css = await request(setup.app).get('/api/docs/assets/reference.css').set('Host', HOST)
    expect(css.status).toBe(200)
    expect(css.headers['content-type']).toMatch(/^text\/css/)
    expect(css.text).toContain(':focus-visible')
    // Only that one file; Swagger UI's are gone with it.
    for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js', 'index.html', 'nothing.js'])
      expect((await request(setup.app).get(`/api/docs/assets/${file}`).set('Host', HOST)).status, file).toBe(
        404,
      )
    expect((await request(setup.app).get('/api/docs/init.js').set('Host', HOST)).status).toBe(404)
  })

  it('describes the public and client API on a public host, the staff API on the staff hosts (issue 27)', async () => {
    const validator = new Validator()
    const documents: Record<string, { paths: Record<string, unknown>; components: Record<string, object> }> =
      {}
    for (const host of [HOST, 'privacy-acc.dpgmedia.be', STAFF_HOST]) {
      const { body } = await request(setup.app).get('/api/openapi.json').set('Host', host)
      expect((await validator.validate(body)).errors ?? [], host).toEqual([])
      documents[host] = body
    }
    const staffPaths = (host: string) =>
      Object.keys(documents[host]?.paths ?? {}).filter((path) =>
        path.startsWith('/api/internal-privacy-rights'),
      )
    for (const host of [HOST, 'privacy-acc.dpgmedia.be']) {
      expect(staffPaths(host), host).toEqual([])
      expect(JSON.stringify(documents[host]), host).not.toContain('staffSession')
      expect(Object.keys(documents[host]?.paths ?? {}), host).toContain('/api/v1/suppressions/lookup')
    }
    expect(staffPaths(STAFF_HOST)).toContain('/api/internal-privacy-rights/requests')
    expect(documents[STAFF_HOST]?.components.securitySchemes).toHaveProperty('staffSession')
  })
})
