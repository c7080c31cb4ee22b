import { expect, expectNoAxeViolations, HOSTS, hydrated, scrollsSideways, tabTo, test } from './support'

/**
 * Issue 29: a document's history, a version at its permanent address and its comparison with the one before,
 * in Dutch (the Dutch site) and in French (the Belgian site): axe finds nothing, a keyboard reaches every
 * step, and nothing is wider than a 320 px window. The content's cookie policies have two versions each.
 */
const SITES = [
  {
    lang: 'nl',
    origin: HOSTS.nlLocal,
    history: 'Eerdere versies en wijzigingen',
    changes: 'Wijzigingen ten opzichte van de versie van 1 november 2025',
    first: 'Wijziging 1',
    removed: 'verwijderd:',
    added: 'toegevoegd:',
    oldVersion: 'Lees de versie van 1 november 2025',
    notice: 'Dit is een eerdere versie, van kracht van 1 november 2025 tot 15 september 2026.',
  },
  {
    lang: 'fr',
    origin: HOSTS.beLocal,
    history: 'Versions précédentes et modifications',
    changes: 'Modifications par rapport à la version du 1 novembre 2025',
    first: 'Modification 1',
    removed: 'supprimé :',
    added: 'ajouté :',
    oldVersion: 'Lire la version du 1 novembre 2025',
    notice: 'Ceci est une version antérieure, en vigueur du 1 novembre 2025 au 1 octobre 2026.',
  },
] as const

for (const site of SITES) {
  test.describe(`the history of the cookie policy in ${site.lang === 'nl' ? 'Dutch' : 'French'}`, () => {
    test('is reached by keyboard alone: the document, its versions, a comparison and its first change', async ({
      page,
    }) => {
      await page.goto(`${site.origin}/${site.lang}/document/cookie-policy`)
      await hydrated(page)
      await tabTo(page, page.getByRole('link', { name: site.history }))
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(`${site.origin}/${site.lang}/document/cookie-policy/versions`)
      await hydrated(page)
      await expect(page.getByRole('heading', { level: 2 })).toHaveCount(2)
      await expectNoAxeViolations(page)

      await tabTo(page, page.getByRole('link', { name: site.changes }))
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/versions\/\d{4}-\d{2}-\d{2}\/changes$/)
      await hydrated(page)
      await expectNoAxeViolations(page)
      // Removed and added text carry words, not only a colour or a line.
      const text = page.locator('.compare__text')
      await expect(text.locator('del').first()).toContainText(site.removed)
      await expect(text.locator('ins').first()).toContainText(site.added)
      await tabTo(page, page.getByRole('link', { name: site.first, exact: true }))
      await page.keyboard.press('Enter')
      const firstChange = page.locator('#change-1')
      await expect(firstChange).toBeFocused()
      await expect(firstChange.locator('ins, del').first()).toBeVisible()
    })

    test('serves the earlier version at its permanent address, saying so', async ({ page }) => {
      await page.goto(`${site.origin}/${site.lang}/document/cookie-policy/versions`)
      await hydrated(page)
      await tabTo(page, page.getByRole('link', { name: site.oldVersion }))
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(`${site.origin}/${site.lang}/document/cookie-policy/versions/2025-11-01`)
      await hydrated(page)
      await expect(page.getByText(site.notice)).toBeVisible()
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`/${site.lang}/document/cookie-policy$`),
      )
      await expectNoAxeViolations(page)
    })

    test('reflows at 320 px: history, version and comparison', async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 })
      for (const path of [
        '/versions',
        '/versions/2025-11-01',
        `/versions/${site.lang === 'nl' ? '2026-09-15' : '2026-10-01'}/changes`,
      ]) {
        await page.goto(`${site.origin}/${site.lang}/document/cookie-policy${path}`)
        await hydrated(page)
        expect(await scrollsSideways(page), path).toBe(false)
      }
    })
  })
}
