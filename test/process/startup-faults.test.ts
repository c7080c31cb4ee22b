import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { ROOT } from '../support/app'
import { freePort } from '../support/waiting'

/**
 * Issue 26: an operator's typo or an unreachable database stops the server and every operator command with
 * one line saying what is wrong, never a new empty site or a stack dump; the commands answer --help, and
 * name an unknown flag or a bad value. Run as the image runs them: the built server and the bundled commands.
 */

const run = promisify(execFile)
const COMMANDS = ['migrate', 'campaigns-import', 'api-clients'] as const
type Command = (typeof COMMANDS)[number]

/** A process's exit code and output, however it ended. */
interface Ended {
  code: number
  stdout: string
  stderr: string
}

async function ended(work: Promise<{ stdout: string; stderr: string }>): Promise<Ended> {
  try {
    const { stdout, stderr } = await work
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}

/** The environment of a production instance, with these variables. */
function production(env: Record<string, string>) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    SITE_HOSTS_FILE: 'test/fixtures/hosts.json',
    EMAIL_DOMAIN_CHECK: 'off',
    LOG_LEVEL: 'info',
    STAFF_SESSION_SECRET: randomBytes(32).toString('hex'),
    WEBHOOK_SIGNING_KEY: randomBytes(32).toString('hex'),
    REDIS_URL: '',
    ...env,
  }
}

/** The built server, started until it exits by itself (or is killed after 30 s). */
async function serverRun(env: Record<string, string>): Promise<Ended> {
  return ended(
    run(process.execPath, ['dist/node/index.mjs'], {
      cwd: ROOT,
      timeout: 30_000,
      env: production({ PORT: String(await freePort()), ...env }),
    }),
  )
}

/** An operator command as the image runs it: `node dist/scripts/NAME.mjs …`. */
function command(name: Command, args: string[], env: Record<string, string> = {}): Promise<Ended> {
  return ended(
    run(process.execPath, [`dist/scripts/${name}.mjs`, ...args], {
      cwd: ROOT,
      timeout: 30_000,
      env: production({ DATABASE_URL: `file:${join(folder(), 'commands.sqlite')}`, ...env }),
    }),
  )
}

const folders: string[] = []
function folder(): string {
  const made = mkdtempSync(join(tmpdir(), 'startup-faults-'))
  folders.push(made)
  return made
}
/** What the old code made of a URL it took for a SQLite path: a folder named after its scheme, in ROOT. */
const strays: string[] = []

afterEach(() => {
  for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true })
  for (const stray of strays.splice(0)) rmSync(join(ROOT, stray), { recursive: true, force: true })
})

/** Every line of the output that is not empty. */
const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '')

describe('DATABASE_URL that is neither file: nor postgres:// (issue 26)', () => {
  const password = `pw${randomBytes(6).toString('hex')}`
  const typos = [
    ['mysql://x', `mysql://x-${randomBytes(4).toString('hex')}`, 'mysql:'],
    [
      'postgress://… (one letter wrong)',
      `postgress://privacy:${password}@127.0.0.1:5432/privacy-${randomBytes(4).toString('hex')}`,
      'postgress:',
    ],
  ] as const

  it.each(typos)(
    '%s: the server exits non-zero with one line naming the variable, and makes no file',
    async (_name, url, stray) => {
      strays.push(stray)
      const before = readdirSync(ROOT)
      const result = await serverRun({ DATABASE_URL: url })
      expect(result.code).not.toBe(0)
      expect(lines(result.stderr)).toEqual([
        expect.stringMatching(/^Configuration error: DATABASE_URL must be file:PATH/),
      ])
      expect(result.stderr).not.toContain(password)
      expect(result.stdout).not.toContain('listening')
      expect(existsSync(join(ROOT, stray))).toBe(false)
      expect(readdirSync(ROOT)).toEqual(before)
    },
  )

  it.each(
    typos.flatMap(([name, url, stray]) =>
      (
        [
          ['migrate', []],
          ['campaigns-import', ['--withdraw', 'nl-2026-001', '--reason', 'test']],
          ['api-clients', ['list']],
        ] as const
      ).map(([commandName, args]) => [commandName, name, url, stray, args] as const),
    ),
  )(
    '%s with %s: exits non-zero with one line naming the variable, and makes no file',
    async (name, _typo, url, stray, args) => {
      strays.push(stray)
      const result = await command(name, [...args], { DATABASE_URL: url })
      expect(result.code).toBe(1)
      expect(lines(result.stderr)).toEqual([
        expect.stringMatching(/^Configuration error: DATABASE_URL must be file:PATH/),
      ])
      expect(result.stderr).not.toContain(password)
      expect(result.stdout).toBe('')
      expect(existsSync(join(ROOT, stray))).toBe(false)
    },
  )
})

describe('a deployed host table with staff hosts (issue 26)', () => {
  it.each(['config/hosts.production.json', 'config/hosts.acceptance.json'])(
    '%s without the staff sign-in provider: the server refuses to start, naming the variables',
    async (table) => {
      const result = await serverRun({
        SITE_HOSTS_FILE: table,
        DATABASE_URL: `file:${join(folder(), 'staff.sqlite')}`,
      })
      expect(result.code).toBe(1)
      expect(lines(result.stderr)).toEqual([
        expect.stringMatching(
          /^Configuration error: the host table .* has staff hosts .*STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET/,
        ),
      ])
      expect(result.stdout).not.toContain('listening')
    },
  )
})

