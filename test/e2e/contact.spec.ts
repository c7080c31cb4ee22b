import { expect, expectNoAxeViolations, HOSTS, hydrated, mailsTo, pauseClock, test } from './support'

/** Spec §9: a success banner hides itself after 4 seconds. */
const SUCCESS_BANNER_MS = 4_000

test.describe('contact form', () => {
  test('success clears the form, the banner goes after 4 s, and both mails go out', async ({ page }) => {
    const email = `contact-${Date.now()}@example.com`
    await page.clock.install()
    await page.goto(`${HOSTS.nlLocal}/nl`)
    await hydrated(page)
    const form = page.locator('form.contact-form')
    await form.getByRole('button', { name: 'Versturen' }).click()
    await expect(form.getByText('Dit veld is verplicht')).toHaveCount(3)
    await expect(form.getByRole('textbox', { name: 'Naam' })).toBeFocused()
    await expectNoAxeViolations(page)
    await form.getByRole('combobox', { name: 'Onderwerp' }).selectOption('delivery')
    await form.getByRole('textbox', { name: 'Naam' }).fill('Jan Jansen')
    await form.getByRole('textbox', { name: 'E-mailadres' }).fill(email)
    await form.getByRole('textbox', { name: 'Je vraag' }).fill('Mijn krant komt niet.')
    await pauseClock(page)
    await form.getByRole('button', { name: 'Versturen' }).click()
    const banner = page.getByText('Je bericht is verzonden. We antwoorden binnen 5 werkdagen.')
    await expect(banner).toBeVisible()
    await expect(form.getByRole('textbox', { name: 'Naam' })).toHaveValue('')
    await expect(form.getByRole('textbox', { name: 'Je vraag' })).toHaveValue('')
    await page.clock.runFor(SUCCESS_BANNER_MS - 1)
    await expect(banner).toBeVisible()
    await page.clock.runFor(1)
    await expect(banner).toHaveCount(0)
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 10_000 }).toBe(1)
  })

  test('a failure keeps the input and shows the failure banner (about page, BE, fr)', async ({ page }) => {
    await page.goto(`${HOSTS.beLocal}/fr/about`)
    await hydrated(page)
    await page.route('**/api/contact**', (route) => route.abort('failed'))
    const form = page.locator('form.contact-form')
    await form.getByRole('textbox', { name: 'Nom' }).fill('Anne')
    await form.getByRole('textbox', { name: 'Adresse e-mail' }).fill('anne@example.be')
    await form.getByRole('textbox', { name: 'Votre question' }).fill('Une question')
    await form.getByRole('button', { name: 'Envoyer' }).click()
    await expect(page.getByText('Un problème est survenu.')).toBeVisible()
    await expect(form.getByRole('textbox', { name: 'Nom' })).toHaveValue('Anne')
    await expectNoAxeViolations(page)
  })
})
