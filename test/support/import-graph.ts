import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { type ImportSite, importsOf, type Project } from './source-reader'

/** One import: the file that imports and the file it names, both relative to the root (`server/app.ts`). */
export interface Edge {
  from: string
  to: string
  kind: ImportSite['kind']
}

/** The file an import names (relative to the root), or null for a package. */
export function resolveImport(root: string, from: string, specifier: string): string | null {
  const aliases = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).imports ?? {}) as Record<
    string,
    string
  >
  let target: string
  if (specifier.startsWith('.')) target = resolve(root, dirname(from), specifier)
  else if (specifier.startsWith('#')) {
    const entry = Object.entries(aliases).find(([pattern]) => specifier.startsWith(pattern.replace('*', '')))
    if (!entry) throw new Error(`${from}: no "imports" alias for ${specifier}`)
    const [pattern, replacement] = entry
    target = resolve(root, replacement.replace('*', specifier.slice(pattern.replace('*', '').length)))
  } else return null
  for (const candidate of [
    target,
    `${target}.ts`,
    `${target}.tsx`,
    `${target}.d.ts`,
    join(target, 'index.ts'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate)
  }
  // A .js specifier for a .ts file, or a stylesheet: the folder is what counts.
  return relative(root, target.replace(/\.js$/, '.ts'))
}

/** The edges of the given files (relative paths), as the compiler reads their imports. */
export function edgesOf(root: string, project: Project, files: readonly string[]): Edge[] {
  return files.flatMap((from) =>
    importsOf(project.source(join(root, from))).flatMap(({ specifier, kind }) => {
      const to = resolveImport(root, from, specifier)
      return to === null ? [] : [{ from, to, kind }]
    }),
  )
}

/** The import cycles among the edges, each as `a → b → a`. */
export function cyclesOf(edges: readonly Edge[]): string[] {
  const targets = new Map<string, string[]>()
  for (const { from, to } of edges) targets.set(from, [...(targets.get(from) ?? []), to])
  const cycles: string[] = []
  const state = new Map<string, 'open' | 'done'>()
  const visit = (file: string, path: string[]) => {
    state.set(file, 'open')
    for (const target of targets.get(file) ?? []) {
      if (!targets.has(target)) continue
      if (state.get(target) === 'open') cycles.push([...path.slice(path.indexOf(target)), target].join(' → '))
      else if (!state.has(target)) visit(target, [...path, target])
    }
    state.set(file, 'done')
  }
  for (const file of targets.keys()) if (!state.has(file)) visit(file, [file])
  return cycles
}
