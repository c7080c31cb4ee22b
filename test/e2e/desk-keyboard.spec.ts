import type { Locator, Page } from '@playwright/test'
import { chooseByKeyboard, fileComplaint, type RequestSite, tabTo, verifiedRequest } from './desk-walk'
import { focusedRingFailures } from './focus-ring'
import { expect, HOSTS, hydrated, signInAtProvider, test } from './support'

/**
 * Issue 32's done-when: the desk walked with the keyboard only, in Chromium, in Dutch and in French: sign in
 * at the OpenID provider, filter the queue, open a request, extend it with a reason of spaces only (refused on
 * its field), correct it, add a note, complete it. After every step the test says where the focus is (by
 * role and name) and that it shows a ring of 3:1 or more (test/e2e/focus-ring.ts). No click, no fill: only
 * Tab, Shift+Tab, the arrow keys, Enter and typing; locators only read the page's state.
 */
const WALKS = [
  {
    site: {
      origin: HOSTS.nlLocal,
      country: 'NL',
      lang: 'nl',
      confirm: 'Ja, voer mijn aanvraag uit',
    } satisfies RequestSite,
    login: 'piet.desk@dpgmedia.nl',
    t: {
      skip: 'Ga naar de inhoud',
      search: 'Zoeken',
      status: 'Status',
      open: 'Open',
      apply: 'Filter toepassen',
      results: /^1 aanvraag$/,
      heading: 'Aanvraag',
      reason: 'Reden voor de aanvrager',
      extend: 'Verlengen',
      blank: /^⚠ Vul dit veld in: alleen spaties is niet genoeg\.$/,
      reasonText: 'Uw account bestaat bij meerdere van onze merken.',
      noteText: 'De aanvrager gebeld om de merken te bevestigen.',
      extended: 'De termijn is verlengd en de aanvrager krijgt een e-mail.',
      note: 'Notitie (alleen voor het team, wordt niet gemaild)',
      addNote: 'Notitie toevoegen',
      noted: 'De notitie staat op de tijdlijn.',
      reply: 'Antwoord aan de aanvrager (taal: Nederlands)',
      complete: 'Antwoord versturen en afsluiten',
      completed: 'Het antwoord is verstuurd en de aanvraag is afgehandeld.',
      done: 'Afgehandeld',
    },
  },
  {
    site: {
      origin: HOSTS.beLocal,
      country: 'BE',
      lang: 'fr',
      confirm: 'Oui, traitez ma demande',
    } satisfies RequestSite,
    login: 'lisa.desk@dpgmedia.be',
    t: {
      skip: 'Aller au contenu',
      search: 'Rechercher',
      status: 'Statut',
      open: 'Ouverte',
      apply: 'Appliquer les filtres',
      results: /^1 demande$/,
      heading: 'Demande',
      reason: 'Motif pour le demandeur',
      extend: 'Prolonger',
      blank: /^⚠ Remplissez ce champ : des espaces seuls ne suffisent pas\.$/,
      reasonText: 'Votre compte existe chez plusieurs de nos marques.',
      noteText: 'Appelé la demandeuse pour confirmer les marques.',
      extended: 'Le délai est prolongé et le demandeur reçoit un e-mail.',
      note: "Note (uniquement pour l'équipe, jamais envoyée)",
      addNote: 'Ajouter la note',
      noted: "La note figure dans l'historique.",
      reply: 'Réponse au demandeur (langue : Français)',
      complete: 'Envoyer la réponse et clôturer',
      completed: 'La réponse est envoyée et la demande est traitée.',
      done: 'Traitée',
    },
  },
] as const

/** `target` has the focus and shows it: a ring of 3:1 or more against what it is drawn on. */
async function expectFocusOn(page: Page, target: Locator, step: string) {
  await expect(target, `${step}: the focus`).toBeFocused()
  expect(await focusedRingFailures(page), `${step}: the focus ring`).toEqual([])
}

/** A new page: the focus is at its start, and the first Tab reaches the skip link, which shows it. */
async function expectPageStart(page: Page, skip: string, step: string) {
  expect(
    await page.evaluate(() => document.activeElement === document.body),
    `${step}: a new page starts at its top`,
  ).toBe(true)
  await page.keyboard.press('Tab')
  await expectFocusOn(page, page.getByRole('link', { name: skip }), `${step}, then Tab`)
}

/** Tabs to the status filter, chooses `option` with the arrow keys, Tabs to the filter's button, presses Enter. */
async function filterStatusByKeyboard(page: Page, label: string, option: string, button: string) {
  const status = page.getByRole('combobox', { name: label, exact: true })
  await tabTo(page, status)
  await expectFocusOn(page, status, 'the status filter')
  await chooseByKeyboard(page, status, option)
  const apply = page.getByRole('button', { name: button })
  await tabTo(page, apply)
  await expectFocusOn(page, apply, 'the filter’s button')
  await page.keyboard.press('Enter')
}

/** Types `text` into the focused field (replacing what it holds), Tabs to its button and presses Enter. */
async function typeAndSend(page: Page, text: string, button: string, step: string) {
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(text)
  await page.keyboard.press('Tab')
  await expectFocusOn(page, page.getByRole('button', { name: button, exact: true }), `${step}: its button`)
  await page.keyboard.press('Enter')
}

