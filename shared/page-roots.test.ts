import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PAGE_ROOTS } from './page-roots'

const PAGES = resolve(import.meta.dirname, '../pages')

/** Every folder under pages/ that holds a +Page, with its +route.ts when it has one. */
function pageFolders(folder = PAGES): { path: string; route: string | null }[] {
  const entries = readdirSync(folder)
  const own = entries.some((name) => name.startsWith('+Page.'))
    ? [
        {
          path: relative(PAGES, folder),
          route: entries.includes('+route.ts')
            ? (/export default '([^']*)'/.exec(readFileSync(join(folder, '+route.ts'), 'utf8'))?.[1] ?? '?')
            : null,
        },
      ]
    : []
  const below = entries
    .filter((name) => statSync(join(folder, name)).isDirectory())
    .flatMap((name) => pageFolders(join(folder, name)))
  return [...own, ...below]
}

describe('PAGE_ROOTS', () => {
  it('names the first route segment of every page in pages/, and nothing else', () => {
    const roots = new Set<string>()
    for (const { path, route } of pageFolders()) {
      if (path === '_error') continue
      // Vike's filesystem routing: `index` is the folder's own path; a +route.ts string overrides it.
      const routed = route ?? `/${path.replace(/(^|\/)index$/, '')}`
      const first = routed.split('/')[1] ?? ''
      expect(first, `${path}: a route string with a parameter first`).not.toMatch(/^@|^\*/)
      if (first !== '') roots.add(first)
    }
    expect([...PAGE_ROOTS].sort()).toEqual([...roots].sort())
  })
})
