import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { builtInHostTable, readHostTable, resolveSite } from './sites'

const table = builtInHostTable(3000)

describe('resolveSite', () => {
  it.each([
    ['privacy.dpgmedia.nl', 'NL', 'production', ['LOAD_FATHOM']],
    ['privacy.dpgmedia.be', 'BE', 'production', ['LOAD_FATHOM']],
    ['privacy-acc.dpgmedia.nl', 'NL', 'non-production', ['POLITICAL_ADS']],
    ['privacy-acc.dpgmedia.be', 'BE', 'non-production', ['POLITICAL_ADS']],
    ['nl.localhost', 'NL', 'local', ['POLITICAL_ADS', 'INTERNAL_PRIVACY_RIGHTS']],
    ['BE.LOCALHOST.', 'BE', 'local', ['POLITICAL_ADS', 'INTERNAL_PRIVACY_RIGHTS']],
    ['www.example.nl', 'NL', 'production', ['LOAD_FATHOM']],
    ['shop.example.be', 'BE', 'production', ['LOAD_FATHOM']],
  ])('%s → %s %s %j', (host, country, environment, toggles) => {
    const site = resolveSite(table, host)
    expect(site?.country).toBe(country)
    expect(site?.environment).toBe(environment)
    const on = Object.entries(site?.toggles ?? {})
      .filter(([, value]) => value)
      .map(([name]) => name)
    expect(on.sort()).toEqual([...toggles].sort())
  })

  it.each([undefined, '', 'example.com', 'localhost', 'nl', 'privacy.dpgmedia.nl.evil.com', 'a b.nl'])(
    'has no site for %j',
    (host) => {
      expect(resolveSite(table, host)).toBeNull()
    },
  )

  it('never turns TEST_TOGGLE on in the built-in table', () => {
    for (const row of table) expect(row.toggles).not.toContain('TEST_TOGGLE')
  })

  it('takes the canonical origin from the table, never from the request', () => {
    expect(resolveSite(table, 'privacy.dpgmedia.be')?.origin).toBe('https://privacy.dpgmedia.be')
    expect(resolveSite(table, 'nl.localhost')?.origin).toBe('http://nl.localhost:3000')
  })
})

describe('readHostTable', () => {
  const file = (content: string) => {
    const path = join(mkdtempSync(join(tmpdir(), 'hosts-')), 'hosts.json')
    writeFileSync(path, content)
    return path
  }

  it('reads a valid table', () => {
    const path = file(
      JSON.stringify({
        hosts: [
          { host: 'a.nl', country: 'NL', environment: 'production', toggles: [], origin: 'https://a.nl' },
        ],
      }),
    )
    expect(readHostTable(path)).toHaveLength(1)
  })

  it.each([
    ['not json', '{'],
    [
      'an unknown toggle',
      '{"hosts":[{"host":"a.nl","country":"NL","environment":"local","toggles":["X"],"origin":"https://a.nl"}]}',
    ],
    [
      'an unknown country',
      '{"hosts":[{"host":"a.nl","country":"DE","environment":"local","toggles":[],"origin":"https://a.nl"}]}',
    ],
  ])('refuses %s with a message naming the file', (_name, content) => {
    const path = file(content)
    expect(() => readHostTable(path)).toThrow(path)
  })
})
