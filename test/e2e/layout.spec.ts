import type { Locator } from '@playwright/test'
import { expect, expectNoAxeViolations, HOSTS, hydrated, onlyOnce, test } from './support'

const PAGES = ['/nl', '/nl/about', '/nl/no-such-page', '/fr', '/fr/about'] as const

test.describe('pages', () => {
  for (const host of [HOSTS.nlLocal, HOSTS.beLocal]) {
    for (const path of PAGES) {
      // Named by host name only: the port is chosen per run, test names are not.
      test(`${new URL(host).hostname}${path} hydrates and has no axe violation`, async ({ page }) => {
        await page.goto(host + path)
        await hydrated(page)
        await expectNoAxeViolations(page)
      })
    }
  }

  test('the 404 page says Page not found and links home', async ({ page }) => {
    const response = await page.goto(`${HOSTS.nlLocal}/nl/does-not-exist`)
    expect(response?.status()).toBe(404)
    await expect(page.getByText('Page not found')).toBeVisible()
    await page.getByRole('link', { name: 'Naar de homepagina' }).click()
    await expect(page).toHaveURL(`${HOSTS.nlLocal}/nl`)
  })

  test('a path without language prefix lands under /nl with its query', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/about?x=1`)
    await expect(page).toHaveURL(`${HOSTS.nlLocal}/nl/about?x=1`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Over DPG Media')
  })

  test('about: the collapsible blocks open and close', async ({ page }) => {
    await page.goto(`${HOSTS.beLocal}/nl/about`)
    await hydrated(page)
    const toggle = page.getByRole('button', { name: 'Hoe we met privacy omgaan' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('heading', { name: 'Verwijdering uit een publicatie' })).toBeHidden()
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByRole('heading', { name: 'Verwijdering uit een publicatie' })).toBeVisible()
    await expectNoAxeViolations(page)
    await toggle.click()
    await expect(page.getByRole('heading', { name: 'Verwijdering uit een publicatie' })).toBeHidden()
  })

  test('the test marker shows only where TEST_TOGGLE is on', async ({ page }) => {
    await page.goto(`${HOSTS.nlTestToggle}/nl`)
    await expect(page.getByTestId('test-marker')).toBeVisible()
    await page.goto(`${HOSTS.nlLocal}/nl`)
    await expect(page.getByTestId('test-marker')).toHaveCount(0)
  })

  test('a page opens at the top', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl`)
    await hydrated(page)
    await page.evaluate(() => window.scrollTo(0, 600))
    await page.getByRole('contentinfo').getByRole('link', { name: 'Gebruiksvoorwaarden' }).click()
    await page.waitForURL(/terms-of-use/)
    await page.goBack()
    await hydrated(page)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('internal-privacy-rights pages have no header or footer', async ({ page }) => {
    // Where the staff area is off, its paths are a 404 page, and that page is not public either.
    await page.goto(`${HOSTS.nlProduction}/nl/internal-privacy-rights/nothing-here`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('banner')).toHaveCount(0)
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
  })
})