test.describe('the desk by keyboard only (issue 32)', () => {
  for (const { site, login, t } of WALKS)
    test(`in ${site.lang}: sign in, filter, open, a blank reason refused on its field, extend, note, complete`, async ({
      page,
    }) => {
      test.slow() // a verification mail, a sign-in at the provider, three page loads and three actions
      const email = `keys-${site.lang}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
      const reference = await verifiedRequest(page, site, email)
      const queue = `${site.origin}/${site.lang}/internal-privacy-rights/requests`

      // Sign in at the provider's form: the login, the password, Enter.
      await page.goto(queue)
      const loginField = page.locator('input[name="login"]')
      await tabTo(page, loginField)
      await page.keyboard.type(login)
      await page.keyboard.press('Tab')
      await expect(page.locator('input[name="password"]')).toBeFocused()
      await page.keyboard.type('any password')
      await page.keyboard.press('Enter')
      await page.waitForURL(queue)
      await hydrated(page)
      await expectPageStart(page, t.skip, 'signed in')
      await page.keyboard.press('Enter')
      await expect(page.locator('#main'), 'the skip link leads to the content').toBeFocused()

      // Filter: the reference in the search, the status chosen with the arrow keys, the filters applied.
      const search = page.getByRole('searchbox', { name: t.search })
      await tabTo(page, search)
      await expectFocusOn(page, search, 'the search')
      await page.keyboard.type(reference)
      await filterStatusByKeyboard(page, t.status, t.open, t.apply)
      await page.waitForURL(`${queue}?q=${reference}&status=open`)
      await hydrated(page)
      // The results' heading takes the focus, read out with the count: the form is not crossed again.
      await expectFocusOn(page, page.getByRole('heading', { name: t.results }), 'the filtered queue')

      // Open the request from its row.
      const link = page
        .getByRole('row', { name: new RegExp(reference) })
        .getByRole('link', { name: reference })
      await tabTo(page, link)
      await expectFocusOn(page, link, 'the request’s link')
      await page.keyboard.press('Enter')
      await page.waitForURL(`${queue}/${reference}`)
      await hydrated(page)
      await expect(page.getByRole('heading', { level: 1 })).toContainText(`${t.heading} ${reference}`)
      await expectPageStart(page, t.skip, 'the request')

      // Extend with a reason of spaces only: refused on its field, which takes the focus back.
      const reason = page.getByRole('textbox', { name: t.reason })
      await tabTo(page, reason)
      await expectFocusOn(page, reason, 'the reason')
      await typeAndSend(page, '   ', t.extend, 'a blank reason')
      await expectFocusOn(page, reason, 'the blank reason refused')
      await expect(reason).toHaveAttribute('aria-invalid', 'true')
      const describedBy = (await reason.getAttribute('aria-describedby')) ?? ''
      expect(describedBy).not.toBe('')
      await expect(page.locator(`[id="${describedBy}"]`)).toBeVisible()
      await expect(reason).toHaveAccessibleDescription(t.blank)
      // Nothing was sent: the status message is empty (and hidden).
      await expect(page.locator('.desk-message')).toHaveText('')

      // Corrected and sent: the status message says so and has the focus; the field's error is gone.
      await typeAndSend(page, t.reasonText, t.extend, 'the corrected reason')
      const message = page.getByRole('status')
      await expect(message).toHaveText(t.extended)
      await expectFocusOn(page, message, 'extended')
      await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0)
      await expect(page.getByRole('button', { name: t.extend, exact: true })).toHaveCount(0)

      // A note, further down.
      const note = page.getByRole('textbox', { name: t.note })
      await tabTo(page, note)
      await expectFocusOn(page, note, 'the note')
      await typeAndSend(page, t.noteText, t.addNote, 'the note')
      await expect(message).toHaveText(t.noted)
      await expectFocusOn(page, message, 'noted')

      // Complete: back up to the reply, written and sent.
      const reply = page.getByRole('textbox', { name: t.reply })
      await tabTo(page, reply, { backwards: true })
      await expectFocusOn(page, reply, 'the reply')
      await typeAndSend(page, t.reasonText, t.complete, 'the reply')
      await expect(message).toHaveText(t.completed)
      await expectFocusOn(page, message, 'completed')
      await expect(page.getByRole('heading', { level: 1 })).toContainText(t.done)
    })
})

/** The complaints list's filter, in each language: its field, its button, the heading of its results. */
const COMPLAINT_FILTERS = [
  {
    origin: HOSTS.nlLocal,
    lang: 'nl',
    login: 'lisa.desk@dpgmedia.nl',
    status: 'Status',
    received: 'Ontvangen',
    apply: 'Filter toepassen',
    results: /^\d+ melding(en)?( |$)/,
  },
  {
    origin: HOSTS.beLocal,
    lang: 'fr',
    login: 'lisa.desk@dpgmedia.be',
    status: 'Statut',
    received: 'Reçu',
    apply: 'Appliquer le filtre',
    results: /^\d+ signalements?( |$)/,
  },
] as const

test.describe('the complaints list by keyboard (issue 32)', () => {
  for (const t of COMPLAINT_FILTERS)
    test(`in ${t.lang}: after filtering, the results' heading has the focus, as on the requests queue`, async ({
      page,
    }) => {
      // A complaint of this site, so the filter finds at least one.
      await fileComplaint(t.origin, t.lang === 'nl' ? 'NL' : 'BE', t.lang)
      const list = `${t.origin}/${t.lang}/internal-privacy-rights/complaints`
      await page.goto(list)
      await signInAtProvider(page, t.login)
      await page.waitForURL(list)
      await hydrated(page)
      await filterStatusByKeyboard(page, t.status, t.received, t.apply)
      await page.waitForURL(`${list}?status=received`)
      await hydrated(page)
      // The results' heading takes the focus, read out with the count: the form is not crossed again.
      await expectFocusOn(page, page.getByRole('heading', { level: 2, name: t.results }), 'the filtered list')
    })
})
