import SQLite from 'better-sqlite3'
import { E2E_DATABASE } from '../../playwright.config'
import { channelsStep, expect, HOSTS, hydrated, mailsTo, test, verificationLink } from './support'

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`

/** The phone numbers an objection stored, read from the e2e server's database. */
function storedPhones(email: string): string[] {
  const db = new SQLite(E2E_DATABASE, { readonly: true })
  try {
    const rows = db
      .prepare(
        `select s.phone_number from marketing_suppressions s join privacy_requests r on r.id = s.request_id
         where r.email = ? and s.channel = 'PHONE'`,
      )
      .all(email) as { phone_number: string }[]
    return [...new Set(rows.map((row) => row.phone_number))]
  } finally {
    db.close()
  }
}

test.describe('the phone number stored is the one meant (issue 27)', () => {
  for (const { country, origin, brand, typed, shown, stored } of [
    {
      country: 'BE',
      origin: HOSTS.beLocal,
      brand: 'HLN',
      typed: '0470 12 34 56',
      shown: '+32 470 12 34 56',
      stored: '+32470123456',
    },
    {
      country: 'NL',
      origin: HOSTS.nlLocal,
      brand: 'Trouw',
      typed: '06 12 34 56 78',
      shown: '+31 6 12345678',
      stored: '+31612345678',
    },
  ]) {
    test(`${country}: ${typed} typed key by key is stored as ${stored} and shown before confirming`, async ({
      page,
    }) => {
      test.slow() // the mail round trip and the confirmation
      const email = `phone-${country.toLowerCase()}-${unique()}@example.com`
      await channelsStep(page, [brand], origin)
      await page.getByRole('checkbox', { name: 'Telefoon' }).check()
      const phone = page.getByRole('textbox', { name: 'Telefoonnummer' })
      // After the pre-filled "+", one key at a time, as a person types.
      await phone.focus()
      await page.keyboard.type(typed)
      await phone.blur()
      await expect(phone).toHaveValue(shown)
      await expect(phone).not.toHaveAttribute('aria-invalid', 'true')
      await page.getByRole('checkbox', { name: 'E-mail' }).check()
      await page.getByRole('textbox', { name: 'E-mailadres' }).fill(email)
      await page.getByRole('button', { name: 'Aanvraag versturen' }).click()
      await page.waitForURL(/\/nl\/privacy-rights\/processed$/)

      await page.goto(await verificationLink(email))
      await expect(page.getByRole('definition').filter({ hasText: shown })).toBeVisible()
      await expect(page.getByRole('definition').filter({ hasText: email })).toBeVisible()
      const [mail] = await mailsTo(email)
      expect(mail?.text).toContain(`Telefoonnummer: ${shown}`)
      await page.getByRole('button', { name: 'Ja, voer mijn aanvraag uit' }).click()
      await page.waitForURL(/\/nl\/email-verified$/)
      expect(storedPhones(email)).toEqual([stored])
    })
  }

  test('pasted after the "+", or filled in as autofill does, the number reads the same', async ({ page }) => {
    await channelsStep(page, ['HLN'], HOSTS.beLocal)
    await page.getByRole('checkbox', { name: 'Telefoon' }).check()
    const phone = page.getByRole('textbox', { name: 'Telefoonnummer' })
    await phone.focus()
    // A paste puts the whole text in at the caret, after the pre-filled "+".
    await page.keyboard.insertText('0470/12.34.56')
    await phone.blur()
    await expect(phone).toHaveValue('+32 470 12 34 56')
    // Autofill replaces the field's value at once.
    await phone.fill('0470 12 34 56')
    await phone.blur()
    await expect(phone).toHaveValue('+32 470 12 34 56')
  })

  test('an impossible number is refused on its field, and nothing is sent', async ({ page }) => {
    await channelsStep(page, ['HLN'], HOSTS.beLocal)
    await page.getByRole('checkbox', { name: 'Telefoon' }).check()
    const phone = page.getByRole('textbox', { name: 'Telefoonnummer' })
    await phone.focus()
    await page.keyboard.type('0470 12')
    await phone.blur()
    await expect(phone).toHaveAttribute('aria-invalid', 'true')
    await expect(phone).toHaveValue('+0470 12')
    await expect(
      page.getByText(/^Gelieve een geldig telefoonnummer in te vullen, bijvoorbeeld 0470/),
    ).toBeVisible()
    let sent = false
    page.on('request', (request) => {
      if (request.url().includes('/api/privacy-rights/request')) sent = true
    })
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click()
    await expect(phone).toBeFocused()
    expect(sent).toBe(false)
    // Corrected, the message goes.
    await phone.fill('0470 12 34 56')
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true')
  })

  test('a date typed as 1/2/2025 becomes 01 - 02 - 2025', async ({ page }) => {
    await page.goto(`${HOSTS.beLocal}/nl/privacy-rights/publication`)
    await hydrated(page)
    const date = page.getByRole('textbox', { name: 'Datum van publicatie' })
    await date.pressSequentially('1/2/2025')
    await expect(date).toHaveValue('01 - 02 - 2025')
    await date.fill('1/2/25')
    await date.blur()
    await expect(page.getByText('Gelieve een geldige datum in te vullen')).toBeVisible()
  })
})
