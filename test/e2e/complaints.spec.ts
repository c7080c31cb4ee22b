import { expect, expectNoAxeViolations, HOSTS, hydrated, mailsTo, signInAtProvider, test } from './support'

test.describe('complaints handled to the end (issue 18)', () => {
  test('a French complaint about the notice: its reference, the desk, an outcome mailed in French', async ({
    page,
  }) => {
    test.slow() // a complaint, a sign-in at the provider, two actions and a mail round trip
    const email = `signalement-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.be`
    await page.goto(`${HOSTS.beLocal}/fr/political-ads/be-2026-001`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Signaler cette publicité' }).click()
    const dialog = page.getByRole('dialog', { name: 'Signaler une publicité' })
    await dialog.getByRole('radio', { name: "L'avis de transparence manque ou est inexact" }).check()
    await dialog.getByRole('button', { name: 'Suivant' }).click()
    await dialog.getByRole('textbox', { name: 'Nom' }).fill('Camille Dubois')
    await dialog.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email)
    await dialog.getByRole('textbox', { name: 'Explication' }).fill("Le payeur n'est pas mentionné.")
    await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click()
    const reference = (await dialog.locator('.reference').innerText()).trim()
    expect(reference).toMatch(/^BE-\d{6}-[2-9A-Z]{5}$/)

    const list = `${HOSTS.beLocal}/fr/internal-privacy-rights/complaints`
    await page.goto(list)
    await signInAtProvider(page, 'lisa.desk@dpgmedia.be')
    await page.waitForURL(list)
    await hydrated(page)
    await expectNoAxeViolations(page)
    await page.getByRole('link', { name: reference }).click()
    await page.waitForURL(`${list}/${reference}`)
    await hydrated(page)
    await expect(page.locator('.summary')).toContainText("Le payeur n'est pas mentionné.")
    await page.getByRole('button', { name: 'Prendre en charge' }).click()
    const status = page.getByRole('status')
    await expect(status).toHaveText("Le signalement est en cours d'examen.")
    await page.getByRole('combobox', { name: /^Issue/ }).selectOption('notice_corrected')
    await page.getByLabel(/Réponse à l'auteur du signalement/).fill("L'avis mentionne désormais le payeur.")
    await page.getByRole('button', { name: "Envoyer l'issue et clôturer" }).click()
    await expect(status).toHaveText("L'issue est envoyée et le signalement est clôturé.")
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Avis corrigé')
    await expectNoAxeViolations(page)

    await expect
      .poll(async () => (await mailsTo(email)).map((mail) => mail.subject), { timeout: 15_000 })
      .toContain(`Issue de votre signalement d'une publicité politique [${reference}]`)
  })
})
