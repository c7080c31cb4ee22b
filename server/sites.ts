import { readFileSync } from 'node:fs'
import {
  COUNTRIES,
  type Country,
  ENVIRONMENTS,
  type Environment,
  type Site,
  TOGGLES,
  type Toggle,
  togglesFrom,
} from '#shared/site.ts'
import { ajv } from './validation'

/** One row of the host table (DESIGN.md §3). */
export interface HostEntry {
  host: string
  country: Country
  environment: Environment
  toggles: Toggle[]
  origin: string
}

export type HostTable = readonly HostEntry[]

const PRODUCTION_TOGGLES: Record<Country, Toggle[]> = { NL: ['LOAD_FATHOM'], BE: ['LOAD_FATHOM'] }
/** A staff host: the staff area and the desks, and the transparency centre the complaints desk links to. */
const STAFF_TOGGLES: Toggle[] = ['INTERNAL_PRIVACY_RIGHTS', 'POLITICAL_ADS']

/** The group's production site per country: where links of an unlisted host point when a table has none. */
const CANONICAL_PRODUCTION_ORIGIN: Record<Country, string> = {
  NL: 'https://privacy.dpgmedia.nl',
  BE: 'https://privacy.dpgmedia.be',
}

export function builtInHostTable(port: number): HostTable {
  return [
    entry('privacy.dpgmedia.nl', 'NL', 'production', PRODUCTION_TOGGLES.NL),
    entry('privacy.dpgmedia.be', 'BE', 'production', PRODUCTION_TOGGLES.BE),
    entry('privacy-acc.dpgmedia.nl', 'NL', 'non-production', ['POLITICAL_ADS']),
    entry('privacy-acc.dpgmedia.be', 'BE', 'non-production', ['POLITICAL_ADS']),
    // Local runs only: the Docker image replaces this table with a file that lacks these two hosts.
    {
      ...entry('nl.localhost', 'NL', 'local', ['POLITICAL_ADS', 'INTERNAL_PRIVACY_RIGHTS']),
      origin: `http://nl.localhost:${port}`,
    },
    {
      ...entry('be.localhost', 'BE', 'local', ['POLITICAL_ADS', 'INTERNAL_PRIVACY_RIGHTS']),
      origin: `http://be.localhost:${port}`,
    },
    // Issue 26: the staff hosts of production and acceptance (served to the group's networks only). After the
    // local hosts: a local run's team mails link to the local desk.
    entry('privacy-intern.dpgmedia.nl', 'NL', 'internal', STAFF_TOGGLES),
    entry('privacy-intern.dpgmedia.be', 'BE', 'internal', STAFF_TOGGLES),
    entry('privacy-intern-acc.dpgmedia.nl', 'NL', 'internal', STAFF_TOGGLES),
    entry('privacy-intern-acc.dpgmedia.be', 'BE', 'internal', STAFF_TOGGLES),
  ]
}

function entry(host: string, country: Country, environment: Environment, toggles: Toggle[]): HostEntry {
  return { host, country, environment, toggles, origin: `https://${host}` }
}

const hostTableSchema = {
  type: 'object',
  required: ['hosts'],
  additionalProperties: false,
  properties: {
    hosts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['host', 'country', 'environment', 'toggles', 'origin'],
        additionalProperties: false,
        properties: {
          host: { type: 'string', pattern: '^[a-z0-9.-]+$' },
          country: { enum: [...COUNTRIES] },
          environment: { enum: [...ENVIRONMENTS] },
          toggles: { type: 'array', uniqueItems: true, items: { enum: [...TOGGLES] } },
          origin: { type: 'string', pattern: '^https?://[^/]+$' },
        },
      },
    },
  },
} as const

const validateHostFile = ajv.compile<{ hosts: HostEntry[] }>(hostTableSchema)

/** Reads the operator's host table (`SITE_HOSTS_FILE`); throws a message naming the file on any fault. */
export function readHostTable(path: string): HostTable {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new Error(`SITE_HOSTS_FILE ${path} cannot be read as JSON: ${(error as Error).message}`)
  }
  if (!validateHostFile(parsed)) {
    const detail = validateHostFile.errors?.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')
    throw new Error(`SITE_HOSTS_FILE ${path} is not a valid host table: ${detail}`)
  }
  // A staff host is never measured: no analytics there, whatever a table says.
  const measured = parsed.hosts.find(
    (row) => row.environment === 'internal' && row.toggles.includes('LOAD_FATHOM'),
  )
  if (measured)
    throw new Error(
      `SITE_HOSTS_FILE ${path}: ${measured.host} is a staff host (internal); LOAD_FATHOM is not allowed there`,
    )
  return parsed.hosts
}

