import type { Locator, Page } from '@playwright/test'
import { expect, expectNoAxeViolations, HOSTS, hydrated, pauseClock, test } from './support'

/**
 * The cards of the sample notices: other tests import notices of their own, in parallel, and withdraw them
 * (notice history, complaints); the counts here are the samples'.
 */
const sampleCards = (page: Page) =>
  page.locator('.ad-card').filter({ has: page.locator('a[href*="/political-ads/sample-nl-2026-"]') })

/** Spec §4, §9: a text search follows the typing 500 ms after the last keystroke. */
const DEBOUNCE_MS = 500

test.describe('transparency centre', () => {
  test('filters narrow the list and the URL carries them; the side menu leads on', async ({ page }) => {
    await page.clock.install()
    await page.goto(`${HOSTS.nlLocal}/nl/political-ads`)
    await hydrated(page)
    const cards = sampleCards(page)
    await expect(cards).toHaveCount(14)
    await expect(
      page
        .getByRole('navigation', { name: 'Transparantiecentrum' })
        .getByRole('link', { name: 'Privacyrechten uitoefenen' }),
    ).toBeVisible()
    await expectNoAxeViolations(page)
    await pauseClock(page)
    // A select filters at once.
    await page.getByRole('combobox', { name: 'Kanaal' }).selectOption('RADIO')
    await expect(page).toHaveURL(/\?channel=RADIO$/)
    await expect(cards).toHaveCount(3)
    // The text waits for a pause in the typing: a keystroke within 500 ms starts the wait again.
    const search = page.getByRole('searchbox', { name: 'Zoek op adverteerder of onderwerp' })
    await search.pressSequentially('Energie')
    await page.clock.runFor(DEBOUNCE_MS - 100)
    await search.pressSequentially('rekening')
    await page.clock.runFor(DEBOUNCE_MS - 1)
    await expect(page).toHaveURL(/\?channel=RADIO$/)
    await expect(cards).toHaveCount(3)
    await page.clock.runFor(1)
    await expect(page).toHaveURL(/channel=RADIO&text=Energierekening$/)
    await expect(cards).toHaveCount(1)
    await page.getByRole('combobox', { name: 'Kanaal' }).selectOption('ALL')
    await search.fill('')
    await page.clock.runFor(DEBOUNCE_MS)
    await expect(page).toHaveURL(`${HOSTS.nlLocal}/nl/political-ads`)
    await expect(cards).toHaveCount(14)
    await page.getByRole('combobox', { name: 'Periode' }).selectOption('PAST_YEAR')
    await expect(page).toHaveURL(/\?period=PAST_YEAR$/)
    await expect(cards).not.toHaveCount(14)
  })

  test('a filtered list is linkable and server-rendered', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/political-ads?channel=PRINT`)
    await expect(sampleCards(page)).toHaveCount(4)
  })

  test('the detail shows ranges and dates as specified, and goes back to the filtered list', async ({
    page,
  }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/political-ads?channel=DIGITAL`)
    await page.getByRole('link', { name: 'Partij Noordelijke Samenhang' }).click()
    await expect(page).toHaveURL(/\/nl\/political-ads\/sample-nl-2026-004\?channel=DIGITAL$/)
    await expect(page.getByText('10 november 2026 – 26 november 2026')).toBeVisible()
    await expect(page.getByText(/^< €\s8\.000$/)).toBeVisible()
    await expect(page.getByText('25.000 – 60.000')).toBeVisible()
    // Issue 18: the permanent address, and its QR code as an image that loads.
    await expect(
      page.getByRole('link', { name: `${HOSTS.nlLocal}/nl/political-ads/sample-nl-2026-004` }),
    ).toBeVisible()
    const qr = page.getByRole('img', {
      name: 'QR-code met de vaste link naar kennisgeving sample-nl-2026-004',
    })
    await expect(qr).toBeVisible()
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true)
    await page.getByRole('link', { name: /Terug naar de advertenties/ }).click()
    await expect(page).toHaveURL(`${HOSTS.nlLocal}/nl/political-ads?channel=DIGITAL`)
    await page.goto(`${HOSTS.beLocal}/fr/political-ads/sample-be-2026-001`)
    await expect(page.getByText(/^\d{1,2} \S+ \d{4} – \d{1,2} \S+ \d{4}$/)).toBeVisible()
    // Issue 18: every element of the notice; what does not apply says so.
    await expect(page.getByText('Processus législatif · Ontwerpdecreet over lokale mobiliteit')).toBeVisible()
    await expect(page.getByText('sans objet').first()).toBeVisible()
    await page.goto(`${HOSTS.nlLocal}/nl/political-ads/sample-nl-2026-001`)
    await expect(
      page.getByText('Verkiezing · Verkiezingen voor de Tweede Kamer · 29 oktober 2026'),
    ).toBeVisible()
    await expect(page.getByText(/12 oktober 2026: Kennisgeving onvolledig/)).toBeVisible()
    await expect(page.getByRole('link', { name: 'Meer hierover' })).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('a notice with every element shows each one in its row, in Dutch and in French (issue 18)', async ({
    page,
  }) => {
    /** [Dutch label, Dutch text, French label, French text] of each row of sample-be-2026-003, in page order. */
    const rows: [string, string, string, string][] = [
      [
        'Sponsor',
        "Mouvement Wallonie Demain Juridische naam: Wallonie Demain – Mouvement citoyen ASBL secretariat@walloniedemain.example Rue de Fer 25, 5000 Namur Plaats van vestiging: Place d'Armes 1, 5000 Namur Registratienummer: BCE 0712.345.678",
        'Parrain',
        "Mouvement Wallonie Demain Dénomination légale : Wallonie Demain – Mouvement citoyen ASBL secretariat@walloniedemain.example Rue de Fer 25, 5000 Namur Lieu d'établissement : Place d'Armes 1, 5000 Namur Numéro d'enregistrement : BCE 0712.345.678",
      ],
      [
        'Uiteindelijke zeggenschap over de sponsor',
        "Mouvement Wallonie Demain ASBL Juridische naam: Fédération des sections Wallonie Demain ASBL bureau@walloniedemain.example Rue de Fer 25, 5000 Namur Plaats van vestiging: Place d'Armes 1, 5000 Namur",
        'Entité contrôlant le parrain en dernier ressort',
        "Mouvement Wallonie Demain ASBL Dénomination légale : Fédération des sections Wallonie Demain ASBL bureau@walloniedemain.example Rue de Fer 25, 5000 Namur Lieu d'établissement : Place d'Armes 1, 5000 Namur",
      ],
      [
        'Betaler',
        "Mouvement Wallonie Demain Juridische naam: Wallonie Demain – Mouvement citoyen ASBL tresorerie@walloniedemain.example Rue de Fer 25, 5000 Namur Plaats van vestiging: Place d'Armes 1, 5000 Namur",
        'Payeur',
        "Mouvement Wallonie Demain Dénomination légale : Wallonie Demain – Mouvement citoyen ASBL tresorerie@walloniedemain.example Rue de Fer 25, 5000 Namur Lieu d'établissement : Place d'Armes 1, 5000 Namur",
      ],
      [
        'Publicatieperiode',
        '1 september 2026 – 28 februari 2027',
        'Période de publication',
        '1 septembre 2026 – 28 février 2027',
      ],
      [
        'Budget',
        "€ 15.000 – € 30.000 Andere voordelen: Mise en avant gratuite sur la page d'accueil pendant une semaine, d'une valeur de 2 000 €",
        'Budget',
        "15 000 € – 30 000 € Autres avantages : Mise en avant gratuite sur la page d'accueil pendant une semaine, d'une valeur de 2 000 €",
      ],
      ['Herkomst van de financiering', 'Publiek', 'Origine du financement', 'Public'],
      ['Regio van de financiering', 'Binnen de EU', 'Région du financement', "Dans l'UE"],
      [
        'Berekening van de bedragen',
        'Valeur brute selon la grille tarifaire, moins la remise convenue, hors TVA.',
        'Méthode de calcul des montants',
        'Valeur brute selon la grille tarifaire, moins la remise convenue, hors TVA.',
      ],
      [
        'Gekoppeld aan',
        'Verkiezing · Élections communales anticipées de Namur · 21 februari 2027',
        'Lié à',
        'Élection · Élections communales anticipées de Namur · 21 février 2027',
      ],
      [
        'Officiële informatie over de stemming',
        'https://elections.wallonie.be',
        'Informations officielles sur le scrutin',
        'https://elections.wallonie.be',
      ],
      [
        'Europese advertentierepository',
        'https://repository.political-ads.example/be-2026-003',
        'Registre européen des publicités',
        'https://repository.political-ads.example/be-2026-003',
      ],
      [
        'Targeting en advertentielevering',
        'Er zijn targeting- of advertentieleveringstechnieken gebruikt. Meer hierover',
        'Ciblage et diffusion',
        'Des techniques de ciblage ou de diffusion publicitaire ont été utilisées. En savoir plus',
      ],
      [
        'Eerdere publicatie geschorst',
        "20 augustus 2026: Publication antérieure interrompue : l'avis ne mentionnait pas le payeur.",
        'Publication antérieure suspendue',
        "20 août 2026: Publication antérieure interrompue : l'avis ne mentionnait pas le payeur.",
      ],
      ['Status', 'Actief', 'Statut', 'Active'],
      ['Kanaal', 'Digitaal', 'Canal', 'Numérique'],
      ['Bereik', '150.000 – 350.000', 'Portée', '150 000 – 350 000'],
      [
        'Meer over de campagne',
        'https://www.walloniedemain.example/energie',
        'En savoir plus sur la campagne',
        'https://www.walloniedemain.example/energie',
      ],
      [
        'Toelichting',
        'Online campagne over de hoge energieprijzen in Wallonië. De partij stelt voor om de premies voor isolatie en zonnepanelen voor gezinnen met een laag inkomen te verhogen.',
        'Explication',
        "Campagne en ligne sur le niveau élevé des prix de l'énergie en Wallonie. Le parti propose d'augmenter les primes à l'isolation et aux panneaux solaires pour les ménages à revenus modestes.",
      ],
    ]
    /** A row's text as read: every kind of space one space. */
    const shown = async (row: ReturnType<typeof page.locator>) =>
      (await row.locator('dd').innerText()).replace(/\s+/g, ' ').trim()
    for (const [lang, labelAt, textAt] of [
      ['nl', 0, 1],
      ['fr', 2, 3],
    ] as const) {
      await page.goto(`${HOSTS.beLocal}/${lang}/political-ads/sample-be-2026-003`)
      const summary = page.locator('.summary .summary__row')
      await expect(summary).toHaveCount(rows.length)
      for (const [index, row] of rows.entries()) {
        const line = summary.nth(index)
        await expect(line.locator('dt')).toHaveText(row[labelAt])
        expect(await shown(line)).toBe(row[textAt])
      }
      await expect(page.getByRole('link', { name: 'https://elections.wallonie.be' })).toHaveAttribute(
        'href',
        'https://elections.wallonie.be',
      )
      await expect(
        page.getByRole('link', { name: lang === 'nl' ? 'Meer hierover' : 'En savoir plus', exact: true }),
      ).toHaveAttribute('href', 'https://privacy.dpgmedia.be/fr/document/privacy-policy')
    }
    await expectNoAxeViolations(page)
  })

  test('the complaint modal walks all three layers with the keyboard alone', async ({ page }) => {
    await page.goto(`${HOSTS.beLocal}/nl/political-ads/sample-be-2026-001`)
    await hydrated(page)
    const opener = page.getByRole('button', { name: 'Deze advertentie melden' })
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Advertentie melden' })
    await expect(dialog).toBeVisible()
    await expectNoAxeViolations(page)
    // Layer one: without a reason, the dialog asks for one.
    await dialog.getByRole('button', { name: 'Volgende' }).focus()
    await page.keyboard.press('Enter')
    // Issue 20: the error is announced (alert) and the focus goes back into the group.
    await expect(dialog.getByRole('alert')).toHaveText('Gelieve een optie te kiezen')
    await expect(dialog.getByRole('radio').first()).toBeFocused()
    await expectNoAxeViolations(page)
    await dialog.getByRole('radio', { name: 'Onjuist' }).focus()
    await page.keyboard.press('Space')
    await dialog.getByRole('button', { name: 'Volgende' }).focus()
    await page.keyboard.press('Enter')
    // Layer two: the focus lands on its first field; back returns to layer one with the reason kept, focused.
    await expect(dialog.getByRole('textbox', { name: 'Naam' })).toBeFocused()
    await expect(dialog.getByText('Onjuist')).toBeVisible()
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: 'Terug' }).focus()
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('radio', { name: 'Onjuist' })).toBeChecked()
    await expect(dialog.getByRole('radio', { name: 'Onjuist' })).toBeFocused()
    await dialog.getByRole('button', { name: 'Volgende' }).focus()
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('textbox', { name: 'Naam' })).toBeFocused()
    await page.keyboard.type('Anne Peeters')
    await page.keyboard.press('Tab')
    await page.keyboard.type(`klacht-${Date.now()}@example.be`)
    await page.keyboard.press('Tab')
    await page.keyboard.type('De cijfers in deze advertentie kloppen niet.')
    await dialog.getByRole('button', { name: 'Melding versturen' }).focus()
    await page.keyboard.press('Enter')
    // Layer three: the result; Escape closes and focus returns to the opener.
    // Issue 20: the result's heading takes the focus; the outcome and the reference are announced (status).
    await expect(dialog.getByRole('heading', { name: 'Melding verstuurd' })).toBeFocused()
    const result = dialog.getByRole('status')
    await expect(result).toContainText('We hebben je melding ontvangen en gaan er mee aan de slag.')
    // The reference to quote, as in the acknowledgement mail.
    await expect(result.locator('.reference')).toHaveText(/^BE-\d{6}-[2-9A-Z]{5}$/)
    await expectNoAxeViolations(page)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()
  })

  test('a complaint that cannot be sent: the result says so, takes the focus and is announced (issue 20)', async ({
    page,
  }) => {
    await page.goto(`${HOSTS.beLocal}/fr/political-ads/sample-be-2026-002`)
    await hydrated(page)
    await page.route('**/api/political-ad-complaint', (route) => route.abort('failed'))
    await page.getByRole('button', { name: 'Signaler cette publicité' }).click()
    const dialog = page.getByRole('dialog', { name: 'Signaler une publicité' })
    await dialog.getByRole('radio').first().check()
    await dialog.getByRole('button', { name: 'Suivant' }).click()
    await dialog.getByRole('textbox', { name: 'Nom' }).fill('Camille Dubois')
    await dialog.getByRole('textbox', { name: 'Adresse e-mail' }).fill('camille@example.be')
    await dialog.getByRole('textbox', { name: 'Explication' }).fill('Le montant est faux.')
    await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click()
    await expect(dialog.getByRole('heading', { name: 'Signalement non envoyé' })).toBeFocused()
    await expect(dialog.getByRole('alert')).toHaveText(
      'Un problème est survenu, veuillez réessayer plus tard.',
    )
    await expectNoAxeViolations(page)
  })

  test('an e-mail address the server refuses is marked on its field, from the 400 with validationError (issue 20)', async ({
    page,
  }) => {
    await page.goto(`${HOSTS.beLocal}/nl/political-ads/sample-be-2026-003`)
    await hydrated(page)
    // The server, not the browser, finds the address wrong: the request leaves with a malformed one.
    await page.route('**/api/political-ad-complaint', (route) =>
      route.continue({
        postData: JSON.stringify({ ...route.request().postDataJSON(), email: 'anne.example.be' }),
      }),
    )
    await page.getByRole('button', { name: 'Deze advertentie melden' }).click()
    const dialog = page.getByRole('dialog', { name: 'Advertentie melden' })
    await dialog.getByRole('radio', { name: 'Onjuist' }).check()
    await dialog.getByRole('button', { name: 'Volgende' }).click()
    await dialog.getByRole('textbox', { name: 'Naam' }).fill('Anne Peeters')
    const email = dialog.getByRole('textbox', { name: 'E-mailadres' })
    await email.fill(`anne-${Date.now()}@example.be`)
    await dialog.getByRole('textbox', { name: 'Toelichting' }).fill('Het bedrag klopt niet.')
    const answer = page.waitForResponse('**/api/political-ad-complaint')
    await dialog.getByRole('button', { name: 'Melding versturen' }).click()
    expect((await answer).status()).toBe(400)
    expect(await (await answer).json()).toMatchObject({ validationError: 'INVALID_EMAIL' })
    // The form stays, the field says what is wrong and has the focus.
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toBeFocused()
    await expect(dialog.getByText('Gelieve een correct e-mailadres in te vullen')).toBeVisible()
    await expect(dialog.getByRole('heading', { name: 'Melding niet verstuurd' })).toHaveCount(0)
    await expectNoAxeViolations(page)
    // Sent as typed, it is taken.
    await page.unroute('**/api/political-ad-complaint')
    await dialog.getByRole('button', { name: 'Melding versturen' }).focus()
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('heading', { name: 'Melding verstuurd' })).toBeFocused()
  })

  test('the breadcrumb of an ad ends in its sponsor, the current page (issue 20)', async ({ page }) => {
    for (const [url, sponsor] of [
      [`${HOSTS.nlLocal}/nl/political-ads/sample-nl-2026-001`, 'Stichting Groene Vooruitgang'],
      [`${HOSTS.beLocal}/fr/political-ads/sample-be-2026-001`, null],
    ] as const) {
      await page.goto(url)
      const items = page.locator('nav.breadcrumbs li')
      const last = items.last()
      const name = sponsor ?? (await page.getByRole('heading', { level: 1 }).innerText())
      await expect(last).toHaveText(name)
      await expect(last.locator('[aria-current="page"]')).toHaveText(name)
      for (const item of await items.all()) await expect(item).not.toHaveText('')
    }
    await expectNoAxeViolations(page)
  })

  test('on a production host the pages are 404 and the menu has no entry', async ({ page }) => {
    const response = await page.goto(`${HOSTS.nlProduction}/nl/political-ads`)
    expect(response?.status()).toBe(404)
    expect((await page.goto(`${HOSTS.nlProduction}/nl/political-ads/sample-nl-2026-001`))?.status()).toBe(404)
    await expect(page.getByRole('link', { name: 'Transparantiecentrum' })).toHaveCount(0)
  })
})

