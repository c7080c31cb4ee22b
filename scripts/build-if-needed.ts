/** `npm start` builds only when there is no build, or when a source file is newer than it. */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const entry = join(root, 'dist/server/entry.mjs')
const sources = [
  'pages',
  'renderer',
  'shared',
  'locales',
  'content',
  'public',
  'server/i18n',
  'vite.config.ts',
  'package-lock.json',
]

function newest(path: string): number {
  const full = join(root, path)
  if (!existsSync(full)) return 0
  const stat = statSync(full)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(full).map((name) => newest(join(path, name))))
}

const built = existsSync(entry) ? statSync(entry).mtimeMs : 0
if (built === 0 || sources.some((source) => newest(source) > built)) {
  console.log(built === 0 ? 'No build yet: building.' : 'Sources changed since the last build: building.')
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
}
