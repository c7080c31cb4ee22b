import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The layering of DESIGN.md, as docs/architecture.md draws it, kept true by this test:
 *   shared ← server        (the server imports shared code, never pages or the renderer)
 *   shared ← renderer ← pages   (pages use the renderer and shared code; nothing in them imports server/)
 * content/ and locales/ are data anyone may read. And no import cycle anywhere.
 */
const root = resolve(import.meta.dirname, '..')
const LAYERS = ['server', 'shared', 'renderer', 'pages', 'scripts'] as const
type Layer = (typeof LAYERS)[number]
const DATA = ['content', 'locales']

const MAY_IMPORT: Record<Layer, readonly string[]> = {
  shared: ['shared', ...DATA],
  renderer: ['renderer', 'shared', ...DATA],
  pages: ['pages', 'renderer', 'shared', ...DATA],
  server: ['server', 'shared', ...DATA],
  scripts: ['scripts', 'server', 'shared', ...DATA],
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

const IMPORT =
  /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g
const ALIASES = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).imports as
  | Record<string, string>
  | undefined

/** The file an import names, or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  let target: string
  if (specifier.startsWith('.')) target = resolve(dirname(from), specifier)
  else if (specifier.startsWith('#')) {
    const entry = Object.entries(ALIASES ?? {}).find(([pattern]) =>
      specifier.startsWith(pattern.replace('*', '')),
    )
    if (!entry) throw new Error(`${relative(root, from)}: no "imports" alias for ${specifier}`)
    const [pattern, replacement] = entry
    target = resolve(root, replacement.replace('*', specifier.slice(pattern.replace('*', '').length)))
  } else return null
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  // A .js specifier for a .ts file, or a stylesheet: the folder is what counts.
  return target.replace(/\.js$/, '.ts')
}

const files = LAYERS.flatMap((layer) => sourceFiles(join(root, layer)))
const imports = new Map(
  files.map((file) => {
    const source = readFileSync(file, 'utf8')
    const targets = [...source.matchAll(IMPORT)]
      .map((match) => resolveImport(file, match[1] ?? match[2] ?? ''))
      .filter((target): target is string => target !== null)
    return [file, targets]
  }),
)
const layerOf = (file: string) => relative(root, file).split('/')[0] ?? ''

describe('layering', () => {
  it.each(LAYERS)('%s imports only the layers below it', (layer) => {
    const wrong = [...imports]
      .filter(([file]) => layerOf(file) === layer)
      .flatMap(([file, targets]) =>
        targets
          .filter((target) => !MAY_IMPORT[layer].includes(layerOf(target)))
          .map((target) => `${relative(root, file)} → ${relative(root, target)}`),
      )
    expect(wrong).toEqual([])
  })

  it('has no import cycle', () => {
    const cycles: string[] = []
    const state = new Map<string, 'open' | 'done'>()
    const visit = (file: string, path: string[]) => {
      state.set(file, 'open')
      for (const target of imports.get(file) ?? []) {
        if (!imports.has(target)) continue
        if (state.get(target) === 'open') {
          const start = path.indexOf(target)
          cycles.push([...path.slice(start), target].map((f) => relative(root, f)).join(' → '))
        } else if (!state.has(target)) visit(target, [...path, target])
      }
      state.set(file, 'done')
    }
    for (const file of imports.keys()) if (!state.has(file)) visit(file, [file])
    expect(cycles).toEqual([])
  })

  it('reads the imports it checks (a guard against a broken pattern)', () => {
    const count = [...imports.values()].reduce((sum, targets) => sum + targets.length, 0)
    expect(files.length).toBeGreaterThan(150)
    expect(count).toBeGreaterThan(400)
  })
})
