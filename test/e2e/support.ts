import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { E2E_DATABASE, E2E_IDP, E2E_PORT, E2E_SINK } from '../../playwright.config'
import { axeViolations } from './axe-check'
import { focusRingFailures } from './focus-ring'
import { keepPageHtml } from './html-check'
import { ibmViolations } from './ibm-check'

/** Origins of the test host table (test/fixtures/hosts.json); *.localhost resolves to this machine. */
export const HOSTS = {
  nlLocal: `http://nl.localhost:${E2E_PORT}`,
  beLocal: `http://be.localhost:${E2E_PORT}`,
  nlProduction: `http://prod-nl.localhost:${E2E_PORT}`,
  beProduction: `http://prod-be.localhost:${E2E_PORT}`,
  nlTestToggle: `http://toggle-nl.localhost:${E2E_PORT}`,
} as const

/** Every test fails on a console error or an uncaught page error. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        // Another site's page (the staff sign-in's OpenID provider) is not ours to judge.
        const from = message.location().url
        if (from && !new URL(from).host.endsWith(`localhost:${E2E_PORT}`)) return
        // An error page (403, 404, 421, 500, 503) is itself reported by Chromium as a failed resource.
        const documentStatus = /^Failed to load resource: .* status of (403|404|421|500|503)/.test(
          message.text(),
        )
        if (documentStatus && message.location().url === page.url()) return
        // Chromium also reports an API's deliberate 4xx answer (a refused form) and a request a test cut
        // off on purpose (a network failure): the test checks what the page shows.
        if (
          /status of 4\d\d|net::ERR_FAILED/.test(message.text()) &&
          message.location().url.includes('/api/')
        )
          return
        errors.push(`${message.text()} (${from || page.url()})`)
      })
      page.on('pageerror', (error) => errors.push(error.message))
      // Issue 27: each state of our pages is kept for the HTML checker (test/e2e/html-check.ts).
      page.on('load', () => void keepPageHtml(page, E2E_PORT, `loaded in "${test.info().title}"`))
      await use(errors)
      await keepPageHtml(page, E2E_PORT, `at the end of "${test.info().title}"`)
      expect(errors, 'console errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/**
 * For a test that sets its own viewport (320, 390, 1440 px): the projects' viewports add nothing, so it runs
 * once, in the phone project.
 */
export function onlyOnce() {
  test.skip(test.info().project.name !== 'phone', 'it sets its own viewport: once, in the phone project')
}

/** Waits until React has hydrated the page (the shell marks itself). */
export async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
}

/**
 * What one axe analysis may take on a busy machine. Each analysis adds it to the test's time limit, so a
 * test is not cut off inside axe because it checks several page states.
 */
const AXE_ALLOWANCE_MS = 15_000

/**
 * Runs axe and IBM's checker on the page as it is now: call it once per page state (not after every step). Axe schedules its
 * work with timers, so call it while the page clock runs (before `pauseClock`). Both engines run in the page
 * itself, put into each document once (test/e2e/axe-check.ts, test/e2e/ibm-check.ts); only violations are
 * collected.
 */
export async function expectNoAxeViolations(page: Page) {
  test.info().setTimeout(test.info().timeout + AXE_ALLOWANCE_MS)
  await keepPageHtml(page, E2E_PORT, `checked by axe in "${test.info().title}"`)
  expect(await axeViolations(page)).toEqual([])
  // Issue 32: IBM's checker as a second engine on the same state (test/e2e/ibm-check.ts); its time is noted.
  const started = performance.now()
  const ibm = await ibmViolations(page)
  test
    .info()
    .annotations.push({ type: 'ibm-check-ms', description: String(Math.round(performance.now() - started)) })
  expect(ibm, "IBM accessibility checker's violations").toEqual([])
  // Issue 32: axe does not judge the focus indicator; every control's ring must reach 3:1 on its background.
  expect(await focusRingFailures(page), 'focus rings under 3:1').toEqual([])
  // Issue 32: neither an empty breadcrumb, nor a focusable box (a table's scroll region) without role or name.
  expect(
    await page
      .locator('nav.breadcrumbs li')
      .evaluateAll((items) =>
        items.filter((item) => !item.textContent?.trim()).map((item) => item.outerHTML),
      ),
    'empty breadcrumb items',
  ).toEqual([])
  expect(
    await page
      .locator('div[tabindex="0"], section[tabindex="0"]')
      .evaluateAll((boxes) =>
        boxes
          .filter(
            (box) =>
              !(box.getAttribute('role') || box.localName === 'section') ||
              !(box.getAttribute('aria-label') || box.getAttribute('aria-labelledby')),
          )
          .map((box) => box.outerHTML.slice(0, 80)),
      ),
    'focusable boxes without role or name',
  ).toEqual([])
}

