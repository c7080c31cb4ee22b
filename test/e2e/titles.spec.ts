import { expect, HOSTS, hydrated, test } from './support'

/** Issue 20, WCAG 2.4.2: a page's title says which page, which search, and that a form has errors. */
test.describe('page titles (issue 20)', () => {
  test('an ad names its sponsor; a search names its query and count; a form with errors says so', async ({
    page,
  }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/political-ads/nl-2026-001`)
    await expect(page).toHaveTitle('Stichting Groene Vooruitgang | DPG Media Privacy')

    await page.goto(`${HOSTS.nlLocal}/nl/search?q=cookies`)
    await expect(page).toHaveTitle(/^Zoeken naar “cookies”: \d+ resultaten? \| DPG Media Privacy$/)
    await hydrated(page)
    await page.getByRole('searchbox').fill('zzzzqqq')
    await expect(page).toHaveTitle('Zoeken naar “zzzzqqq”: 0 resultaten | DPG Media Privacy')

    await page.goto(`${HOSTS.beLocal}/fr/privacy-rights/access`)
    await hydrated(page)
    const title = await page.title()
    await page.getByRole('button', { name: /Envoyer/ }).click()
    await expect(page).toHaveTitle(`Erreur : ${title}`)
  })
})