/**
 * Spec §1 and §6: the country comes from the host. A known host gets its row; any other host ending in
 * .nl or .be gets that country with production toggles; anything else has no site (`Cannot determine country`).
 * An unlisted host is that production site, the table's row or else the group's: every link it makes points at
 * the production origin (DESIGN.md decision 8), so a forged Host or X-Forwarded-Host never ends up in a mail, a
 * canonical link or a page.
 */
export function resolveSite(table: HostTable, hostname: string | undefined): Site | null {
  const host = normaliseHost(hostname)
  if (!host) return null
  const known = table.find((row) => row.host === host)
  if (known) return { ...known, toggles: togglesFrom(known.toggles) }
  const country: Country | null = host.endsWith('.nl') ? 'NL' : host.endsWith('.be') ? 'BE' : null
  if (!country) return null
  const production = table.find((row) => row.country === country && row.environment === 'production')
  if (production) return { ...production, toggles: togglesFrom(production.toggles) }
  const origin = CANONICAL_PRODUCTION_ORIGIN[country]
  return {
    host: new URL(origin).host,
    country,
    environment: 'production',
    toggles: togglesFrom(PRODUCTION_TOGGLES[country]),
    origin,
  }
}

function normaliseHost(hostname: string | undefined): string | null {
  if (!hostname) return null
  const host = hostname.trim().toLowerCase().replace(/\.$/, '')
  return /^[a-z0-9.-]{1,253}$/.test(host) ? host : null
}

/**
 * What a deployment an instance serves, from its host table (issue 26): a table with a local host is a local
 * run (the built-in table, the tests' tables; the Docker image's tables have none); else a table with a
 * production host is production; else (acceptance hosts, and their staff hosts) acceptance. A table of staff
 * hosts only counts as production: nothing in it says otherwise.
 */
export type Deployment = 'local' | 'acceptance' | 'production'

export function deploymentOf(table: HostTable): Deployment {
  if (table.some((row) => row.environment === 'local')) return 'local'
  if (table.some((row) => row.environment === 'production')) return 'production'
  return table.some((row) => row.environment === 'non-production') ? 'acceptance' : 'production'
}

/** Sample notices are loaded, and shown off production hosts, on local runs and in acceptance only. */
export function loadsSamples(table: HostTable): boolean {
  return deploymentOf(table) !== 'production'
}

/** Is any host of the table a staff host (issue 26)? Such a deployment needs the staff sign-in's provider. */
export function hasStaffHosts(table: HostTable): boolean {
  return table.some((row) => row.environment === 'internal')
}

/**
 * The origin of the country's staff area (a host with INTERNAL_PRIVACY_RIGHTS), for links in team mails: its
 * staff host in a deployment (issue 26), the local host in a local run.
 */
export function staffOrigin(table: HostTable, country: Country): string | null {
  return (
    table.find((row) => row.country === country && row.toggles.includes('INTERNAL_PRIVACY_RIGHTS'))?.origin ??
    null
  )
}

/**
 * The staff area for what was made on `site` (issue 27: a complaint's team mail links to the desk): the site
 * itself where it has the staff area (a local run), else the country's staff host of this deployment.
 */
export function staffOriginFor(table: HostTable, site: Site): string | null {
  return site.toggles.INTERNAL_PRIVACY_RIGHTS ? site.origin : staffOrigin(table, site.country)
}

/**
 * The origin of the country's public transparency centre (POLITICAL_ADS), for notice links in mails to
 * complainants: never a staff host, which the public cannot reach.
 */
export function transparencyOrigin(table: HostTable, country: Country): string | null {
  return publicRows(table, country).find((row) => row.toggles.includes('POLITICAL_ADS'))?.origin ?? null
}

/** The first public site of the country in this deployment's table: links of mails about requests made before their origin was kept. */
export function publicOrigin(table: HostTable, country: Country): string {
  return publicRows(table, country)[0]?.origin ?? CANONICAL_PRODUCTION_ORIGIN[country]
}

function publicRows(table: HostTable, country: Country): HostEntry[] {
  return table.filter((row) => row.country === country && row.environment !== 'internal')
}
