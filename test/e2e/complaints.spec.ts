import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import {
  campaignsImport,
  expect,
  expectNoAxeViolations,
  HOSTS,
  hydrated,
  mailsTo,
  signInAtProvider,
  test,
} from './support'

/** An address of this test's own, so its mails are told apart from every other run's. */
const uniqueAddress = (name: string, domain: string) =>
  `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@${domain}`

test.describe('complaints handled to the end (issue 18)', () => {
  test('a French complaint about the notice: its reference, the desk, the ad suspended on the notice, an outcome mailed in French', async ({
    page,
  }) => {
    test.slow() // a complaint, a sign-in at the provider, two actions and a mail round trip
    const email = uniqueAddress('signalement', 'example.be')
    await page.goto(`${HOSTS.beLocal}/fr/political-ads/sample-be-2026-001`)
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
    // The notice complained about links to its public page, in the desk's language.
    await expect(page.getByRole('link', { name: /\(sample-be-2026-001\)$/ })).toHaveAttribute(
      'href',
      /^https?:\/\/[^/]+\/fr\/political-ads\/sample-be-2026-001$/,
    )
    await page.getByRole('button', { name: 'Prendre en charge' }).click()
    const status = page.getByRole('status')
    await expect(status).toHaveText("Le signalement est en cours d'examen.")
    await page.getByRole('combobox', { name: /^Issue/ }).selectOption('ad_suspended')
    await page
      .getByLabel(/Réponse à l'auteur du signalement/)
      .fill('Nous avons suspendu la publicité le temps de compléter son avis.')
    await page.getByRole('button', { name: "Envoyer l'issue et clôturer" }).click()
    await expect(status).toHaveText("L'issue est envoyée et le signalement est clôturé.")
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Publicité suspendue')
    await expect(page.getByText(/^Suspension mentionnée dans l'avis \(version \d+\)$/)).toBeVisible()
    await expectNoAxeViolations(page)

    await expect
      .poll(async () => (await mailsTo(email)).map((mail) => mail.subject), { timeout: 15_000 })
      .toContain(`Issue de votre signalement d'une publicité politique [${reference}]`)
    // The notice itself shows the suspension, dated and naming the complaint.
    await page.goto(`${HOSTS.beLocal}/fr/political-ads/sample-be-2026-001`)
    await expect(page.getByText(`(à la suite du signalement ${reference})`, { exact: false })).toBeVisible()
  })

  test('a Dutch complaint on the Dutch site: corrected only once the correction is imported, the outcome mailed in Dutch', async ({
    page,
  }, info) => {
    test.slow() // an operator command, a complaint, a sign-in, three actions and a mail round trip
    // A sample notice of the Dutch site, corrected below as its operator would: the file, changed, imported.
    const id = 'sample-nl-2026-014'
    const sample = (
      JSON.parse(readFileSync(resolve(import.meta.dirname, '../../content/campaigns/nl.json'), 'utf8')) as {
        campaignItems: { id: string }[]
      }
    ).campaignItems.find((item) => item.id === id)
    const email = uniqueAddress('melding', 'example.nl')
    await page.goto(`${HOSTS.nlLocal}/nl/political-ads/${id}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Deze advertentie melden' }).click()
    const dialog = page.getByRole('dialog', { name: 'Advertentie melden' })
    await dialog.getByRole('radio', { name: 'De transparantieverklaring ontbreekt of klopt niet' }).check()
    await dialog.getByRole('button', { name: 'Volgende' }).click()
    await dialog.getByRole('textbox', { name: 'Naam' }).fill('Sanne de Vries')
    await dialog.getByRole('textbox', { name: 'E-mailadres' }).fill(email)
    await dialog
      .getByRole('textbox', { name: 'Toelichting' })
      .fill('Wie de vereniging controleert, staat er niet bij.')
    await dialog.getByRole('button', { name: 'Melding versturen' }).click()
    const reference = (await dialog.locator('.reference').innerText()).trim()
    expect(reference).toMatch(/^NL-\d{6}-[2-9A-Z]{5}$/)

    const list = `${HOSTS.nlLocal}/nl/internal-privacy-rights/complaints`
    await page.goto(list)
    await signInAtProvider(page, 'lisa.desk@dpgmedia.nl')
    await page.waitForURL(list)
    await hydrated(page)
    await page.getByRole('link', { name: reference }).click()
    await page.waitForURL(`${list}/${reference}`)
    await hydrated(page)
    await expect(page.locator('.summary')).toContainText('Wie de vereniging controleert, staat er niet bij.')
    await page.getByRole('button', { name: 'In behandeling nemen' }).click()
    const status = page.getByRole('status')
    await expect(status).toHaveText('De melding is in behandeling.')
    const close = async () => {
      await page.getByRole('combobox', { name: /^Uitkomst/ }).selectOption('notice_corrected')
      await page
        .getByLabel(/Antwoord aan de melder/)
        .fill('De kennisgeving noemt nu wie de vereniging controleert.')
      await page.getByRole('button', { name: 'Uitkomst versturen en afsluiten' }).click()
    }
    // Not corrected yet: the desk says what to do first.
    await close()
    await expect(status).toHaveText(
      'De kennisgeving is sinds de melding niet gewijzigd. Importeer eerst de gecorrigeerde kennisgeving, of kies een andere uitkomst.',
    )
    const file = join(mkdtempSync(join(tmpdir(), 'notices-')), 'correction.json')
    const controller = `Stichting Polderhart ${info.project.name} ${Date.now()}`
    writeFileSync(
      file,
      JSON.stringify([
        {
          ...sample,
          ultimateBeneficiaryOwnerName: controller,
          ultimateBeneficiaryOwnerEmail: 'bestuur@polderhart.example',
        },
      ]),
    )
    expect((await campaignsImport(file, '--country', 'NL', '--sample')).stdout).toContain('1 changed')
    await close()
    await expect(status).toHaveText('De uitkomst is verstuurd en de melding is afgesloten.')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Kennisgeving gecorrigeerd')
    await expect(page.getByText(/^Gecorrigeerd in versie \d+ van de kennisgeving$/)).toBeVisible()
    await expectNoAxeViolations(page)

    const subject = `Uitkomst van je melding over een politieke advertentie [${reference}]`
    await expect
      .poll(async () => (await mailsTo(email)).map((mail) => mail.subject), { timeout: 15_000 })
      .toContain(subject)
    const mail = (await mailsTo(email)).find((m) => m.subject === subject)
    expect(mail?.text).toContain('De kennisgeving noemt nu wie de vereniging controleert.')
    expect(mail?.text).toMatch(
      /De kennisgeving is gecorrigeerd: dat is versie \d+ ervan\. \S+\/nl\/political-ads\/sample-nl-2026-014/,
    )
    // The corrected notice names the controlling entity.
    await page.goto(`${HOSTS.nlLocal}/nl/political-ads/${id}`)
    await expect(page.getByText(controller)).toBeVisible()
  })
})