test.describe('forced colours (issue 20)', () => {
  test('the side menu marks the current page and the status badges keep their shape', async ({ page }) => {
    /** The top border as drawn: its width and colour. */
    const drawn = (locator: Locator) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element)
        return { width: Number.parseFloat(style.borderTopWidth), color: style.borderTopColor }
      })
    const sideMenu = page.getByRole('navigation', { name: 'Transparantiecentrum' })
    await page.goto(`${HOSTS.nlLocal}/nl/political-ads`)
    // Axe on the page itself: with forced colours emulated, its contrast check reads the authored colours.
    await expectNoAxeViolations(page)
    await page.emulateMedia({ forcedColors: 'active' })
    const current = sideMenu.locator('[aria-current="page"]')
    await expect(current).toHaveText('Politieke advertenties')
    await expect(page.locator('.badge').first()).toBeVisible()
    for (const element of [
      current,
      page.locator('.badge').first(),
      page.locator('.badge--RUNNING').first(),
    ]) {
      const border = await drawn(element)
      expect(border.width).toBeGreaterThan(0)
      expect(border.color).not.toBe('rgba(0, 0, 0, 0)')
    }
    // The other entry of the side menu has none: the current one stands out.
    expect((await drawn(sideMenu.getByRole('link', { name: 'Privacyrechten uitoefenen' }))).width).toBe(0)

    await page.emulateMedia({ forcedColors: 'none' })
    await page.goto(`${HOSTS.beLocal}/fr/political-ads/sample-be-2026-001`)
    await expectNoAxeViolations(page)
    await page.emulateMedia({ forcedColors: 'active' })
    const badge = await drawn(page.locator('.badge').first())
    expect(badge.width).toBeGreaterThan(0)
    expect(badge.color).not.toBe('rgba(0, 0, 0, 0)')
  })
})
