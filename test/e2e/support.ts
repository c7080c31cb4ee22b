import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'
import { E2E_PORT } from '../../playwright.config'

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
      await use(errors)
      expect(errors, 'console errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** Waits until React has hydrated the page (the shell marks itself). */
export async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
}

/** Mails the app sent to `to`, read from the e2e mail sink (test/e2e/mail-sink.ts). */
export async function mailsTo(to: string): Promise<{ to: string; subject: string; text: string }[]> {
  const response = await fetch(`http://127.0.0.1:3212/mails?to=${encodeURIComponent(to)}`)
  return (await response.json()) as { to: string; subject: string; text: string }[]
}

/** Waits for the verification mail to `to` and returns its link. */
export async function verificationLink(to: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mail = (await mailsTo(to)).find((m) => /verify-email\?token=/.test(m.text))
    const link = mail && /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(mail.text)?.[0]
    if (link) return link
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No verification mail to ${to}`)
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
