import {
  expect,
  expectNoAxeViolations,
  HOSTS,
  hydrated,
  mailsTo,
  onlyOnce,
  pauseClock,
  test,
} from './support'

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

  for (const width of [320, 390, 1440]) {
    test(`at ${width} px the focus stays on the button, the result is announced and covers no field (issue 20)`, async ({
      page,
    }) => {
      onlyOnce()
      await page.setViewportSize({ width, height: 800 })
      await page.clock.install()
      await page.goto(`${HOSTS.nlLocal}/nl`)
      await hydrated(page)
      const form = page.locator('form.contact-form')
      const send = form.getByRole('button', { name: 'Versturen' })
      const status = form.getByRole('status')
      const fill = async () => {
        await form.getByRole('textbox', { name: 'Naam' }).fill('Jan Jansen')
        await form
          .getByRole('textbox', { name: 'E-mailadres' })
          .fill(`contact-${width}-${Date.now()}@example.com`)
        await form.getByRole('textbox', { name: 'Je vraag' }).fill('Mijn krant komt niet.')
        await send.focus()
        await page.keyboard.press('Enter')
      }
      /** The banner is in view below the sticky header, and lies over no field of the form. */
      const clearOfFields = async () => {
        const banner = await status.locator('.banner').boundingBox()
        const header = await page.locator('.site-header').boundingBox()
        if (!banner || !header) throw new Error('no banner or no header')
        expect(banner.y).toBeGreaterThanOrEqual(header.y + header.height)
        expect(banner.y + banner.height).toBeLessThanOrEqual(800)
        for (const field of await form.locator('input, select, textarea').all()) {
          const box = await field.boundingBox()
          if (!box) continue
          const apart =
            box.y + box.height <= banner.y ||
            banner.y + banner.height <= box.y ||
            box.x + box.width <= banner.x ||
            banner.x + banner.width <= box.x
          expect(apart, `${await field.getAttribute('name')} under the banner`).toBe(true)
        }
      }

      // Sent: the success banner (held on the paused clock while it is measured).
      await pauseClock(page)
      await fill()
      await expect(status).toContainText('Je bericht is verzonden. We antwoorden binnen 5 werkdagen.')
      await expect(send).toBeFocused()
      await clearOfFields()
      await page.clock.resume()

      // Not sent: the error banner, which stays.
      await page.route('**/api/contact**', (route) => route.abort('failed'))
      await fill()
      await expect(status).toContainText('Er is iets misgelopen.')
      await expect(send).toBeFocused()
      await clearOfFields()
      await expectNoAxeViolations(page)
    })
  }

  test('the send button and the phone-numbers link stand apart at 320, 390 and 1440 px (issue 20)', async ({
    page,
  }) => {
    onlyOnce()
    for (const [url, send, phone] of [
      [`${HOSTS.nlLocal}/nl`, 'Versturen', /telefoonnummers/i],
      [`${HOSTS.beLocal}/fr/about`, 'Envoyer', /numéros de téléphone/i],
    ] as const) {
      for (const width of [320, 390, 1440]) {
        await page.setViewportSize({ width, height: 800 })
        await page.goto(url)
        const section = page.locator('.contact-section')
        const button = await section.getByRole('button', { name: send }).boundingBox()
        const link = await section.getByRole('link', { name: phone }).boundingBox()
        if (!button || !link) throw new Error('no button or no link')
        // The link stands below the button, at least 8 px away.
        expect(link.y - (button.y + button.height), `${url} at ${width} px`).toBeGreaterThanOrEqual(8)
      }
      await expectNoAxeViolations(page)
    }
  })
})