describe('a database out of reach at start-up (issue 26)', () => {
  it('the server and each command print one line naming host, port and database (never the password) and exit non-zero', async () => {
    const port = await freePort()
    const url = `postgres://privacy:s3cret-pw@127.0.0.1:${port}/privacy_site`
    const expected = new RegExp(
      `^Database unreachable: PostgreSQL at 127\\.0\\.0\\.1:${port}, database "privacy_site": .*ECONNREFUSED`,
    )
    const server = await serverRun({ DATABASE_URL: url, DATABASE_CONNECT_TIMEOUT_SECONDS: '2' })
    expect(server.code).toBe(1)
    expect(lines(server.stderr)).toEqual([expect.stringMatching(expected)])
    expect(server.stderr).not.toContain('s3cret-pw')
    for (const [name, args] of [
      ['migrate', []],
      ['campaigns-import', ['--withdraw', 'nl-2026-001', '--reason', 'test']],
      ['api-clients', ['list']],
    ] as const) {
      const result = await command(name, [...args], { DATABASE_URL: url })
      expect(result.code, name).toBe(1)
      expect(lines(result.stderr), name).toEqual([expect.stringMatching(expected)])
      expect(result.stderr).not.toContain('s3cret-pw')
    }
  }, 60_000)

  it('with several worker processes: the server exits with the workers’ one line, never restarting them for ever', async () => {
    const port = await freePort()
    const result = await serverRun({
      DATABASE_URL: `postgres://privacy@127.0.0.1:${port}/privacy_site`,
      DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
      WEB_CONCURRENCY: '2',
    })
    expect(result.code).toBe(1)
    const failures = lines(result.stderr)
    expect(failures.length).toBeGreaterThanOrEqual(1)
    expect(failures.length).toBeLessThanOrEqual(2)
    for (const line of failures) expect(line).toMatch(/^Database unreachable: PostgreSQL at 127\.0\.0\.1:/)
    expect(result.stdout).not.toContain('worker died')
  }, 40_000)

  it('a SQLite file that cannot be opened: one line naming the file', async () => {
    const where = join(folder(), 'not-a-folder')
    writeFileSync(where, 'a file, not a folder')
    const result = await command('migrate', [], { DATABASE_URL: `file:${where}/x.sqlite` })
    expect(result.code).toBe(1)
    expect(lines(result.stderr)).toEqual([expect.stringContaining(`${where}/x.sqlite`)])
  })
})

describe('operator commands help (issue 26)', () => {
  it.each(COMMANDS)('%s --help prints its usage and exits 0, touching no database', async (name) => {
    const result = await command(name, ['--help'], { DATABASE_URL: 'mysql://not-even-read' })
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^Usage: npm run /)
    expect(result.stderr).toBe('')
  })

  it.each([
    ['migrate', ['--force'], "Unknown option '--force'"],
    ['campaigns-import', ['notices.json', '--sampel'], "Nothing done: Unknown option '--sampel'."],
    ['api-clients', ['--help-me'], "Unknown option '--help-me'"],
    ['api-clients', ['list', '--verbose'], "Unknown option '--verbose'"],
    ['api-clients', ['add', '--name', 'HLN CRM', '--country', 'DE'], '--country must be NL or BE, not "DE"'],
    ['api-clients', ['add', '--name', 'HLN CRM'], 'add needs --country'],
    ['api-clients', ['remove', '--name', 'HLN CRM'], 'Unknown command "remove"'],
    ['api-clients', ['list', '--name', 'HLN CRM'], '--name does not go with list'],
    ['api-clients', [], 'No command given'],
  ] as const)('%s %j: one line naming what is wrong, then the usage; exit 2', async (name, args, problem) => {
    const result = await command(name, [...args])
    expect(result.code).toBe(2)
    const [first, ...usage] = lines(result.stderr)
    expect(first).toBe(problem)
    expect(usage[0]).toMatch(/^Usage: npm run /)
    expect(result.stdout).toBe('')
  })
})

describe('campaigns:import of a file that holds no notices (issue 26)', () => {
  it.each([
    [
      'a CSV whose header is no notice header',
      'people.csv',
      'name,email\nJan,jan@example.com\n',
      /the first line is not a notice header/,
    ],
    [
      'a CSV of something else (an address list)',
      'adressen.csv',
      'naam;adres\nJan;Dorpsstraat 1\n',
      /the first line is not a notice header/,
    ],
    [
      'a CSV with a header and no rows',
      'empty.csv',
      'id,sponsorName,publicationStartDate\n',
      /holds no notices/,
    ],
    ['an empty CSV', 'nothing.csv', '', /the first line is not a notice header \(the file is empty\)/],
    ['an empty JSON list', 'empty.json', '[]', /holds no notices/],
  ])('refuses %s: nothing loaded, exit 1', async (_what, name, content, reason) => {
    const where = folder()
    writeFileSync(join(where, name), content)
    const result = await command('campaigns-import', [join(where, name), '--country', 'NL'], {
      DATABASE_URL: `file:${join(where, 'notices.sqlite')}`,
    })
    expect(result.code).toBe(1)
    expect(lines(result.stderr)).toEqual([expect.stringMatching(/^Nothing loaded: /)])
    expect(result.stderr).toMatch(reason)
    expect(result.stdout).not.toContain('Loaded')
  })
})
