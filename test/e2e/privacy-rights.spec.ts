import type { Locator } from '@playwright/test'
import {
  channelsStep,
  expect,
  expectNoAxeViolations,
  HOSTS,
  hydrated,
  mailsTo,
  onlyOnce,
  pauseClock,
  test,
  verificationLink,
} from './support'

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`

test.describe('privacy-rights overview', () => {
  test('NL has four cards, BE five with removal from publication; both pass axe', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/privacy-rights`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(4)
    await expectNoAxeViolations(page)
    await page.goto(`${HOSTS.beLocal}/fr/privacy-rights`)
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(5)
    await expect(page.getByRole('heading', { name: "Retrait d'une publication" })).toBeVisible()
  })

  test('removal from publication is a 404 in the Netherlands', async ({ page }) => {
    const response = await page.goto(`${HOSTS.nlLocal}/nl/privacy-rights/publication`)
    expect(response?.status()).toBe(404)
  })

  test('the channels step without a chosen brand goes back to the overview', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/privacy-rights`)
    await hydrated(page)
    await page.goto(`${HOSTS.nlLocal}/nl/privacy-rights/direct-marketing/communication-types`)
    await page.waitForURL(`${HOSTS.nlLocal}/nl/privacy-rights`)
  })

  test('the processed page without a request goes to /nl/privacy-rights', async ({ page }) => {
    await page.goto(`${HOSTS.beLocal}/fr/privacy-rights/processed`)
    await page.waitForURL(`${HOSTS.beLocal}/nl/privacy-rights`)
  })
})

test.describe('privacy-rights overview cards (issue 20)', () => {
  for (const width of [320, 390, 1440]) {
    test(`at ${width} px: each start link names its right; no lone card; the buttons level in a row`, async ({
      page,
    }) => {
      onlyOnce()
      await page.setViewportSize({ width, height: 900 })
      for (const [url, start, rows] of [
        [`${HOSTS.beLocal}/fr/privacy-rights`, 'Commencer', width === 1440 ? [3, 2] : [1, 1, 1, 1, 1]],
        [`${HOSTS.nlLocal}/nl/privacy-rights`, 'Start', width === 1440 ? [2, 2] : [1, 1, 1, 1]],
      ] as const) {
        await page.goto(url)
        const cards = page.locator('main .cards > li')
        const count = rows.reduce((sum, row) => sum + row, 0)
        await expect(cards).toHaveCount(count)
        const names: string[] = []
        for (const card of await cards.all()) {
          const right = await card.getByRole('heading', { level: 2 }).innerText()
          const link = card.getByRole('link')
          const escaped = right.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          await expect(link).toHaveAccessibleName(new RegExp(`^${start} ?: ${escaped}$`))
          names.push(right)
        }
        expect(new Set(names).size).toBe(count)
        // Rows of cards by their top; within a row, the start buttons stand at the same height.
        const layout = await cards.evaluateAll((items) =>
          items.map((item) => ({
            top: Math.round(item.getBoundingClientRect().top),
            button: Math.round(item.querySelector('.button')?.getBoundingClientRect().top ?? -1),
          })),
        )
        const byRow = new Map<number, number[]>()
        for (const card of layout) byRow.set(card.top, [...(byRow.get(card.top) ?? []), card.button])
        expect([...byRow.values()].map((row) => row.length)).toEqual(rows)
        for (const buttons of byRow.values()) expect(new Set(buttons).size).toBe(1)
        await expectNoAxeViolations(page)
      }
    })
  }
})

test.describe('direct marketing', () => {
  test('brands, select-all, channels, unticking, validation, submit, mail, confirm (NL)', async ({
    page,
  }) => {
    test.slow() // several full page loads, the mail round trip and the confirmation
    const email = `dm-${unique()}@example.com`
    await page.goto(`${HOSTS.nlLocal}/nl/privacy-rights`)
    await hydrated(page)
    await page.getByRole('link', { name: /Geen reclame meer ontvangen/ }).click()
    await hydrated(page)
    await expect(page.getByRole('img', { name: 'Stap 1 van 2: merken kiezen' })).toBeVisible()
    const brands = page.getByRole('checkbox', { name: /^(?!Alle merken)/ })
    await expect(brands).toHaveCount(42)
    await page.getByRole('button', { name: 'Volgende stap' }).click()
    await expect(page.getByText('Gelieve een optie te kiezen')).toBeVisible()
    await expect(page.getByRole('checkbox', { name: 'Alle merken' })).toBeFocused()
    await expectNoAxeViolations(page)
    const selectAll = page.getByRole('checkbox', { name: 'Alle merken' })
    await selectAll.check()
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(43)
    await page.getByRole('checkbox', { name: 'Trouw' }).uncheck()
    await expect(selectAll).not.toBeChecked()
    await page.getByRole('checkbox', { name: 'Trouw' }).check()
    await expect(selectAll).toBeChecked()
    await selectAll.uncheck()
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0)
    await page.getByRole('checkbox', { name: 'AD', exact: true }).check()
    await page.getByRole('checkbox', { name: 'Trouw' }).check()
    await page.getByRole('button', { name: 'Volgende stap' }).click()

    await page.waitForURL(/communication-types$/)
    await hydrated(page)
    await expect(page.getByText('Je hebt 2 merken gekozen.')).toBeVisible()
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click()
    await expect(page.getByText('Gelieve een optie te kiezen')).toBeVisible()
    await page.getByRole('checkbox', { name: 'Telefoon' }).check()
    const phone = page.getByRole('textbox', { name: 'Telefoonnummer' })
    await expect(phone).toHaveValue('+')
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click()
    await expect(page.getByText('Dit veld is verplicht')).toBeVisible()
    await expect(phone).toBeFocused()
    await expect(phone).toHaveAttribute('aria-invalid', 'true')
    await expectNoAxeViolations(page)
    // Typed after the pre-filled "+", key by key: the national number, shown back as it will be stored.
    await phone.pressSequentially('06 12 34 56 78')
    await phone.blur()
    await expect(phone).toHaveValue('+31 6 12345678')
    await page.getByRole('checkbox', { name: 'E-mail' }).check()
    const emailField = page.getByRole('textbox', { name: 'E-mailadres' })
    await emailField.fill('not-an-address')
    await emailField.blur()
    await expect(page.getByText('Gelieve een correct e-mailadres in te vullen')).toBeVisible()
    await page.getByRole('checkbox', { name: 'E-mail' }).uncheck()
    await expect(emailField).toHaveCount(0)
    await page.getByRole('checkbox', { name: 'E-mail' }).check()
    await expect(page.getByRole('textbox', { name: 'E-mailadres' })).toHaveValue('')
    await page.getByRole('textbox', { name: 'E-mailadres' }).fill(email)
    await page.getByRole('checkbox', { name: 'Pushmeldingen' }).check()
    await expect(page.getByRole('link', { name: 'Zo zet je pushmeldingen uit' })).toBeVisible()
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click()

    await page.waitForURL(/\/nl\/privacy-rights\/processed$/)
    await expect(page.getByRole('heading', { name: 'Jouw aanvraag is succesvol verzonden' })).toBeVisible()
    await expect(page.getByText(email)).toBeVisible()
    // The reference to quote: the same as in the mail's subject.
    const reference = await page.locator('.reference').innerText()
    expect(reference).toMatch(/^NL-\d{6}-[2-9A-Z]{5}$/)
    await expect
      .poll(async () => (await mailsTo(email)).map((mail) => mail.subject), { timeout: 15_000 })
      .toContainEqual(expect.stringContaining(`[${reference}]`))
    await expectNoAxeViolations(page)

    await page.goto(await verificationLink(email))
    await expect(page.getByText('AD, Trouw')).toBeVisible()
    await expect(page.getByText('telefoon, e-mail')).toBeVisible()
    await expect(page.getByText('+31 6 12345678')).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Ja, voer mijn aanvraag uit' }).click()
    await page.waitForURL(/\/nl\/email-verified$/)
    await expect(page.getByRole('heading', { name: 'Je aanvraag is bevestigd' })).toBeVisible()
  })

  test('postal objection: the address widget fills street and city, or refuses an unknown address', async ({
    page,
  }) => {
    test.slow() // several full page loads, the mail round trip and the confirmation
    const email = `post-${unique()}@example.com`
    await channelsStep(page, ['Margriet'])
    await page.getByRole('checkbox', { name: 'Post' }).check()
    await page.getByRole('textbox', { name: 'Voornaam' }).fill('Jan')
    await page.getByRole('textbox', { name: 'Achternaam' }).fill('Jansen')
    await page.getByRole('textbox', { name: 'Postcode' }).fill('9999ZZ')
    await page.getByRole('textbox', { name: 'Huisnummer' }).fill('1')
    await page.getByRole('textbox', { name: 'Toevoeging' }).focus()
    await expect(page.getByText('Gelieve een correct adres in te vullen')).toBeVisible()
    // From the top, so the sticky header covers no control while axe measures target sizes.
    await page.evaluate(() => window.scrollTo(0, 0))
    await expectNoAxeViolations(page)
    await page.getByRole('textbox', { name: 'Postcode' }).fill('1114AM')
    await page.getByRole('textbox', { name: 'Huisnummer' }).fill('40')
    await page.getByRole('textbox', { name: 'Toevoeging' }).focus()
    await expect(page.getByText('Van der Madeweg 40, 1114AM Amsterdam')).toBeVisible()
    await expect(page.getByText('Gelieve een correct adres in te vullen')).toHaveCount(0)
    await page.getByRole('checkbox', { name: 'E-mail' }).check()
    await page.getByRole('textbox', { name: 'E-mailadres' }).fill(email)
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click()
    await page.waitForURL(/\/nl\/privacy-rights\/processed$/)
    await page.goto(await verificationLink(email))
    await expect(page.getByText('post, e-mail')).toBeVisible()
  })

  test('the phone and date rules show their own messages', async ({ page }) => {
    await channelsStep(page, ['Trouw'])
    await page.getByRole('checkbox', { name: 'Telefoon' }).check()
    await page.getByRole('textbox', { name: 'Telefoonnummer' }).pressSequentially('31612')
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click()
    await expect(page.getByText(/^Gelieve een geldig telefoonnummer in te vullen/)).toBeVisible()
    await page.goto(`${HOSTS.beLocal}/nl/privacy-rights/publication`)
    await hydrated(page)
    await page.getByRole('textbox', { name: 'Datum van publicatie' }).pressSequentially('31132025')
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click()
    await expect(page.getByText('Gelieve een geldige datum in te vullen')).toBeVisible()
    await page.evaluate(() => window.scrollTo(0, 0))
    await expectNoAxeViolations(page)
  })

  test('the postal name errors go as the names are typed (issue 20)', async ({ page }) => {
    await channelsStep(page, ['Trouw'])
    await page.getByRole('checkbox', { name: 'Post' }).check()
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click()
    const first = page.getByRole('textbox', { name: 'Voornaam' })
    const last = page.getByRole('textbox', { name: 'Achternaam' })
    await expect(first).toHaveAttribute('aria-invalid', 'true')
    await expect(last).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Dit veld is verplicht')).toHaveCount(2)
    await first.pressSequentially('Jan')
    await expect(first).not.toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Dit veld is verplicht')).toHaveCount(1)
    await expect(last).toHaveAttribute('aria-invalid', 'true')
    await last.pressSequentially('Jansen')
    await expect(page.getByText('Dit veld is verplicht')).toHaveCount(0)
    await expect(last).not.toHaveAttribute('aria-invalid', 'true')
    await expectNoAxeViolations(page)
  })

  test('Belgium names its two brands in the steps', async ({ page }) => {
    await page.goto(`${HOSTS.beLocal}/nl/privacy-rights/direct-marketing/brands`)
    await expect(page.getByText('VTM GO · Mijn Energie')).toBeVisible()
    await expect(page.getByRole('checkbox', { name: /^(?!Alle merken)/ })).toHaveCount(31)
  })
})

test.describe('request forms', () => {
  test('access (BE, fr): required e-mail, account details, submit, mail, confirm', async ({ page }) => {
    test.slow() // several full page loads, the mail round trip and the confirmation
    const email = `access-${unique()}@example.be`
    await page.goto(`${HOSTS.beLocal}/fr/privacy-rights/access`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Envoyer la demande' }).click()
    await expect(page.getByText('Ce champ est obligatoire')).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Adresse e-mail' })).toBeFocused()
    await expectNoAxeViolations(page)
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email)
    await page.getByRole('checkbox', { name: /J'ai un compte/ }).check()
    await page.getByRole('textbox', { name: 'Prénom' }).fill('Anne')
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Peeters')
    await page.getByRole('button', { name: 'Envoyer la demande' }).click()
    await page.waitForURL(/\/fr\/privacy-rights\/processed$/)
    await page.goto(await verificationLink(email))
    await page.getByRole('button', { name: 'Oui, traitez ma demande' }).click()
    await page.waitForURL(/\/fr\/email-verified$/)
  })

  test('publication (BE): the date formats itself; every required field is reported', async ({ page }) => {
    await page.goto(`${HOSTS.beLocal}/nl/privacy-rights/publication`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click()
    await expect(page.getByText('Dit veld is verplicht')).toHaveCount(4)
    await expectNoAxeViolations(page)
    const date = page.getByRole('textbox', { name: 'Datum van publicatie' })
    await date.pressSequentially('03/02/2025')
    await expect(date).toHaveValue('03 - 02 - 2025')
  })

  test('a publication date that does not exist is refused: 30-02-2024 (issue 20)', async ({ page }) => {
    await page.goto(`${HOSTS.beLocal}/fr/privacy-rights/publication`)
    await hydrated(page)
    const date = page.getByRole('textbox', { name: 'Date de publication' })
    await date.pressSequentially('30022024')
    await expect(date).toHaveValue('30 - 02 - 2024')
    await page.getByRole('button', { name: /Envoyer/ }).click()
    const message = page.getByText('Veuillez indiquer une date valable')
    await expect(message).toBeVisible()
    await expect(date).toHaveAttribute('aria-invalid', 'true')
    await expectNoAxeViolations(page)
    // A day that exists is taken.
    await date.fill('')
    await date.pressSequentially('29022024')
    await page.getByRole('button', { name: /Envoyer/ }).click()
    await expect(message).toHaveCount(0)
  })

  test('rectification offers the shorter brand list', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/privacy-rights/rectification`)
    await hydrated(page)
    const options = page.getByRole('combobox', { name: 'Merk (niet verplicht)' }).getByRole('option')
    expect(await options.count()).toBeLessThan(20)
    await expect(options.filter({ hasText: 'de Volkskrant' })).toHaveCount(1)
    await expectNoAxeViolations(page)
  })

  test('forgotten overview lists the spec choices per country', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/privacy-rights/forgotten-overview`)
    for (const id of ['delete_all', 'delete_dpg_account', 'delete_amv_account', 'delete_tweakers_account']) {
      await expect(page.locator(`#${id}`)).toBeVisible()
    }
    await expectNoAxeViolations(page)
    await page.getByRole('link', { name: 'Alles laten verwijderen' }).click()
    await expect(page).toHaveURL(`${HOSTS.nlLocal}/nl/privacy-rights/forgotten`)
    await page.goto(`${HOSTS.beLocal}/nl/privacy-rights/forgotten-overview`)
    await expect(page.locator('#delete_energy_account')).toBeVisible()
    await expect(page.locator('#delete_tweakers_account')).toHaveCount(0)
  })

  test('the push-notification guide has the extra NL app steps', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/privacy-rights/push-notifications`)
    await expect(page.getByRole('heading', { name: 'Google Chrome' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Safari (Mac)' })).toBeVisible()
    await expect(page.getByRole('listitem')).toContainText([/per onderwerp/])
    await expectNoAxeViolations(page)
  })
})

test.describe('every request form reaches the processed page and the verification', () => {
  const FORMS = [
    {
      name: 'rectification (NL)',
      url: `${HOSTS.nlLocal}/nl/privacy-rights/rectification`,
      fill: async (page: import('@playwright/test').Page) => {
        await page.getByRole('combobox', { name: 'Merk (niet verplicht)' }).selectOption('de Volkskrant')
        await page.getByRole('textbox', { name: 'Je bericht' }).fill('Mijn achternaam is verkeerd gespeld.')
      },
      submit: 'Aanvraag versturen',
      confirm: 'Ja, voer mijn aanvraag uit',
      verified: /\/nl\/email-verified$/,
    },
    {
      name: 'erasure (NL)',
      url: `${HOSTS.nlLocal}/nl/privacy-rights/forgotten`,
      fill: async () => {},
      submit: 'Aanvraag versturen',
      confirm: 'Ja, voer mijn aanvraag uit',
      verified: /\/nl\/email-verified$/,
    },
    {
      name: 'removal from publication (BE, fr)',
      url: `${HOSTS.beLocal}/fr/privacy-rights/publication`,
      fill: async (page: import('@playwright/test').Page) => {
        await page.getByRole('textbox', { name: "Titre de l'article" }).fill('Un fait divers à Anvers')
        await page.getByRole('textbox', { name: 'Date de publication' }).pressSequentially('03022025')
        await page.getByRole('textbox', { name: 'Votre message' }).fill('Merci de retirer mon nom.')
      },
      submit: 'Envoyer la demande',
      confirm: 'Oui, traitez ma demande',
      verified: /\/fr\/email-verified$/,
    },
  ]

  for (const form of FORMS) {
    test(form.name, async ({ page }) => {
      test.slow() // several full page loads, the mail round trip and the confirmation
      const email = `form-${unique()}@example.com`
      await page.goto(form.url)
      await hydrated(page)
      await form.fill(page)
      await page.getByRole('textbox', { name: /^(E-mailadres|Adresse e-mail)$/ }).fill(email)
      await page.getByRole('button', { name: form.submit }).click()
      await page.waitForURL(/\/privacy-rights\/processed$/)
      await expectNoAxeViolations(page)
      await page.goto(await verificationLink(email))
      await page.getByRole('button', { name: form.confirm }).click()
      await page.waitForURL(form.verified)
    })
  }

  test('a network failure shows the error banner, keeps the input, and the banner stays until closed', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto(`${HOSTS.nlLocal}/nl/privacy-rights/access`)
    await hydrated(page)
    await page.route('**/api/privacy-rights/request', (route) => route.abort('failed'))
    await page.getByRole('textbox', { name: 'E-mailadres' }).fill('jan@example.com')
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click()
    const banner = page.getByText('Er is iets misgelopen')
    await expect(banner).toBeVisible()
    await expectNoAxeViolations(page)
    // Well past the 4 seconds after which a success banner goes (spec §4, §9): an error banner stays.
    await pauseClock(page)
    await page.clock.runFor(60_000)
    await expect(banner).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'E-mailadres' })).toHaveValue('jan@example.com')
    await page.getByRole('button', { name: 'Melding sluiten' }).click()
    await expect(banner).toHaveCount(0)
  })

  test('an address whose domain cannot receive mail is marked at the e-mail field', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/privacy-rights/access`)
    await hydrated(page)
    await page.route('**/api/privacy-rights/request', (route) =>
      route.fulfill({ status: 400, json: { error: { code: 'INVALID_EMAIL', message: 'x' } } }),
    )
    await page.getByRole('textbox', { name: 'E-mailadres' }).fill('jan@example.com')
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click()
    await expect(page.getByText('Dit e-mailadres lijkt niet te bestaan')).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'E-mailadres' })).toBeFocused()
    await expectNoAxeViolations(page)
  })
})

