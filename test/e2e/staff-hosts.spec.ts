import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { connect, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createServer as createTlsServer } from 'node:tls'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { E2E_IDP } from '../../playwright.config'
import { selfSignedCertificate } from '../support/certificate'
import { TEST_CLIENT } from '../support/oidc-provider'
import { eventually, freePort } from '../support/waiting'
import {
  expect,
  expectNoAxeViolations,
  hydrated,
  mailsTo,
  signInAtProvider,
  test,
  verificationLink,
} from './support'

/**
 * Issue 26: the production table as the Docker image ships it (config/hosts.production.json), served over TLS
 * as behind the load balancer, with staff signing in at the test OpenID provider. Chromium reaches the
 * table's real host names on this machine (`--host-resolver-rules`), so the links the app makes from the
 * table's origins (https://privacy-intern.dpgmedia.nl, …) are followed as they are, cookies and all.
 */

const ROOT = resolve(import.meta.dirname, '../..')
const STAFF = 'https://privacy-intern.dpgmedia.nl'
const PUBLIC = 'https://privacy.dpgmedia.nl'
const QUEUE = `${STAFF}/nl/internal-privacy-rights/requests`
const MAILBOX = 'privacy-productie@desk.test'
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`

let folder: string
let app: ChildProcess
let appPort: number
let tls: Server
let browser: Browser

/** A self-signed certificate for the table's hosts, made now (openssl): Chromium is told to accept it. */
function certificate() {
  const hosts = [
    'privacy.dpgmedia.nl',
    'privacy.dpgmedia.be',
    'privacy-intern.dpgmedia.nl',
    'privacy-intern.dpgmedia.be',
  ]
  const { key, cert } = selfSignedCertificate(
    folder,
    'privacy-intern.dpgmedia.nl',
    hosts.map((host) => `DNS:${host}`),
  )
  return { key, cert }
}

test.beforeAll(async ({ playwright, launchOptions }) => {
  test.setTimeout(90_000)
  folder = mkdtempSync(join(tmpdir(), 'privacy-production-table-'))
  appPort = await freePort()
  // The run's copy of the build (playwright.config.ts), with the image's host table and the staff provider.
  app = spawn(process.execPath, [resolve(process.env.E2E_RUN_FOLDER ?? ROOT, 'dist/node/index.mjs')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(appPort),
      SITE_HOSTS_FILE: resolve(ROOT, 'config/hosts.production.json'),
      DATABASE_URL: `file:${join(folder, 'production.sqlite')}`,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      EMAIL_DOMAIN_CHECK: 'off',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '10000',
      PRIVACY_MAILBOX_NL: MAILBOX,
      STAFF_OIDC_ISSUER: E2E_IDP,
      STAFF_OIDC_CLIENT_ID: TEST_CLIENT.clientId,
      STAFF_OIDC_CLIENT_SECRET: TEST_CLIENT.clientSecret,
      STAFF_PRIVACY_TEAM_GROUPS: 'privacy-desk',
      STAFF_SESSION_SECRET: 'production-table-e2e-session-secret-0123456789',
      WEBHOOK_SIGNING_KEY: 'production-table-e2e-webhook-signing-key-012345',
    },
    stdio: 'ignore',
  })
  await eventually(
    'the production-table server to answer',
    async () => (await send('127.0.0.1', 'GET', '/livez').catch(() => null))?.status === 200,
    60_000,
  )
  // TLS in front, as the load balancer terminates it: the app sees plain HTTP with the Host the browser sent.
  tls = createTlsServer(certificate(), (socket) => {
    const upstream = connect(appPort, '127.0.0.1')
    socket.pipe(upstream).pipe(socket)
    const close = () => {
      socket.destroy()
      upstream.destroy()
    }
    socket.on('error', close)
    upstream.on('error', close)
  })
  await new Promise<void>((done) => tls.listen(0, '127.0.0.1', done))
  const tlsPort = (tls.address() as { port: number }).port
  const mapped = [
    'privacy.dpgmedia.nl',
    'privacy.dpgmedia.be',
    'privacy-intern.dpgmedia.nl',
    'privacy-intern.dpgmedia.be',
  ]
  browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      `--host-resolver-rules=${mapped.map((host) => `MAP ${host} 127.0.0.1:${tlsPort}`).join(', ')}`,
    ],
  })
})

test.afterAll(async () => {
  await browser?.close()
  await new Promise((done) => (tls ? tls.close(done) : done(undefined)))
  if (app && app.exitCode === null) {
    const exited = new Promise((done) => app.once('exit', done))
    app.kill('SIGKILL')
    await exited
  }
  if (folder) rmSync(folder, { recursive: true, force: true })
})

/** A request to the production-table server as a site of its table (Node does not resolve those names). */
function send(host: string, method: string, path: string, body?: unknown) {
  return new Promise<{ status: number; json: unknown }>((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: appPort,
        method,
        path,
        headers: { Host: host, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => {
          let json: unknown = null
          try {
            json = JSON.parse(text)
          } catch {
            json = null
          }
          done({ status: res.statusCode ?? 0, json })
        })
      },
    )
    req.on('error', fail)
    req.end(body ? JSON.stringify(body) : undefined)
  })
}

/**
 * A browser context of the mapped browser, in the project's viewport, that fails the test on a console
 * error of the table's pages (the OpenID provider's pages are not ours to judge; an error page's own status
 * is reported by Chromium as a failed resource).
 */
async function tablePage(viewport: { width: number; height: number } | null): Promise<{
  context: BrowserContext
  page: Page
  errors: string[]
}> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, ...(viewport ? { viewport } : {}) })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const from = message.location().url || page.url()
    if (!/^https:\/\/privacy(-intern)?\.dpgmedia\.(nl|be)\//.test(from)) return
    if (/^Failed to load resource: .* status of 404/.test(message.text()) && from === page.url()) return
    errors.push(`${message.text()} (${from})`)
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return { context, page, errors }
}

test.describe('the production host table (issue 26)', () => {
  test('a privacy officer opens the queue and a request on the staff host', async ({ viewport }) => {
    test.slow() // a second server's pages, the confirmation by mail and the sign-in at the provider
    const { context, page, errors } = await tablePage(viewport)
    // A requester on the public production site confirms an access request through the link of its mail.
    const email = `productie-${unique()}@example.nl`
    const submitted = await send('privacy.dpgmedia.nl', 'POST', '/api/privacy-rights/request', {
      flowType: 'RIGHT_OF_ACCESS',
      country: 'NL',
      language: 'nl',
      email,
      userMessage: 'Welke gegevens hebben jullie van mij?',
    })
    expect(submitted.status).toBe(200)
    const reference = (submitted.json as { reference: string }).reference
    const link = await verificationLink(email)
    expect(link.startsWith(`${PUBLIC}/nl/verify-email?token=`)).toBe(true)
    await page.goto(link)
    await page.getByRole('button', { name: 'Ja, voer mijn aanvraag uit' }).click()
    await page.waitForURL(`${PUBLIC}/nl/email-verified`)

    // The team's mail links to the request on the staff host.
    let deskLink = ''
    await expect
      .poll(async () => {
        const mail = (await mailsTo(MAILBOX)).find((m) => m.subject.includes(`[${reference}]`))
        deskLink =
          /https:\/\/\S+\/internal-privacy-rights\/requests\/[\w-]+/.exec(mail?.text ?? '')?.[0] ?? ''
        return deskLink
      })
      .toBe(`${QUEUE}/${reference}`)

    // The staff host sends a signed-out officer to the provider and back to the queue.
    const first = await page.goto(QUEUE)
    expect(first?.url()).toMatch(new RegExp(`^${E2E_IDP}/`))
    await signInAtProvider(page, 'lisa.desk@dpgmedia.nl')
    await page.waitForURL(QUEUE)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacyaanvragen')
    const row = page.getByRole('row', { name: new RegExp(reference) })
    await expect(row).toContainText('Open')
    await expectNoAxeViolations(page)

    await row.getByRole('link', { name: reference }).click()
    await page.waitForURL(`${QUEUE}/${reference}`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Aanvraag ${reference}`)
    await expect(page.getByText(email)).toBeVisible()
    await expectNoAxeViolations(page)

    // The link of the team's mail opens the same page; nothing on the staff host is indexed.
    const fromMail = await page.goto(deskLink)
    expect(fromMail?.status()).toBe(200)
    expect(fromMail?.headers()['x-robots-tag']).toBe('noindex, nofollow')
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Aanvraag ${reference}`)
    expect(errors).toEqual([])
    await context.close()
  })

  test('the public production host still answers 404 for the staff area', async ({ viewport }) => {
    const { context, page, errors } = await tablePage(viewport)
    for (const path of [
      '/nl/internal-privacy-rights/requests',
      '/nl/internal-privacy-rights/complaints',
      '/nl/internal-privacy-rights/direct-marketing',
      '/nl/internal-privacy-rights/sign-in',
    ]) {
      const answer = await page.goto(`${PUBLIC}${path}`)
      expect(answer?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina niet gevonden')
    }
    // The public host's own pages are there, and indexed.
    const home = await page.goto(`${PUBLIC}/nl`)
    expect(home?.status()).toBe(200)
    expect(home?.headers()['x-robots-tag']).toBeUndefined()
    expect(errors).toEqual([])
    await context.close()
  })
})
