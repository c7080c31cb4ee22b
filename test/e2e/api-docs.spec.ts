import { expect, HOSTS, test } from './support'

test.describe('API reference', () => {
  test('renders the OpenAPI document from our own origin, without a CSP violation', async ({ page }) => {
    // The fixture fails the test on any console error, a blocked script included.
    await page.goto(`${HOSTS.nlProduction}/api/docs`)
    await expect(page.locator('.opblock').first()).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText('/api/v1/suppressions/lookup')).toBeVisible()
    await expect(page.getByRole('heading', { name: /DPG Media privacy site API/ })).toBeVisible()
  })
})
