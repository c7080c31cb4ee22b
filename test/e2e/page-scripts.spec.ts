import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { expect, HOSTS, hydrated, test } from './support'

/**
 * Issue 19: a content page loads no React, only the small plain script of renderer/enhance/ (≤ 30 kB of
 * gzipped JavaScript); a form page hydrates only its own root and stays within 95 kB. Counted as Chromium
 * loads them (every script response, dynamic imports included), each gzipped at level 9.
 */
const CONTENT_BUDGET = 30 * 1024
const FORM_BUDGET = 95 * 1024

const CONTENT_PAGES = [
  `${HOSTS.nlLocal}/nl`,
  `${HOSTS.nlLocal}/nl/about`,
  `${HOSTS.nlLocal}/nl/document/privacy-policy`,
  `${HOSTS.nlLocal}/nl/phone`,
  `${HOSTS.nlLocal}/nl/privacy-rights`,
  `${HOSTS.nlLocal}/nl/privacy-rights/forgotten-overview`,
  `${HOSTS.nlLocal}/nl/privacy-rights/push-notifications`,
  `${HOSTS.nlLocal}/nl/email-verified`,
  `${HOSTS.nlLocal}/nl/email-verification-failed`,
  `${HOSTS.nlLocal}/nl/email-verification-expired`,
  `${HOSTS.nlLocal}/nl/no-such-page`,
  `${HOSTS.beLocal}/fr/about`,
  `${HOSTS.beLocal}/fr/phone`,
]

const FORM_PAGES = [
  `${HOSTS.nlLocal}/nl/privacy-rights/direct-marketing/brands`,
  `${HOSTS.nlLocal}/nl/privacy-rights/access`,
  `${HOSTS.nlLocal}/nl/privacy-rights/rectification`,
  `${HOSTS.nlLocal}/nl/privacy-rights/forgotten`,
  `${HOSTS.beLocal}/nl/privacy-rights/publication`,
  `${HOSTS.nlLocal}/nl/search?q=cookies`,
  `${HOSTS.nlLocal}/nl/political-ads`,
  `${HOSTS.nlLocal}/nl/political-ads/sample-nl-2026-001`,
]

/** Opens `url` and answers the gzipped size of every script it loaded, once the page is live. */
async function scriptBytes(page: Page, url: string): Promise<number> {
  const sizes: Promise<number>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    sizes.push(response.body().then((body) => gzipSync(body, { level: 9 }).length))
  })
  await page.goto(url)
  await hydrated(page)
  await page.waitForLoadState('networkidle')
  return (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0)
}

test.describe('what a page loads', () => {
  test.skip(
    ({ viewport }) => (viewport?.width ?? 0) < 1000,
    'sizes do not depend on the window: desktop only',
  )

  for (const url of CONTENT_PAGES) {
    test(`${url.replace(/:\d+/, '')} loads no React: at most 30 kB of JavaScript`, async ({ page }) => {
      const bytes = await scriptBytes(page, url)
      expect(bytes, `${(bytes / 1024).toFixed(1)} kB`).toBeLessThanOrEqual(CONTENT_BUDGET)
      // No page context is sent for React to hydrate from.
      await expect(page.locator('script#page-context')).toHaveCount(0)
    })
  }

  for (const url of FORM_PAGES) {
    test(`${url.replace(/:\d+/, '')} hydrates its form within 95 kB of JavaScript`, async ({ page }) => {
      const bytes = await scriptBytes(page, url)
      expect(bytes, `${(bytes / 1024).toFixed(1)} kB`).toBeLessThanOrEqual(FORM_BUDGET)
      await expect(page.locator('script#page-context')).toHaveCount(1)
    })
  }
})

test.describe('the contact form of a content page (an island)', () => {
  test('loads React only when reached for, and keeps what was typed before it was live', async ({ page }) => {
    const before = await scriptBytes(page, `${HOSTS.nlLocal}/nl/about`)
    expect(before).toBeLessThanOrEqual(CONTENT_BUDGET)
    const island = page.locator('[data-island="contact-form"]')
    await expect(island).not.toHaveAttribute('data-island-state')
    // Hold the island's scripts until the visitor has typed and sent: nothing may be lost or sent twice.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/assets/**/*.js', async (route) => {
      await held
      await route.continue()
    })
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/contact')) posts.push(request.url())
    })
    const form = page.locator('form.contact-form')
    await form.getByRole('textbox', { name: 'Naam' }).fill('Jan Jansen')
    await expect(island).toHaveAttribute('data-island-state', 'loading')
    await form.getByRole('textbox', { name: 'E-mailadres' }).fill(`island-${Date.now()}@example.com`)
    await form.getByRole('textbox', { name: 'Je vraag' }).fill('Komt mijn krant morgen?')
    await form.getByRole('button', { name: 'Versturen' }).click()
    // Not sent as a plain HTML form meanwhile: the page did not navigate.
    await expect(page).toHaveURL(`${HOSTS.nlLocal}/nl/about`)
    release()
    await expect(island).toHaveAttribute('data-island-state', 'live')
    await expect(page.getByText('Je bericht is verzonden. We antwoorden binnen 5 werkdagen.')).toBeVisible()
    expect(posts).toHaveLength(1)
    await expect(form.getByRole('textbox', { name: 'Naam' })).toHaveValue('')
  })
})
