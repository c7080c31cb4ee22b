import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildReasons } from './build-if-needed'

const BUILT = new Date('2030-01-01T12:00:00Z')
const LATER = new Date('2030-01-01T13:00:00Z')
const EARLIER = new Date('2030-01-01T11:00:00Z')

/** A project folder with these files, each last changed at its time. */
function project(files: Record<string, Date>): string {
  const root = mkdtempSync(join(tmpdir(), 'build-if-needed-'))
  for (const [file, time] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), '')
    utimesSync(join(root, file), time, time)
  }
  return root
}

const built = {
  'dist/server/entry.mjs': BUILT,
  'dist/node/index.mjs': BUILT,
  'dist/scripts/migrate.mjs': BUILT,
  'dist/scripts/campaigns-import.mjs': BUILT,
  'dist/scripts/api-clients.mjs': BUILT,
}

describe('npm start: build if needed', () => {
  it('builds nothing when every source is older than the build', () => {
    expect(
      buildReasons(project({ ...built, 'server/app.ts': EARLIER, 'pages/index/+Page.tsx': EARLIER })),
    ).toEqual([])
  })

  it.each([
    'server/app.ts',
    'server/db/migrations/005-operations.ts',
    'scripts/migrate.ts',
    'package.json',
    'tsconfig.json',
    'pages/index/+Page.tsx',
    'content/phone/nl.json',
  ])('builds when %s changed after the build', (source) => {
    expect(buildReasons(project({ ...built, [source]: LATER }))).toEqual([source.split('/')[0]])
  })

  it('compares with the oldest output: a server bundle older than a source is stale', () => {
    const root = project({
      ...built,
      'dist/node/index.mjs': EARLIER,
      'server/app.ts': new Date('2030-01-01T11:30:00Z'),
    })
    expect(buildReasons(root)).toEqual(['server'])
  })

  it.each(['dist/node/index.mjs', 'dist/server/entry.mjs', 'dist/scripts/migrate.mjs'])(
    'builds when %s is missing',
    (output) => {
      const files: Record<string, Date> = { ...built }
      delete files[output]
      expect(buildReasons(project(files))).toEqual(['no build'])
    },
  )

  it('ignores changed tests', () => {
    expect(buildReasons(project({ ...built, 'server/config.test.ts': LATER }))).toEqual([])
  })
})
