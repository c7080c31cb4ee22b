import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cyclesOf, type Edge, edgesOf } from './support/import-graph'
import { openProject } from './support/source-reader'

/**
 * The layering of DESIGN.md, as docs/architecture.md draws it, kept true by this test:
 *   shared ← server        (the server imports shared code, never pages or the renderer)
 *   shared ← renderer ← pages   (pages use the renderer and shared code; nothing in them imports server/)
 * content/ and locales/ are data anyone may read; the page context's types (global.d.ts, any .d.ts at the
 * root) are read by pages, so they name only shared code. And no import cycle anywhere.
 * Imports are read by the TypeScript compiler: `import`, `export … from`, `import()`, `require()`,
 * `import x = require()` and `import('…').Type`.
 */
const root = resolve(import.meta.dirname, '..')
const DATA = ['content', 'locales']
const MAY_IMPORT = {
  shared: ['shared', ...DATA],
  renderer: ['renderer', 'shared', ...DATA],
  pages: ['pages', 'renderer', 'shared', ...DATA],
  server: ['server', 'shared', ...DATA],
  scripts: ['scripts', 'server', 'shared', ...DATA],
  declarations: ['shared', ...DATA],
} as const
type Layer = keyof typeof MAY_IMPORT
const LAYERS = Object.keys(MAY_IMPORT) as Layer[]

/**
 * Inside server/, floors from the top down (issue 31). The first pattern a file matches gives its floor.
 * Jobs (server/jobs: the periodic-job helper and the retry schedule; retention, desk deadlines, the archive, the
 * outbox worker) are services; compose* builds everything.
 */
