import type { Locator, Page } from '@playwright/test'
import { expect, hydrated, siteRequest, verificationLink } from './support'

/** The desk's keyboard walks (test/e2e/desk.spec.ts, desk-keyboard.spec.ts): their requests and their keys. */

/** A site a request is made on, in one of its languages, with the button of the verification page. */
export interface RequestSite {
  origin: string
  country: 'NL' | 'BE'
  lang: 'nl' | 'fr'
  confirm: string
}

/** An erasure request made on `site` as its form sends it: answers its reference. */
export async function submitRequest(
  site: RequestSite,
  email: string,
  body: Record<string, unknown> = {},
): Promise<string> {
  const answer = await siteRequest(site.origin, '/api/privacy-rights/request', {
    method: 'POST',
    headers: { Origin: site.origin, 'Sec-Fetch-Site': 'same-origin' },
    body: {
      flowType: 'RIGHT_TO_BE_FORGOTTEN',
      country: site.country,
      language: site.lang,
      email,
      userMessage: site.lang === 'fr' ? 'Merci de supprimer mon compte.' : 'Verwijder mijn account.',
      touchpoint: `${site.origin}/${site.lang}/privacy-rights/forgotten`,
      ...body,
    },
  })
  expect(answer.status).toBe(200)
  const reference = (answer.json as { reference: string }).reference
  expect(reference).toMatch(new RegExp(`^${site.country}-\\d{6}-[2-9A-Z]{5}$`))
  return reference
}

/** The request made, then confirmed by its requester through the link of the verification mail. */
export async function verifiedRequest(
  page: Page,
  site: RequestSite,
  email: string,
  body: Record<string, unknown> = {},
): Promise<string> {
  const reference = await submitRequest(site, email, body)
  await page.goto(await verificationLink(email))
  await page.getByRole('button', { name: site.confirm }).click()
  await page.waitForURL(/\/email-verified$/)
  return reference
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus: the way a keyboard user gets there, so a control
 * that Tab cannot reach fails the test.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, limit = 80 } = {}) {
  await expect(target).toBeVisible()
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`Tab did not reach ${target}`)
}

/** Chooses an option of a focused select with the arrow keys, as a keyboard user does. */
export async function chooseByKeyboard(page: Page, select: Locator, label: string) {
  await expect(select).toBeFocused()
  const labels = await select.locator('option').allTextContents()
  const target = labels.indexOf(label)
  expect(target, `option "${label}"`).toBeGreaterThanOrEqual(0)
  const current = await select.evaluate((element) => (element as HTMLSelectElement).selectedIndex)
  const key = target > current ? 'ArrowDown' : 'ArrowUp'
  for (let step = 0; step < Math.abs(target - current); step++) await page.keyboard.press(key)
  await expect(select.locator('option:checked')).toHaveText(label)
}

/** A complaint about the site's first sample ad, as the ad page's dialog sends it: answers its reference. */
export async function fileComplaint(
  origin: string,
  country: 'NL' | 'BE',
  lang: 'nl' | 'fr',
): Promise<string> {
  const answer = await siteRequest(origin, '/api/political-ad-complaint', {
    method: 'POST',
    headers: { Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
    body: {
      name: 'Camille Dubois-Vandenbroucke',
      email: `complaint-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
      explanation: 'The payer is not named in the transparency notice.',
      reason: 'INCORRECT',
      campaignId: country === 'NL' ? 'sample-nl-2026-001' : 'sample-be-2026-001',
      locale: `${lang}_${country.toLowerCase()}`,
    },
  })
  expect(answer.status).toBe(200)
  return (answer.json as { reference: string }).reference
}

/**
 * Fills the desk's objection form (test/e2e/reflow.spec.ts, forced-colours.spec.ts) for `email`: its language,
 * the first brand, e-mail, the last identity check; sends it and waits for its confirmation page.
 */
export async function sendObjection(page: Page, lang: 'nl' | 'fr', email: string) {
  await page.locator('main form input[type="email"]').first().fill(email)
  const language = page.locator(`input[name="language"][value="${lang}"]`)
  if ((await language.count()) > 0) await language.check()
  await page.locator('input[name="brand"]').nth(0).check()
  await page.locator('input[name="communicationType"][value="EMAIL"]').check()
  await page.locator('input[name="identityMethod"]').last().check()
  await page.locator('main form.staff-form button[type="submit"]').click()
  await page.waitForURL(/\/internal-privacy-rights\/processed\?request=/)
}

/**
 * The objection flow's brands step with every brand chosen, sent: the page waits on the hydrated
 * channels step (`at` turns a logical path into the site's address in its language).
 */
export async function toChannelsStep(page: Page, at: (path: string) => string) {
  await page.goto(at('/privacy-rights/direct-marketing/brands'))
  await hydrated(page)
  await page.locator('#select-all').check()
  await page.locator('main form button[type="submit"]').first().click()
  await page.waitForURL(/communication-types$/)
  await hydrated(page)
}
