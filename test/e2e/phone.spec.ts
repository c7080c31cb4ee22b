import { expect, expectNoAxeViolations, HOSTS, hydrated, test } from './support'

test.describe('phone page', () => {
  test('NL shows 29 entries, grouped by type, with tel: links', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/phone`)
    await hydrated(page)
    await expect(page.locator('.phone-entry')).toHaveCount(29)
    await expect(page.getByRole('heading', { level: 2, name: 'Nieuws' })).toBeVisible()
    await expect(page.locator('.phone-entry a').first()).toHaveAttribute('href', /^tel:\+31\d+$/)
    await expectNoAxeViolations(page)
  })

  test('BE shows 12 entries and the French hours in French', async ({ page }) => {
    await page.goto(`${HOSTS.beLocal}/fr/phone`)
    await expect(page.locator('.phone-entry')).toHaveCount(12)
    await expect(page.getByText('de 8 h 30 à 17 h')).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('the type menu filters; typing a search resets the type to all', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/phone`)
    await hydrated(page)
    const toggle = page.getByRole('button', { name: /Soort merk/ })
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Radio', exact: true }).click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toHaveText('Soort merk: Radio')
    const radio = await page.locator('.phone-entry').count()
    expect(radio).toBeGreaterThan(0)
    expect(radio).toBeLessThan(29)
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Radio'])
    await page.getByRole('searchbox', { name: 'Zoek een merk' }).fill('a')
    await expect(toggle).toHaveText('Soort merk: Alle merken')
    await page.getByRole('searchbox', { name: 'Zoek een merk' }).fill('Tweakers')
    await expect(page.locator('.phone-entry')).toHaveCount(1)
  })

  test('a search that matches no brand says that nothing was found, in Dutch and French (issue 20)', async ({
    page,
  }) => {
    for (const [url, label, nothing, brand, some] of [
      [
        `${HOSTS.nlLocal}/nl/phone`,
        'Zoek een merk',
        'We hebben helaas niets kunnen vinden.',
        'Tweakers',
        '1 merk',
      ],
      [
        `${HOSTS.beLocal}/fr/phone`,
        'Rechercher une marque',
        "Nous n'avons malheureusement rien trouvé.",
        'HLN',
        '1 marque',
      ],
    ] as const) {
      await page.goto(url)
      await hydrated(page)
      const search = page.getByRole('searchbox', { name: label })
      await search.fill('xqzvbnwrtp')
      await expect(page.getByRole('status')).toHaveText(nothing)
      await expect(page.locator('.phone-entry')).toHaveCount(0)
      await expectNoAxeViolations(page)
      await search.fill(brand)
      await expect(page.getByRole('status')).toHaveText(some)
    }
  })

  test('the type menu works with the keyboard and closes on Escape', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/phone`)
    await hydrated(page)
    const toggle = page.getByRole('button', { name: /Soort merk/ })
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()
  })

  test('the back button leads to the overview', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/phone`)
    await page.getByRole('link', { name: 'Terug naar het overzicht' }).click()
    await expect(page).toHaveURL(`${HOSTS.nlLocal}/nl`)
  })
})
