import { execFileSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { resolve } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { TEST_CLIENT } from './test/support/oidc-provider'

/**
 * The ports of the e2e servers: the app, the mail sink's HTTP side (mails and the address-register stubs),
 * the OpenID provider and the mail sink's SMTP side. Each is taken from its variable, or is a free port, so
 * two checkouts can run their e2e tests at once. This file is evaluated in the runner and again in every
 * worker: the runner chooses, and the workers inherit the choice through process.env (as E2E_DATABASE).
 */
const PORT_VARIABLES = ['E2E_PORT', 'E2E_SINK_PORT', 'E2E_IDP_PORT', 'E2E_SMTP_PORT'] as const
const unset = PORT_VARIABLES.filter((name) => !process.env[name])
if (unset.length > 0) {
  const ports = freePorts(unset.length)
  unset.forEach((name, index) => {
    process.env[name] = String(ports[index])
  })
}
const port = (name: (typeof PORT_VARIABLES)[number]): number => {
  const value = Number(process.env[name])
  if (!Number.isInteger(value) || value < 1 || value > 65_535)
    throw new Error(`${name} must be a port number, not "${process.env[name]}"`)
  return value
}

export const E2E_PORT = port('E2E_PORT')
export const E2E_SINK_PORT = port('E2E_SINK_PORT')
const E2E_IDP_PORT = port('E2E_IDP_PORT')
const E2E_SMTP_PORT = port('E2E_SMTP_PORT')
/** The mail sink's HTTP side: GET /mails?to=…, and the address-register stubs under /pdok and /vlaanderen. */
export const E2E_SINK = `http://127.0.0.1:${E2E_SINK_PORT}`
/**
 * What this run works with, chosen once in the runner and inherited by the workers: a folder of its own
 * (removed when the runner exits) holding a copy of the production build, the database and the host table.
 */
process.env.E2E_RUN_FOLDER ??= runFolder()
const RUN_FOLDER = process.env.E2E_RUN_FOLDER
/** The e2e server's SQLite file (tests read it). */
process.env.E2E_DATABASE ??= resolve(RUN_FOLDER, 'e2e.sqlite')
export const E2E_DATABASE = process.env.E2E_DATABASE
/**
 * The test host table with this run's app port in the local sites' origins (the app writes them into the
 * links of its mails and the staff sign-in's redirect).
 */
process.env.E2E_HOSTS_FILE ??= hostsFileFor(E2E_PORT)
/**
 * The e2e site's webhook signing key, which the operator commands of the tests share with it: the keys of
 * one-click unsubscribe links (issue 28) and the webhook secrets are derived from it.
 */
export const E2E_WEBHOOK_SIGNING_KEY = 'e2e-webhook-signing-key-not-secret-0123456789'
/** The staff sign-in's OpenID provider, in the mail sink's process (test/support/oidc-provider.ts). */
export const E2E_IDP = `http://127.0.0.1:${E2E_IDP_PORT}`

/**
 * The run's folder, with a copy of dist/ taken now: a rebuild in this working tree during the run (another
 * engineer's `npm run build`) cannot swap pages and assets under the server. Beside the copy, what the server
 * reads from its project folder, linked: package-lock.json (which marks that folder), package.json,
 * node_modules and content/; data/ is its own.
 */
function runFolder(): string {
  const project = import.meta.dirname
  if (!existsSync(resolve(project, 'dist/node/index.mjs')))
    throw new Error('No production build in dist/: run "npm run build" first')
  const folder = mkdtempSync(resolve(tmpdir(), 'privacy-e2e-'))
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }))
  cpSync(resolve(project, 'dist'), resolve(folder, 'dist'), { recursive: true })
  for (const name of ['package-lock.json', 'package.json', 'node_modules', 'content'])
    symlinkSync(resolve(project, name), resolve(folder, name))
  mkdirSync(resolve(folder, 'data'))
  return folder
}

function hostsFileFor(appPort: number): string {
  const fixture = resolve(import.meta.dirname, 'test/fixtures/hosts.json')
  const table = JSON.parse(readFileSync(fixture, 'utf8')) as { hosts: { host: string; origin: string }[] }
  for (const site of table.hosts) {
    if (site.host.endsWith('.localhost')) site.origin = `http://${site.host}:${appPort}`
  }
  const file = resolve(RUN_FOLDER, 'hosts.json')
  writeFileSync(file, JSON.stringify(table, null, 2))
  return file
}

