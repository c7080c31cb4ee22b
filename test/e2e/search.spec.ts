import { expect, expectNoAxeViolations, HOSTS, hydrated, test } from './support'

test.describe('search', () => {
  test('a word from the privacy policy is found with a highlighted snippet; the URL carries the query', async ({
    page,
  }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/search`)
    await hydrated(page)
    await page
      .getByRole('searchbox', { name: 'Waar ben je naar op zoek?' })
      .fill('Autoriteit Persoonsgegevens')
    await expect(page.getByText(/^\d+ resultat(en)? gevonden$/)).toBeVisible()
    await expect(page).toHaveURL(/\?q=Autoriteit\+Persoonsgegevens$/)
    await expect(page.locator('.search-results a[href="/nl/document/privacy-policy"]')).toBeVisible()
    await expect(page.locator('mark').first()).toBeVisible()
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
