import { expect, expectNoAxeViolations, HOSTS, hydrated, test } from './support'

/** Issue 20, WCAG 2.4.2: a page's title says which page, which search, and that a form has errors. */
test.describe('page titles (issue 20)', () => {
  test('an ad names its sponsor; a search names its query and count; a form with errors says so', async ({
    page,
  }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/political-ads/sample-nl-2026-001`)
    await expect(page).toHaveTitle('Stichting Groene Vooruitgang | DPG Media Privacy')

    await page.goto(`${HOSTS.nlLocal}/nl/search?q=cookies`)
    await expect(page).toHaveTitle(/^Zoeken naar “cookies”: \d+ resultaten? \| DPG Media Privacy$/)
    await hydrated(page)
    await page.getByRole('searchbox').fill('zzzzqqq')
    await expect(page).toHaveTitle('Zoeken naar “zzzzqqq”: 0 resultaten | DPG Media Privacy')
    await expectNoAxeViolations(page)

    await page.goto(`${HOSTS.beLocal}/fr/privacy-rights/access`)
    await hydrated(page)
    const title = await page.title()
    await page.getByRole('button', { name: /Envoyer/ }).click()
    await expect(page).toHaveTitle(`Erreur : ${title}`)
    // The mark follows the errors on the screen: it goes as soon as the last one is corrected by typing.
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill('camille@example.be')
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).blur()
    await expect(page.getByText('Ce champ est obligatoire')).toHaveCount(0)
    await expect(page).toHaveTitle(title)
  })

  test('a form outside the request flows says it has errors too: the brands step and the contact form', async ({
    page,
  }) => {
    // The brands step without a brand (nl), until a brand is chosen.
    await page.goto(`${HOSTS.nlLocal}/nl/privacy-rights/direct-marketing/brands`)
    await hydrated(page)
    const brands = await page.title()
    await page.getByRole('button', { name: 'Volgende stap' }).click()
    await expect(page.getByText('Gelieve een optie te kiezen')).toBeVisible()
    await expect(page).toHaveTitle(`Fout: ${brands}`)
    await expectNoAxeViolations(page)
    await page.getByRole('checkbox', { name: 'Trouw' }).check()
    await expect(page).toHaveTitle(brands)

    // The contact form of the home page (nl): marked while it is refused, unmarked once it is sent.
    await page.goto(`${HOSTS.nlLocal}/nl`)
    await hydrated(page)
    const home = await page.title()
    const form = page.locator('form.contact-form')
    await form.getByRole('button', { name: 'Versturen' }).click()
    await expect(page).toHaveTitle(`Fout: ${home}`)
    await form.getByRole('textbox', { name: 'Naam' }).fill('Jan Jansen')
    await form.getByRole('textbox', { name: 'E-mailadres' }).fill(`titel-${Date.now()}@example.com`)
    await form.getByRole('textbox', { name: 'Je vraag' }).fill('Waar vind ik het cookiebeleid?')
    await form.getByRole('button', { name: 'Versturen' }).click()
    await expect(form.getByRole('status')).toContainText('Je bericht is verzonden.')
    await expect(page).toHaveTitle(home)

    // The contact form of the about page (BE, fr).
    await page.goto(`${HOSTS.beLocal}/fr/about`)
    await hydrated(page)
    const about = await page.title()
    await page.locator('form.contact-form').getByRole('button', { name: 'Envoyer' }).click()
    await expect(page).toHaveTitle(`Erreur : ${about}`)
    await expectNoAxeViolations(page)
  })
})