/**
 * `count` distinct ports free at this moment, synchronously (a config cannot wait): a child process listens
 * on port 0 that many times at once, on every interface as the app does, and reports what it got.
 */
function freePorts(count: number): number[] {
  const script = `
    const { createServer } = require('node:net')
    const servers = Array.from({ length: ${count} }, () => createServer())
    Promise.all(servers.map((s) => new Promise((ok) => s.listen(0, ok)))).then(() => {
      process.stdout.write(JSON.stringify(servers.map((s) => s.address().port)))
      for (const s of servers) s.close()
    })`
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as number[]
}

/**
 * Debian's Chromium without a browser window: the package chromium-headless-shell (Chromium's "old" headless
 * shell, the same Blink and V8 as /usr/bin/chromium, which Playwright itself runs headless tests in). The new
 * headless mode of /usr/bin/chromium starts the browser's own UI for every window: the reflow and desk specs
 * took 2.1 min there and 1.7 min in the shell (same quiet 2-core machine, 2 workers). Without the package,
 * the tests run in /usr/bin/chromium.
 */
const CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path))

/**
 * End-to-end tests in Debian's Chromium against the production build, on a phone and a desktop viewport: 320 px
 * (WCAG 1.4.10's reflow width) and 1440 px, the two widths issue 32 asks every checked page state at.
 */
export default defineConfig({
  testDir: 'test/e2e',
  // Issue 27: the Nu HTML Checker over every page state the tests kept (test/e2e/html-check.ts).
  globalTeardown: './test/e2e/html-check.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Per test; the tests that do much more than most say so with test.slow(), and each axe analysis adds its
  // own allowance (test/e2e/support.ts).
  timeout: 30_000,
  // A loaded machine can take seconds to hydrate a page: assertions wait up to this long for what they expect.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://nl.localhost:${E2E_PORT}`,
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
  },
  projects: [
    {
      name: 'phone',
      use: { ...devices['Desktop Chrome'], viewport: { width: 320, height: 700 }, hasTouch: true },
    },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
  ],
  webServer: [
    {
      command: 'node --import tsx test/e2e/mail-sink.ts',
      url: `${E2E_SINK}/livez`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        E2E_PORT: String(E2E_PORT),
        E2E_SINK_PORT: String(E2E_SINK_PORT),
        E2E_IDP_PORT: String(E2E_IDP_PORT),
        E2E_SMTP_PORT: String(E2E_SMTP_PORT),
      },
    },
    {
      // The run's copy of the build (see runFolder).
      command: `node ${resolve(RUN_FOLDER, 'dist/node/index.mjs')}`,
      url: `http://127.0.0.1:${E2E_PORT}/livez`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(E2E_PORT),
        SITE_HOSTS_FILE: process.env.E2E_HOSTS_FILE,
        LOG_LEVEL: 'warn',
        DATABASE_URL: `file:${E2E_DATABASE}`,
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        // *.example.com mail domains resolve nowhere here: the e2e server does not ask DNS.
        EMAIL_DOMAIN_CHECK: 'off',
        RATE_LIMIT_PER_MINUTE: '10000',
        // The suite opens hundreds of new pages a minute from one address (issue 30's limit is off here).
        PAGE_RENDERS_PER_MINUTE: '0',
        ADDRESS_LOOKUP_NL_URL: `${E2E_SINK}/pdok`,
        ADDRESS_LOOKUP_BE_URL: `${E2E_SINK}/vlaanderen`,
        STAFF_OIDC_ISSUER: E2E_IDP,
        STAFF_OIDC_CLIENT_ID: TEST_CLIENT.clientId,
        STAFF_OIDC_CLIENT_SECRET: TEST_CLIENT.clientSecret,
        // The test provider puts logins with "desk" in the privacy-desk group: the privacy team.
        STAFF_PRIVACY_TEAM_GROUPS: 'privacy-desk',
        WEBHOOK_SIGNING_KEY: E2E_WEBHOOK_SIGNING_KEY,
      },
    },
  ],
})
