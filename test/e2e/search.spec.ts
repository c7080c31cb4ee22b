import { expect, expectNoAxeViolations, HOSTS, hydrated, pauseClock, test } from './support'

/** Spec §4, §9: the results follow the typing 500 ms after the last keystroke. */
const DEBOUNCE_MS = 500

test.describe('search', () => {
  test('a word from the privacy policy is found 500 ms after the typing, with a highlighted snippet; the URL carries the query', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto(`${HOSTS.nlLocal}/nl/search`)
    await hydrated(page)
    await pauseClock(page)
    await page
      .getByRole('searchbox', { name: 'Waar ben je naar op zoek?' })
      .fill('Autoriteit Persoonsgegevens')
    const count = page.getByText(/^\d+ resultat(en)? gevonden$/)
    await page.clock.runFor(DEBOUNCE_MS - 1)
    await expect(count).toHaveCount(0)
    await expect(page).toHaveURL(`${HOSTS.nlLocal}/nl/search`)
    await page.clock.runFor(1)
    await expect(count).toBeVisible()
    await expect(page).toHaveURL(/\?q=Autoriteit\+Persoonsgegevens$/)
    await expect(page.locator('.search-results a[href="/nl/document/privacy-policy"]')).toBeVisible()
    await expect(page.locator('mark').first()).toBeVisible()
    // Axe schedules its own work with timers.
    await page.clock.resume()
    await expectNoAxeViolations(page)
  })

  test('the results are server-rendered from the URL', async ({ page }) => {
    await page.goto(`${HOSTS.beLocal}/fr/search?q=cookies`)
    await expect(page.getByText(/résultats? trouvés?$/)).toBeVisible()
  })

  test('a nonsense word shows the no-results message', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/search?q=xqzvbnwrtp`)
    await expect(page.getByText('We hebben helaas niets kunnen vinden.')).toBeVisible()
    await expectNoAxeViolations(page)
  })
})
