import { expect, expectNoAxeViolations, HOSTS, hydrated, test } from './support'

test.describe('document page', () => {
  for (const [host, path] of [
    [HOSTS.nlLocal, '/nl/document/privacy-policy'],
    [HOSTS.beLocal, '/nl/document/privacy-policy'],
    [HOSTS.beLocal, '/fr/document/privacy-policy'],
    [HOSTS.beLocal, '/fr/document/cookie-policy'],
    [HOSTS.nlLocal, '/nl/document/abonnementsvoorwaarden-algemeen-digitaal-NL'],
  ] as const) {
    // Named by host name only: the port is chosen per run, test names are not.
    test(`${new URL(host).hostname}${path} has no axe violation`, async ({ page }) => {
      await page.goto(host + path)
      await hydrated(page)
      await expectNoAxeViolations(page)
    })
  }

  test('pills switch between the policies', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/document/privacy-policy`)
    const pills = page.getByRole('navigation', { name: 'Kies een privacybeleid' })
    await expect(pills.getByRole('link')).toHaveText(['Consumenten', 'Sollicitanten', 'Evenementen'])
    await pills.getByRole('link', { name: 'Sollicitanten' }).click()
    await expect(page).toHaveURL(`${HOSTS.nlLocal}/nl/document/privacy-policy-applicants`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacybeleid voor sollicitanten')
    await expect(pills.getByRole('link', { name: 'Sollicitanten' })).toHaveAttribute('aria-current', 'page')
  })

  test('Belgian pages have four pills, participants included', async ({ page }) => {
    await page.goto(`${HOSTS.beLocal}/fr/document/privacy-policy`)
    const pills = page.getByRole('navigation', { name: 'Choisissez une politique de confidentialité' })
    await expect(pills.getByRole('link')).toHaveText([
      'Consommateurs',
      'Participants',
      'Candidats',
      'Événements',
    ])
  })

  test('a #hash link lands 90 px below the top of its heading, on load and on hash change', async ({
    page,
  }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/document/privacy-policy`)
    const links = page.getByRole('navigation', { name: 'Inhoud' }).getByRole('link')
    const second = String(await links.nth(1).getAttribute('href'))
    const fourth = String(await links.nth(3).getAttribute('href'))
    await page.goto(`${HOSTS.nlLocal}/nl/document/privacy-policy${second}`)
    await hydrated(page)
    const top = (id: string) =>
      page.evaluate((selector) => document.querySelector(selector)?.getBoundingClientRect().top, id)
    await expect.poll(() => top(second)).toBeCloseTo(90, 0)
    await links.nth(3).click()
    await expect(page).toHaveURL(new RegExp(`${fourth}$`))
    await expect.poll(() => top(fourth)).toBeCloseTo(90, 0)
  })

  test('the back-to-top button appears after 100 px of scroll and goes back up', async ({ page }) => {
    await page.goto(`${HOSTS.beLocal}/nl/document/cookie-policy`)
    await hydrated(page)
    const button = page.getByRole('button', { name: 'Naar boven' })
    await expect(button).toHaveCount(0)
    await page.evaluate(() => window.scrollTo(0, 100))
    await expect(button).toHaveCount(0)
    await page.evaluate(() => window.scrollTo(0, 101))
    await expect(button).toBeVisible()
    await expectNoAxeViolations(page)
    await button.click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
    await expect(button).toHaveCount(0)
  })

  test('an unknown document leads to the not-found page', async ({ page }) => {
    const response = await page.goto(`${HOSTS.beLocal}/fr/document/nothing-like-this`)
    expect(response?.status()).toBe(404)
    await expect(page).toHaveURL(`${HOSTS.beLocal}/fr/not-found`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page introuvable')
  })

  test('a legacy path lands on its document', async ({ page }) => {
    await page.goto(`${HOSTS.beLocal}/nl/privacybeleid-deelnemers`)
    await expect(page).toHaveURL(`${HOSTS.beLocal}/nl/document/privacy-policy-participants`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacybeleid voor deelnemers')
  })
})