const SERVER_FLOORS = [
  ['composition', /^server\/(index|app(-[a-z]+)?|compose(-[a-z]+)?|startup-failure|shutdown)\.ts$/],
  ['routers', /^server\/(api|openapi|staff)\//],
  [
    'middleware',
    /^server\/(middleware\/|(metrics|http-error|redis-rate-limit|response-cache|compressed|static-files|assets|stream-response)\.ts$)/,
  ],
  ['services', /^server\/((services|mail|documents|jobs)\/|content\.ts$)/],
  ['repositories', /^server\/db\//],
  ['configuration', /^server\/(config(-[a-z]+)?|sites)\.ts$/],
  ['foundation', /^server\/(logger|keys|csv|validation|brands|rate-limit-store|types\.d)\.ts$/],
] as const
type Floor = (typeof SERVER_FLOORS)[number][0]
const FLOORS = SERVER_FLOORS.map(([floor]) => floor)
/** What each floor may import inside server/: itself and the floors below it, as listed here. */
const SERVER_MAY_IMPORT: Record<Floor, readonly Floor[]> = {
  composition: FLOORS,
  routers: ['routers', 'middleware', 'services', 'repositories', 'configuration', 'foundation'],
  middleware: ['middleware', 'services', 'repositories', 'configuration', 'foundation'],
  services: ['services', 'repositories', 'configuration', 'foundation'],
  repositories: ['repositories', 'foundation'],
  configuration: ['configuration', 'foundation'],
  foundation: ['foundation'],
}

const floorOf = (file: string): Floor | null =>
  SERVER_FLOORS.find(([, pattern]) => pattern.test(file))?.[0] ?? null
const layerOf = (file: string): string =>
  /^[^/]+\.d\.ts$/.test(file) ? 'declarations' : (file.split('/')[0] ?? '')

/** The imports that break the layers, each as `from → to (rule)`. */
function layerViolations(edges: readonly Edge[]): string[] {
  return edges.flatMap(({ from, to }) => {
    const layer = layerOf(from) as Layer
    const allowed: readonly string[] = MAY_IMPORT[layer] ?? []
    return allowed.includes(layerOf(to)) ? [] : [`${from} → ${to} (${layer} may not import ${layerOf(to)})`]
  })
}

/** The imports inside server/ that break its floors, each as `from → to (rule)`. */
function serverViolations(edges: readonly Edge[]): string[] {
  return edges.flatMap(({ from, to }) => {
    const [floor, target] = [floorOf(from), floorOf(to)]
    if (floor === null || target === null || SERVER_MAY_IMPORT[floor].includes(target)) return []
    return [`${from} → ${to} (${floor} may not import ${target})`]
  })
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}
const files = [
  ...readdirSync(root).filter((name) => name.endsWith('.d.ts')),
  ...LAYERS.filter((layer) => layer !== 'declarations').flatMap(sourceFiles),
]
const project = openProject(root)
afterAll(() => project.close())
const edges = edgesOf(root, project, files)

describe('layering', () => {
  it.each(LAYERS)('%s imports only the layers below it', (layer) => {
    expect(layerViolations(edges.filter(({ from }) => layerOf(from) === layer))).toEqual([])
  })

  it('has no import cycle', () => {
    expect(cyclesOf(edges)).toEqual([])
  })

  it('reads the imports it checks (a guard against a broken reader)', () => {
    expect(files.length).toBeGreaterThan(150)
    expect(edges.length).toBeGreaterThan(400)
    expect(edges.some(({ from }) => from === 'global.d.ts')).toBe(true)
  })

  it('names what a page-context type takes from the server', () => {
    const bad = { from: 'global.d.ts', to: 'server/services/desk.ts', kind: 'import' } as const
    expect(layerViolations([bad])).toEqual([
      'global.d.ts → server/services/desk.ts (declarations may not import server)',
    ])
  })
})

describe('floors inside server/', () => {
  const serverFiles = files.filter((file) => file.startsWith('server/'))

  it('gives every server file a floor', () => {
    expect(serverFiles.filter((file) => floorOf(file) === null)).toEqual([])
  })

  it('keeps every import on its floor or below', () => {
    expect(serverViolations(edges.filter(({ from }) => from.startsWith('server/')))).toEqual([])
  })

  // One file of each floor, to make an import between any two floors.
  const sample: Record<Floor, string> = {
    composition: 'server/compose.ts',
    routers: 'server/api/desk.ts',
    middleware: 'server/middleware/rate-limit.ts',
    services: 'server/services/desk.ts',
    repositories: 'server/db/desk-repository.ts',
    configuration: 'server/config.ts',
    foundation: 'server/logger.ts',
  }
  // Every pair of floors where the importer stands lower than what it imports: an arrow back up.
  const upward = FLOORS.flatMap((target, above) =>
    FLOORS.slice(above + 1).map((floor) => [floor, target] as const),
  )

  it.each(upward)('refuses %s → %s (an arrow back up)', (floor, target) => {
    expect(floorOf(sample[floor])).toBe(floor)
    const edge = { from: sample[floor], to: sample[target], kind: 'import' } as const
    expect(serverViolations([edge])).toEqual([
      `${sample[floor]} → ${sample[target]} (${floor} may not import ${target})`,
    ])
  })

  it('refuses a service reaching up however it names the module (test/fixtures/layering/reaching-up.ts)', () => {
    const fixture = 'test/fixtures/layering/reaching-up.ts'
    const read = edgesOf(root, project, [fixture]).map((edge) => ({
      ...edge,
      from: 'server/services/reaching-up.ts',
    }))
    expect(read.map(({ kind }) => kind).sort()).toEqual([
      'export',
      'import',
      'import()',
      'import-type',
      'require()',
    ])
    expect(serverViolations(read).sort()).toEqual([
      'server/services/reaching-up.ts → server/api/desk.ts (services may not import routers)',
      'server/services/reaching-up.ts → server/compose.ts (services may not import composition)',
      'server/services/reaching-up.ts → server/middleware/rate-limit.ts (services may not import middleware)',
      'server/services/reaching-up.ts → server/staff/router.ts (services may not import routers)',
    ])
  })

  it('refuses a repository that reads the configuration or a service', () => {
    const edge = (to: string) => ({ from: 'server/db/failure.ts', to, kind: 'import' }) as const
    expect(serverViolations([edge('server/config-values.ts'), edge('server/services/errors.ts')])).toEqual([
      'server/db/failure.ts → server/config-values.ts (repositories may not import configuration)',
      'server/db/failure.ts → server/services/errors.ts (repositories may not import services)',
    ])
  })
})
