import type { Page } from '@playwright/test'
import {
  expect,
  expectNoAxeViolations,
  HOSTS,
  hydrated,
  mailsTo,
  signInAtProvider,
  siteRequest,
  test,
  verificationLink,
} from './support'

const QUEUE = `${HOSTS.beLocal}/fr/internal-privacy-rights/requests`
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`

/** A French erasure request on the Belgian site, verified through its link: answers its reference. */
async function verifiedErasure(page: Page, email: string): Promise<string> {
  const answer = await siteRequest(HOSTS.beLocal, '/api/privacy-rights/request', {
    method: 'POST',
    headers: { Origin: HOSTS.beLocal, 'Sec-Fetch-Site': 'same-origin' },
    body: {
      flowType: 'RIGHT_TO_BE_FORGOTTEN',
      country: 'BE',
      language: 'fr',
      email,
      userMessage: 'Merci de supprimer mon compte.',
      touchpoint: `${HOSTS.beLocal}/fr/privacy-rights/forgotten`,
    },
  })
  expect(answer.status).toBe(200)
  const reference = (answer.json as { reference: string }).reference
  expect(reference).toMatch(/^BE-\d{6}-[2-9A-Z]{5}$/)
  await page.goto(await verificationLink(email))
  await page.getByRole('button', { name: 'Oui, traitez ma demande' }).click()
  await page.waitForURL(/\/fr\/email-verified$/)
  return reference
}

test.describe('privacy desk', () => {
  test('a French erasure request: found by reference, extended, completed, mailed in French', async ({
    page,
  }) => {
    test.slow() // a verification, a sign-in at the provider, two actions and the mail round trips
    const email = `desk-${unique()}@example.com`
    const reference = await verifiedErasure(page, email)

    await page.goto(QUEUE)
    await signInAtProvider(page, 'lisa.desk@dpgmedia.be')
    await page.waitForURL(QUEUE)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demandes relatives à la vie privée')
    await expectNoAxeViolations(page)

    // Found by its reference, with one month to go.
    // By keyboard: type the reference and press Enter in the search field.
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill(reference)
    await page.getByRole('searchbox', { name: 'Rechercher' }).press('Enter')
    await page.waitForURL(`${QUEUE}?q=${reference}`)
    const row = page.getByRole('row', { name: new RegExp(reference) })
    await expect(row).toContainText('Ouverte')
    await expect(row).toContainText(/encore \d+ jours/)
    await row.getByRole('link', { name: reference }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(`${QUEUE}/${reference}`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Demande ${reference}`)
    await expect(page.locator('.summary')).toContainText(email)
    await expect(page.locator('.summary')).toContainText('Merci de supprimer mon compte.')
    await expectNoAxeViolations(page)

    // Extend, by keyboard: the reason, then the button; the result is announced and takes the focus.
    await page
      .getByLabel('Motif pour le demandeur')
      .fill('Votre compte existe chez plusieurs de nos marques.')
    await page.getByLabel('Motif pour le demandeur').press('Tab')
    await expect(page.getByRole('button', { name: 'Prolonger' })).toBeFocused()
    await page.keyboard.press('Enter')
    const status = page.getByRole('status')
    await expect(status).toHaveText('Le délai est prolongé et le demandeur reçoit un e-mail.')
    await expect(status).toBeFocused()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Prolongée')
    // Extending is possible once: the form is gone.
    await expect(page.getByRole('button', { name: 'Prolonger' })).toHaveCount(0)

    // Complete with the reply the template started, edited by the team.
    const reply = page.getByLabel('Réponse au demandeur (langue : Français)')
    await expect(reply).toHaveValue(/Vous nous avez demandé d'effacer vos données personnelles/)
    await reply.fill('Votre compte a été supprimé chez toutes nos marques.')
    await reply.press('Tab')
    await expect(page.getByRole('button', { name: 'Envoyer la réponse et clôturer' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(status).toHaveText('La réponse est envoyée et la demande est traitée.')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Traitée')

    // The timeline holds every step, with the staff member's actions named.
    const timeline = page.locator('.desk-timeline')
    for (const step of ['Reçue', 'Adresse e-mail confirmée', 'Délai prolongé', 'Traitée'])
      await expect(timeline).toContainText(step)
    await expect(timeline).toContainText('Votre compte a été supprimé chez toutes nos marques.')
    await expect(timeline).toContainText('Lisa')
    await expectNoAxeViolations(page)

    // The requester's mails: in French, each with the reference.
    await expect
      .poll(async () => (await mailsTo(email)).map((mail) => mail.subject), { timeout: 15_000 })
      .toEqual(
        expect.arrayContaining([
          `Nous avons besoin de plus de temps pour votre demande [${reference}]`,
          `Réponse à votre demande relative à la vie privée [${reference}]`,
        ]),
      )
    const mails = await mailsTo(email)
    expect(mails.find((mail) => mail.subject.startsWith('Nous avons besoin'))?.text).toContain(
      'Votre compte existe chez plusieurs de nos marques.',
    )
    await page.reload()
    await expect(page.locator('.desk-timeline')).toContainText('E-mail remis : réponse')

    // The status link of the receipt shows the course and the reply, and nothing personal.
    const receipt = mails.find((mail) => /privacy-rights\/status\?token=/.test(mail.text))
    const statusLink = /https?:\/\/\S+\/privacy-rights\/status\?token=[\w-]+/.exec(receipt?.text ?? '')?.[0]
    expect(statusLink).toBeTruthy()
    await page.goto(String(statusLink))
    await expect(page.locator('.summary')).toContainText(reference)
    await expect(page.locator('.summary')).toContainText('Traitée')
    await expect(page.getByText('Votre compte a été supprimé chez toutes nos marques.')).toBeVisible()
    await expect(page.locator('main')).not.toContainText(email)
    await expectNoAxeViolations(page)
  })

  test('customer service may record objections but not open the desk', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/internal-privacy-rights/requests`)
    await signInAtProvider(page, 'anna.jansen@dpgmedia.nl')
    await page.waitForURL(`${HOSTS.nlLocal}/nl/internal-privacy-rights/requests`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Geen toegang')
    await expect(page.getByRole('link', { name: 'Aanvragen' })).toHaveCount(0)
    await expectNoAxeViolations(page)
  })
})
