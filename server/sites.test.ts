import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  builtInHostTable,
  deploymentOf,
  type HostTable,
  loadsSamples,
  publicOrigin,
  readHostTable,
  resolveSite,
  staffOrigin,
  transparencyOrigin,
} from './sites'

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
    ['privacy-intern.dpgmedia.nl', 'NL', 'internal', ['INTERNAL_PRIVACY_RIGHTS', 'POLITICAL_ADS']],
    ['privacy-intern-acc.dpgmedia.be', 'BE', 'internal', ['INTERNAL_PRIVACY_RIGHTS', 'POLITICAL_ADS']],
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

  it.each([
    ['attacker-site.nl', 'https://privacy.dpgmedia.nl'],
    ['www.attacker.be', 'https://privacy.dpgmedia.be'],
  ])('gives the unlisted host %s the production site of its country, origin and all', (host, origin) => {
    const site = resolveSite(table, host)
    expect(site?.origin).toBe(origin)
    expect(site?.host).toBe(new URL(origin).host)
  })

  it('gives an unlisted host the group production origin when the table has no production row', () => {
    const acceptance: HostTable = table.filter((row) => row.environment === 'non-production')
    expect(resolveSite(acceptance, 'elsewhere.be')).toMatchObject({
      origin: 'https://privacy.dpgmedia.be',
      environment: 'production',
    })
  })

  it("takes an unlisted host's origin from the table's production row of that country", () => {
    const custom: HostTable = [
      {
        host: 'privacy.example.nl',
        country: 'NL',
        environment: 'production',
        toggles: [],
        origin: 'https://privacy.example.nl',
      },
    ]
    expect(resolveSite(custom, 'elsewhere.nl')?.origin).toBe('https://privacy.example.nl')
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
    [
      'analytics on a staff host (issue 26)',
      '{"hosts":[{"host":"a.nl","country":"NL","environment":"internal","toggles":["INTERNAL_PRIVACY_RIGHTS","LOAD_FATHOM"],"origin":"https://a.nl"}]}',
    ],
  ])('refuses %s with a message naming the file', (_name, content) => {
    const path = file(content)
    expect(() => readHostTable(path)).toThrow(path)
  })
})

describe('the shipped host tables (one per deployed environment)', () => {
  const config = (name: string) => readHostTable(join(import.meta.dirname, '../config', name))

  it.each([
    ['hosts.production.json', 'production', ['privacy.dpgmedia.nl', 'privacy.dpgmedia.be'], 'privacy-intern'],
    [
      'hosts.acceptance.json',
      'non-production',
      ['privacy-acc.dpgmedia.nl', 'privacy-acc.dpgmedia.be'],
      'privacy-intern-acc',
    ],
  ])(
    '%s holds the %s hosts and a staff host per country only (issue 26)',
    (file, environment, hosts, staff) => {
      const rows = config(file)
      const staffHosts = [`${staff}.dpgmedia.nl`, `${staff}.dpgmedia.be`]
      expect(rows.map((row) => row.host).sort()).toEqual([...hosts, ...staffHosts].sort())
      for (const row of rows) {
        expect(row.origin).toBe(`https://${row.host}`)
        if (staffHosts.includes(row.host)) {
          // The desks (and the notices the complaints desk links to); never analytics.
          expect(row.environment).toBe('internal')
          expect([...row.toggles].sort()).toEqual(['INTERNAL_PRIVACY_RIGHTS', 'POLITICAL_ADS'])
          expect(row.country).toBe(row.host.endsWith('.nl') ? 'NL' : 'BE')
        } else {
          expect(row.environment).toBe(environment)
          expect(row.toggles).not.toContain('INTERNAL_PRIVACY_RIGHTS')
        }
      }
      // Team mails link to the staff host; mails to the public never do.
      for (const country of ['NL', 'BE'] as const) {
        const tld = country.toLowerCase()
        expect(staffOrigin(rows, country)).toBe(`https://${staff}.dpgmedia.${tld}`)
        expect(publicOrigin(rows, country)).toBe(`https://${hosts[country === 'NL' ? 0 : 1]}`)
        expect(transparencyOrigin(rows, country)).toBe(
          environment === 'production' ? null : `https://${hosts[country === 'NL' ? 0 : 1]}`,
        )
      }
    },
  )

  it.each([
    ['hosts.production.json', 'production', false],
    ['hosts.acceptance.json', 'acceptance', true],
  ] as const)('%s is a %s deployment; sample notices: %s (issue 26)', (file, deployment, samples) => {
    expect(deploymentOf(config(file))).toBe(deployment)
    expect(loadsSamples(config(file))).toBe(samples)
  })

  it('production: no Host header switches on a toggle production lacks', () => {
    const rows = config('hosts.production.json')
    for (const host of [
      'privacy-acc.dpgmedia.nl',
      'privacy-acc.dpgmedia.be',
      'nl.localhost',
      'be.localhost',
    ]) {
      const site = resolveSite(rows, host)
      expect(site?.toggles.POLITICAL_ADS ?? false).toBe(false)
      expect(site?.toggles.INTERNAL_PRIVACY_RIGHTS ?? false).toBe(false)
    }
  })
})

describe('what a deployment is, from its host table (issue 26)', () => {
  const row = (host: string, environment: HostTable[number]['environment']): HostTable[number] => ({
    host,
    country: 'NL',
    environment,
    toggles: [],
    origin: `https://${host}`,
  })

  it.each([
    ['the built-in table (local hosts among all others)', table, 'local'],
    ['production and staff hosts', [row('a.nl', 'production'), row('s.nl', 'internal')], 'production'],
    ['acceptance and staff hosts', [row('b.nl', 'non-production'), row('s.nl', 'internal')], 'acceptance'],
    [
      'production and acceptance hosts',
      [row('a.nl', 'production'), row('b.nl', 'non-production')],
      'production',
    ],
    ['staff hosts only', [row('s.nl', 'internal')], 'production'],
  ] as const)('%s: %s', (_name, rows, deployment) => {
    expect(deploymentOf(rows)).toBe(deployment)
    expect(loadsSamples(rows)).toBe(deployment !== 'production')
  })

  it('never sends the public to a staff host, whichever row comes first', () => {
    const rows: HostTable = [
      { ...row('s.nl', 'internal'), toggles: ['INTERNAL_PRIVACY_RIGHTS', 'POLITICAL_ADS'] },
      { ...row('b.nl', 'non-production'), toggles: ['POLITICAL_ADS'] },
    ]
    expect(transparencyOrigin(rows, 'NL')).toBe('https://b.nl')
    expect(publicOrigin(rows, 'NL')).toBe('https://b.nl')
    expect(staffOrigin(rows, 'NL')).toBe('https://s.nl')
    // A local run's team mails link to the local desk, not to a deployment's staff host.
    expect(staffOrigin(table, 'NL')).toBe('http://nl.localhost:3000')
  })
})
