import type { Page } from '@playwright/test'
import { type RequestSite, verifiedRequest } from './desk-walk'
import { expect, HOSTS, hydrated, onlyOnce, scrollsSideways, signInAtProvider, test } from './support'

/**
 * Issue 32, WCAG 1.4.4 and 1.4.10: at 200 % zoom (a 1280 px window zoomed twice: 640 CSS px at a device
 * scale of 2) nothing is cut off on the request forms, in their empty and refused states, nor on the desk's
 * request page with its action forms and a refused field: the page is no wider than the window, and no box
 * that hides its overflow hides part of what it holds (a box that scrolls, such as a table's named region,
 * is allowed: its content can be reached).
 */
test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 })

/** The boxes that cut their content off, and whether the page scrolls sideways. */
async function cutOff(page: Page): Promise<string[]> {
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => {
        const style = getComputedStyle(element)
        const hides = (overflow: string) => overflow === 'hidden' || overflow === 'clip'
        const { width, height } = element.getBoundingClientRect()
        // A visually hidden text (1 px, clipped on purpose) is read out, not shown.
        if (width <= 2 || height <= 2 || !element.checkVisibility()) return false
        return (
          (hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1) ||
          (hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1)
        )
      })
      .map((element) => `<${element.localName}> ${[...element.classList].join('.')}`),
  )
  return [...clipped, ...((await scrollsSideways(page)) ? ['the page scrolls sideways'] : [])]
}

/** The page as it is, then with its errors (submitted empty): nothing cut off either time. */
async function expectWholeForm(page: Page, url: string) {
  await page.goto(url)
  await hydrated(page)
  expect(await cutOff(page), url).toEqual([])
  await page.locator('main form button[type="submit"]').first().click()
  await expect(page.locator('.field__error').first()).toBeVisible()
  expect(await cutOff(page), `${url} with its errors`).toEqual([])
}

test.describe('at 200 % zoom nothing is cut off (issue 32)', () => {
  test('the request forms, empty and refused, in nl and fr', async ({ page }) => {
    onlyOnce()
    for (const [origin, lang, forms] of [
      [HOSTS.nlLocal, 'nl', ['access', 'rectification', 'forgotten']],
      [HOSTS.beLocal, 'fr', ['access', 'forgotten', 'publication']],
    ] as const)
      for (const form of forms) await expectWholeForm(page, `${origin}/${lang}/privacy-rights/${form}`)
    // The objection form's two steps.
    const brands = `${HOSTS.nlLocal}/nl/privacy-rights/direct-marketing/brands`
    await expectWholeForm(page, brands)
    await page.getByRole('checkbox', { name: 'Alle merken' }).check()
    await page.getByRole('button', { name: 'Volgende stap' }).click()
    await page.waitForURL(/communication-types$/)
    await hydrated(page)
    expect(await cutOff(page), 'the channels step').toEqual([])
  })

  test('the desk’s request page with its action forms and a refused field', async ({ page }) => {
    onlyOnce()
    test.slow() // a verification mail and a sign-in at the provider
    const site: RequestSite = {
      origin: HOSTS.beLocal,
      country: 'BE',
      lang: 'fr',
      confirm: 'Oui, traitez ma demande',
    }
    const email = `zoom-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
    const reference = await verifiedRequest(page, site, email)
    const url = `${site.origin}/fr/internal-privacy-rights/requests/${reference}`
    await page.goto(url)
    await signInAtProvider(page, 'lisa.desk@dpgmedia.be')
    await page.waitForURL(url)
    await hydrated(page)
    await expect(page.getByRole('form', { name: 'Prolonger le délai', exact: true })).toBeVisible()
    expect(await cutOff(page), 'the request page').toEqual([])
    await page.getByRole('button', { name: 'Prolonger', exact: true }).click()
    await expect(page.getByLabel('Motif pour le demandeur')).toHaveAttribute('aria-invalid', 'true')
    expect(await cutOff(page), 'with a refused field').toEqual([])
  })
})