/**
 * Stops the page's time (Playwright's clock, which `page.clock.install()` must have put in place before the
 * page loaded): from here on the page's timers fire only when the test moves time with
 * `page.clock.runFor(ms)`, so a 4-second banner or a 500 ms debounce is checked to the millisecond without
 * waiting for it, however slow the machine.
 */
export async function pauseClock(page: Page) {
  // A moment ahead of the page's time, which has been running since the clock was installed.
  await page.clock.pauseAt(Date.now() + 1_000)
}

/** Mails the app sent to `to`, read from the e2e mail sink (test/e2e/mail-sink.ts). */
export async function mailsTo(to: string): Promise<{ to: string; subject: string; text: string }[]> {
  const response = await fetch(`${E2E_SINK}/mails?to=${encodeURIComponent(to)}`)
  return (await response.json()) as { to: string; subject: string; text: string }[]
}

/** Waits for the verification mail to `to` (the app's mail worker sends it on its own) and returns its link. */
export async function verificationLink(to: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(to)).find((m) => /verify-email\?token=/.test(m.text))
        link = mail && /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mail.text)?.[0]
        return link
      },
      { message: `a verification mail to ${to}`, timeout: 20_000 },
    )
    .toBeTruthy()
  return String(link)
}

/**
 * A request from outside the browser to a site of the test host table. Node does not resolve *.localhost
 * the way Chromium does, so it goes to 127.0.0.1 with the Host header of the site.
 */
export async function siteRequest(
  origin: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; json: unknown }> {
  const { request } = await import('node:http')
  const body = init.body === undefined ? undefined : JSON.stringify(init.body)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        path,
        method: init.method ?? 'GET',
        headers: {
          Host: new URL(origin).host,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
          ...init.headers,
        },
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
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** Signs in at the test OpenID provider's login form, where a staff page sent the browser. */
export async function signInAtProvider(page: Page, login: string) {
  await page.waitForURL(`${E2E_IDP}/**`)
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any password')
  await page.locator('button[type="submit"]').click()
}

const run = promisify(execFile)

/** `npm run campaigns:import -- …` against the running site's database, as an operator types it. */
export async function campaignsImport(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/campaigns-import.ts', ...args], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATABASE_URL: `file:${E2E_DATABASE}` },
  })
}

/** Spec §4's objection flow up to step 2: the brands step with these brands chosen, then the channels step. */
export async function channelsStep(page: Page, brands: readonly string[], origin: string = HOSTS.nlLocal) {
  await page.goto(`${origin}/nl/privacy-rights/direct-marketing/brands`)
  await hydrated(page)
  for (const brand of brands) await page.getByRole('checkbox', { name: brand, exact: true }).check()
  await page.getByRole('button', { name: 'Volgende stap' }).click()
  await page.waitForURL(/communication-types$/)
  await hydrated(page)
}

/**
 * Presses Tab until `target` has the focus, the way a keyboard user gets there: a control Tab cannot reach
 * fails the test. (Issue 29; test/e2e/desk.spec.ts has the same walk of its own.)
 */
export async function tabTo(page: Page, target: Locator, limit = 80) {
  await expect(target).toBeVisible()
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab did not reach ${target}`)
}

/** Whether the page is wider than its window at this viewport (WCAG 1.4.10: no scrolling sideways). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
}
