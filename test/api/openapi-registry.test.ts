import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import express, { Router } from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicDocument } from '#server/openapi/audience.ts'
import { openApiDocument } from '#server/openapi/document.ts'
import { describedRoutes } from '#server/openapi/registry.ts'
import { ROOT, testSetup } from '../support/app'

interface Layer {
  rawPath?: string | RegExp | (string | RegExp)[]
  route?: { methods: Record<string, boolean> }
  handle: { stack?: Layer[] }
}

/** Every route the Express app has, routers within routers, as `get /api/campaign-items/{id}`. */
function expressRoutes(stack: Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) =>
    [layer.rawPath ?? '/'].flat().flatMap((path) => {
      const at = path === '/' ? prefix : `${prefix}${String(path)}`
      if (layer.route)
        return Object.keys(layer.route.methods).map((method) => `${method} ${at.replace(/:(\w+)/g, '{$1}')}`)
      return layer.handle.stack ? expressRoutes(layer.handle.stack, at) : []
    }),
  )
}

const described = () => describedRoutes().map(({ method, path }) => `${method} ${path}`)

/**
 * Issue 31: the routes against their descriptions, both ways: a route under /api (or under a path the registry
 * describes, like `/u/{token}`) without a description, and a description without its route.
 */
function compare(routes: string[], descriptions: string[]) {
  const prefixes = [
    '/api/',
    ...descriptions.map((d) => d.split(' ')[1] ?? '').filter((p) => !p.startsWith('/api/')),
  ]
  const served = routes.filter((route) =>
    prefixes.some((prefix) => (route.split(' ')[1] ?? '').startsWith(prefix)),
  )
  return {
    undescribed: served.filter((route) => !descriptions.includes(route)),
    unrouted: descriptions.filter((description) => !routes.includes(description)),
  }
}

describe('the route registry (issue 31)', () => {
  let setup: Awaited<ReturnType<typeof testSetup>>
  let routes: string[]
  beforeAll(async () => {
    setup = await testSetup()
    routes = expressRoutes((setup.app as unknown as { router: { stack: Layer[] } }).router.stack)
  })
  afterAll(async () => {
    await setup?.composition.close()
  })

  it('describes every route the app has, and nothing else', () => {
    expect(routes).toContain('get /api/campaign-items/{id}')
    expect(routes).toContain('post /u/{token}')
    expect(compare(routes, described())).toEqual({ undescribed: [], unrouted: [] })
  })

  it('fails for a route registered without a description, and for a description without its route', () => {
    const app = express()
    const router = Router()
    router.get('/surprise/:id', (_req, res) => void res.end())
    app.use('/api', router)
    const extra = expressRoutes((app as unknown as { router: { stack: Layer[] } }).router.stack)
    expect(extra).toEqual(['get /api/surprise/{id}'])
    expect(compare([...routes, ...extra], described()).undescribed).toEqual(['get /api/surprise/{id}'])
    const withoutOne = routes.filter((route) => route !== 'post /api/v1/tasks/{id}/files')
    expect(compare(withoutOne, described()).unrouted).toEqual(['post /api/v1/tasks/{id}/files'])
  })

  it('gives every operation a unique operationId, its security and its 4xx answers', () => {
    const operations = describedRoutes()
    const ids = operations.map(({ operation }) => operation.operationId)
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    for (const { method, path, operation } of operations) {
      const where = `${method} ${path}`
      expect(Array.isArray(operation.security), where).toBe(true)
      const statuses = Object.keys(operation.responses as object)
      expect(
        statuses.some((status) => /^4\d\d$/.test(status)),
        where,
      ).toBe(true)
    }
    // Public operations say so; the staff's name the staff session and are tagged Staff, hidden on public hosts.
    const of = (path: string, method = 'get') =>
      operations.find((o) => o.path === path && o.method === method)?.operation
    expect(of('/api/campaign-items')?.security).toEqual([])
    expect(of('/api/internal-privacy-rights/requests')).toMatchObject({
      security: [{ staffSession: [] }],
      tags: ['Staff'],
    })
  })
})

describe('the derived document under a real linter (issue 31)', () => {
  /** Redocly's recommended rules, offline; the warnings it may give, each for a reason of the contract. */
  const ALLOWED_WARNINGS: Record<string, string> = {
    // /api/campaign-items/archive/{file} beside /api/campaign-items/{id}/…: paths the API has answered since issue 29.
    'no-ambiguous-paths': 'paths are the contract',
    // /api/campaign-items/archive answers 302 to its manifest, by design.
    'operation-2xx-response': 'a redirect',
    // The document names no licence: the API is the site's own, under no public licence.
    'info-license': 'no licence to name',
  }
  const lint = (document: object) => {
    const folder = mkdtempSync(join(tmpdir(), 'openapi-lint-'))
    const file = join(folder, 'openapi.json')
    writeFileSync(file, JSON.stringify(document))
    const run = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'),
        'lint',
        file,
        '--extends=recommended',
        '--format=json',
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    )
    const report = JSON.parse(run.stdout) as {
      problems: { ruleId: string; severity: string; message: string }[]
    }
    return report.problems
  }

  it.each([
    ['the staff hosts', openApiDocument('https://privacy.dpgmedia.nl')],
    ['a public host', publicDocument(openApiDocument('https://privacy.dpgmedia.nl'))],
  ])('passes redocly lint with its recommended rules: %s', (_name, document) => {
    const problems = lint(document)
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([])
    expect(problems.filter((problem) => !(problem.ruleId in ALLOWED_WARNINGS))).toEqual([])
  })
})
