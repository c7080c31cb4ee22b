import { tmpdir } from 'node:os'
import { resolve } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { TEST_CLIENT } from './test/support/oidc-provider'

export const E2E_PORT = 3211
/** The e2e server's SQLite file: set once in the runner, inherited by the workers (tests read it). */
process.env.E2E_DATABASE ??= resolve(tmpdir(), `privacy-e2e-${Date.now()}.sqlite`)
export const E2E_DATABASE = process.env.E2E_DATABASE
/** The staff sign-in's OpenID provider, in the mail sink's process (test/support/oidc-provider.ts). */
export const E2E_IDP = 'http://127.0.0.1:3213'

/** End-to-end tests in Debian's Chromium against the production build, on a phone and a desktop viewport. */
export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://nl.localhost:${E2E_PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
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
      use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 812 }, hasTouch: true },
    },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1400, height: 900 } } },
  ],
  webServer: [
    {
      command: 'node --import tsx test/e2e/mail-sink.ts',
      url: 'http://127.0.0.1:3212/livez',
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node dist/node/index.mjs',
      url: `http://127.0.0.1:${E2E_PORT}/livez`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(E2E_PORT),
        SITE_HOSTS_FILE: resolve(import.meta.dirname, 'test/fixtures/hosts.json'),
        LOG_LEVEL: 'warn',
        DATABASE_URL: `file:${E2E_DATABASE}`,
        SMTP_URL: 'smtp://127.0.0.1:2525',
        // *.example.com mail domains resolve nowhere here: the e2e server does not ask DNS.
        EMAIL_DOMAIN_CHECK: 'off',
        RATE_LIMIT_PER_MINUTE: '10000',
        ADDRESS_LOOKUP_NL_URL: 'http://127.0.0.1:3212/pdok',
        ADDRESS_LOOKUP_BE_URL: 'http://127.0.0.1:3212/vlaanderen',
        STAFF_OIDC_ISSUER: E2E_IDP,
        STAFF_OIDC_CLIENT_ID: TEST_CLIENT.clientId,
        STAFF_OIDC_CLIENT_SECRET: TEST_CLIENT.clientSecret,
      },
    },
  ],
})