test.describe('scrolling to an error clears the sticky header (issue 20)', () => {
  for (const width of [320, 390, 1440]) {
    test(`at ${width} px, the channels step with every error shown`, async ({ page }) => {
      onlyOnce()
      await page.setViewportSize({ width, height: 700 })
      await channelsStep(page, ['Trouw'])
      const header = page.locator('.site-header')
      /** Where a field, its label and (for a group) its legend are, against the header's bottom. */
      const clear = async (field: Locator, labels: Locator[]) => {
        const bottom = await header.evaluate((element) => element.getBoundingClientRect().bottom)
        for (const part of [field, ...labels]) {
          const box = await part.boundingBox()
          if (!box) throw new Error('not shown')
          expect(
            box.y,
            `${await part.innerText().catch(() => 'field')} below the header`,
          ).toBeGreaterThanOrEqual(bottom)
          expect(box.y + box.height).toBeLessThanOrEqual(700)
        }
      }
      /** Sends with the keyboard from where the page is now, with `target` half under the header. */
      const sendWith = async (target: Locator) => {
        const bottom = await header.evaluate((element) => element.getBoundingClientRect().bottom)
        const box = await target.boundingBox()
        if (!box) throw new Error('not shown')
        // At once: a wheel scrolls smoothly, and would still be moving when the page scrolls to the error.
        await page.evaluate(
          (top) => window.scrollBy({ top, behavior: 'instant' }),
          box.y - bottom + box.height / 2,
        )
        await page
          .getByRole('button', { name: 'Aanvraag versturen' })
          .evaluate((button: HTMLElement) => button.focus({ preventScroll: true }))
        await page.keyboard.press('Enter')
      }

      // No channel: the first channel takes the focus, below the header with the group's legend.
      const phone = page.getByRole('checkbox', { name: 'Telefoon' })
      await sendWith(phone)
      await expect(phone).toBeFocused()
      await clear(phone, [page.getByText('Kanalen', { exact: true })])

      // Every channel's fields empty: the phone number takes the focus, below the header with its label.
      for (const channel of ['Telefoon', 'E-mail', 'Post'])
        await page.getByRole('checkbox', { name: channel }).check()
      const number = page.getByRole('textbox', { name: 'Telefoonnummer' })
      await sendWith(number)
      await expect(number).toBeFocused()
      await expect(page.getByText('Dit veld is verplicht')).toHaveCount(4)
      await clear(number, [page.getByText('Telefoonnummer', { exact: true })])
      await expectNoAxeViolations(page)
    })
  }
})
