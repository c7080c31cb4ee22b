/** `npm start` builds only when there is no build, or when a source file is newer than the build. */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** What `npm run build` makes: the Vike build, the server bundle and the operator scripts. */
const OUTPUTS = [
  'dist/server/entry.mjs',
  'dist/node/index.mjs',
  'dist/scripts/migrate.mjs',
  'dist/scripts/campaigns-import.mjs',
  'dist/scripts/api-clients.mjs',
]
/** What goes into it: pages and content (Vike), the server and the scripts (esbuild), and the tools' settings. */
const SOURCES = [
  'pages',
  'renderer',
  'shared',
  'locales',
  'content',
  'public',
  'server',
  'scripts',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
]

/**
 * Why `root` needs a build: `['no build']` when an output is missing, else the sources changed since the
 * oldest output; empty when the build is current.
 */
export function buildReasons(root: string): string[] {
  const times = OUTPUTS.map((output) =>
    existsSync(join(root, output)) ? statSync(join(root, output)).mtimeMs : 0,
  )
  const built = Math.min(...times)
  if (built === 0) return ['no build']
  const newest = (path: string): number => {
    const full = join(root, path)
    if (!existsSync(full)) return 0
    const stat = statSync(full)
    // Tests are no part of a build.
    if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs
    return Math.max(0, ...readdirSync(full).map((name) => newest(join(path, name))))
  }
  return SOURCES.filter((source) => newest(source) > built)
}

if (import.meta.main) {
  const root = resolve(import.meta.dirname, '..')
  const reasons = buildReasons(root)
  if (reasons.length > 0) {
    console.log(
      reasons[0] === 'no build'
        ? 'No complete build yet: building.'
        : `Changed since the last build (${reasons.join(', ')}): building.`,
    )
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  }
}