test.describe('language switcher', () => {
  test('switches a BE page to French and back, keeping path and query', async ({ page }) => {
    await page.goto(`${HOSTS.beLocal}/nl/about?x=1`)
    await hydrated(page)
    await page.getByRole('link', { name: 'Français' }).click()
    await expect(page).toHaveURL(`${HOSTS.beLocal}/fr/about?x=1`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-BE')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('À propos de DPG Media')
    await page.getByRole('link', { name: 'Nederlands' }).click()
    await expect(page).toHaveURL(`${HOSTS.beLocal}/nl/about?x=1`)
  })

  test('keeps the #section of a document: on load, and after following the table of contents (issue 20)', async ({
    page,
  }) => {
    // A document the Belgian site has in Dutch only: the same text and anchors in both languages.
    const path = '/document/privacy-policy-kidsweek'
    await page.goto(`${HOSTS.beLocal}/nl${path}#welke-gegevens`)
    await hydrated(page)
    const french = page.getByRole('link', { name: 'Français' })
    await expect(french).toHaveAttribute('href', `/fr${path}#welke-gegevens`)
    await french.click()
    await expect(page).toHaveURL(`${HOSTS.beLocal}/fr${path}#welke-gegevens`)
    await hydrated(page)
    await expect(page.locator('#welke-gegevens')).toBeInViewport()
    // A section chosen on the page travels along too.
    await page.locator('.toc').getByRole('link', { name: 'Wie is verantwoordelijk?' }).click()
    await expect(page).toHaveURL(/#wie-is-verantwoordelijk$/)
    const dutch = page.getByRole('link', { name: 'Nederlands' })
    await expect(dutch).toHaveAttribute('href', `/nl${path}#wie-is-verantwoordelijk`)
    await expectNoAxeViolations(page)
    await dutch.click()
    await expect(page).toHaveURL(`${HOSTS.beLocal}/nl${path}#wie-is-verantwoordelijk`)
  })

  test('is absent on an NL host', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/about`)
    await hydrated(page)
    await expect(page.getByRole('link', { name: 'Français' })).toHaveCount(0)
  })
})

/** In forced colours, a box that lies over the page draws a visible border on each side. */
async function expectEdged(box: Locator) {
  await expect(box).toBeVisible()
  const sides = await box.evaluate((element) => {
    const style = getComputedStyle(element)
    return ['Top', 'Right', 'Bottom', 'Left'].map((side) => ({
      width: Number.parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)),
      colour: style.getPropertyValue(`border-${side.toLowerCase()}-color`),
    }))
  })
  for (const side of sides) {
    expect(side.width).toBeGreaterThanOrEqual(1)
    expect(side.colour).not.toMatch(/^(transparent|rgba\(\d+, \d+, \d+, 0\))$/)
  }
}

test.describe('forced colours (issue 20)', () => {
  test('the menu icon and the complaint dialog keep their shape (issue 32)', async ({ page }) => {
    onlyOnce()
    await page.setViewportSize({ width: 320, height: 700 })
    await page.emulateMedia({ forcedColors: 'active' })
    await page.goto(`${HOSTS.beLocal}/nl/political-ads/sample-be-2026-001`)
    await hydrated(page)
    // The hamburger's three bars are drawn in a colour that differs from the button's background.
    const bars = await page.locator('.menu-toggle').evaluate((toggle) => {
      const icon = toggle.querySelector('.menu-toggle__icon') as Element
      const drawn = [null, '::before', '::after'].map(
        (pseudo) => getComputedStyle(icon, pseudo).backgroundColor,
      )
      return { drawn, behind: getComputedStyle(toggle).backgroundColor }
    })
    for (const colour of bars.drawn) expect(colour).not.toBe(bars.behind)
    // The open menu lies over the page: it has an edge of its own on every side, not only a shadow.
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(page.getByRole('button', { name: 'Sluiten' })).toHaveAttribute('aria-expanded', 'true')
    await expectEdged(page.locator('.menu'))
    await page.getByRole('button', { name: 'Sluiten' }).click()
    // So has the dialog.
    await page.getByRole('button', { name: 'Deze advertentie melden' }).click()
    const dialog = page.getByRole('dialog', { name: 'Advertentie melden' })
    await expect(dialog).toBeVisible()
    await expectEdged(dialog)
  })

  test('the current language and the current policy stand out from the others', async ({ page }) => {
    /** What forced colours leave of a link's look: its border and colours as drawn. */
    const look = (locator: Locator) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element)
        return [style.borderTopWidth, style.borderTopColor, style.backgroundColor, style.color].join(' ')
      })
    await page.goto(`${HOSTS.beLocal}/fr/document/privacy-policy`)
    await hydrated(page)
    await page.emulateMedia({ forcedColors: 'active' })
    const switcher = page.locator('.language-switcher').first()
    await expect(switcher.locator('[aria-current="true"]')).toContainText('Français')
    expect(await look(switcher.locator('[aria-current="true"]'))).not.toBe(
      await look(switcher.locator('a:not([aria-current])')),
    )
    const pills = page.getByRole('navigation', { name: 'Choisissez une politique de confidentialité' })
    await expect(pills.locator('[aria-current="page"]')).toHaveText('Consommateurs')
    expect(await look(pills.locator('[aria-current="page"]'))).not.toBe(
      await look(pills.getByRole('link', { name: 'Candidats' })),
    )
  })
})

test('at 320 px the back-to-top button never covers the link Tab focuses (issue 32)', async ({ page }) => {
  onlyOnce()
  await page.setViewportSize({ width: 320, height: 568 })
  await page.goto(`${HOSTS.nlLocal}/nl/document/privacy-policy`)
  await hydrated(page)
  const button = page.locator('.back-to-top')
  let covered = 0
  let checked = 0
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press('Tab')
    if (!(await button.isVisible())) continue
    const overlap = await page.evaluate(() => {
      const focused = document.activeElement
      const top = document.querySelector('.back-to-top')
      if (!focused || !top || focused === top || focused.localName !== 'a') return null
      const a = focused.getBoundingClientRect()
      const b = top.getBoundingClientRect()
      return a.right > b.left && a.left < b.right && a.bottom > b.top && a.top < b.bottom
    })
    if (overlap === null) continue
    checked += 1
    if (overlap) covered += 1
  }
  expect(checked, 'links focused while the button shows').toBeGreaterThan(5)
  expect(covered).toBe(0)
})
