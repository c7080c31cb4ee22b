import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import type { Locator, Page } from '@playwright/test'
import { E2E_DATABASE } from '../../playwright.config'
import { chooseByKeyboard, type RequestSite, submitRequest, tabTo, verifiedRequest } from './desk-walk'
import {
  expect,
  expectNoAxeViolations,
  HOSTS,
  hydrated,
  mailsTo,
  onlyOnce,
  signInAtProvider,
  siteRequest,
  test,
  verificationLink,
} from './support'

const QUEUE = `${HOSTS.beLocal}/fr/internal-privacy-rights/requests`
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`
const ROOT = resolve(import.meta.dirname, '../..')

const BELGIAN_FRENCH: RequestSite = {
  origin: HOSTS.beLocal,
  country: 'BE',
  lang: 'fr',
  confirm: 'Oui, traitez ma demande',
}
/** A request on the Belgian site, in French unless told otherwise: answers its reference. */
const submitted = (email: string, body: Record<string, unknown> = {}) =>
  submitRequest(BELGIAN_FRENCH, email, body)
/** The requester confirms through the link of the verification mail. */
const verified = (page: Page, email: string, body: Record<string, unknown> = {}) =>
  verifiedRequest(page, BELGIAN_FRENCH, email, body)

/** Signs in as a member of the privacy team where a desk page sent the browser, and comes back there. */
async function signedInAt(page: Page, url: string) {
  await page.goto(url)
  await signInAtProvider(page, 'lisa.desk@dpgmedia.be')
  await page.waitForURL(url)
  await hydrated(page)
}

/**
 * One action of a request page by keyboard: Tab to its text field, replace the text, Tab to its button (the
 * next stop), Enter. What happened is announced in the status message, which takes the focus.
 */
async function actByKeyboard(
  page: Page,
  action: { field: Locator; text: string; button: string; done: string },
) {
  await tabTo(page, action.field)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(action.text)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: action.button })).toBeFocused()
  await page.keyboard.press('Enter')
  const status = page.getByRole('status')
  await expect(status).toHaveText(action.done)
  await expect(status).toBeFocused()
}

/** The labels of a request page's timeline, in order. */
const timelineLabels = (page: Page) => page.locator('.desk-timeline__head strong').allTextContents()

test.describe('privacy desk', () => {
  test('the queue by keyboard: search, pager, every filter, the CSV export and a request', async ({
    page,
  }) => {
    test.slow() // 27 requests, a sign-in at the provider and seven page states checked by axe
    const crowd = `page-${unique()}@example.com`
    // One address with more requests than a page holds (25): the pager appears.
    const crowded: string[] = []
    for (let i = 0; i < 26; i++) crowded.push(await submitted(crowd))
    const email = `clavier-${unique()}@example.com`
    const reference = await verified(page, email)

    await signedInAt(page, QUEUE)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demandes relatives à la vie privée')
    await expectNoAxeViolations(page)

    // The search: Tab to it, type, Enter.
    const search = page.getByRole('searchbox', { name: 'Rechercher' })
    await tabTo(page, search)
    await page.keyboard.type(crowd)
    await page.keyboard.press('Enter')
    await page.waitForURL(`${QUEUE}?q=${encodeURIComponent(crowd)}`)
    await hydrated(page)
    const results = page.locator('#results-heading')
    await expect(results).toHaveText('26 demandes (1–25)')
    await expectNoAxeViolations(page)

    // The pager: on to the last request, and back.
    await tabTo(page, page.getByRole('link', { name: 'Suivante' }))
    await page.keyboard.press('Enter')
    await page.waitForURL(/offset=25/)
    await hydrated(page)
    await expect(results).toHaveText('26 demandes (26–26)')
    await expect(page.locator('.desk-table tbody tr')).toHaveCount(1)
    await expectNoAxeViolations(page)
    await tabTo(page, page.getByRole('link', { name: 'Précédente' }))
    await page.keyboard.press('Enter')
    await page.waitForURL(`${QUEUE}?q=${encodeURIComponent(crowd)}`)
    await hydrated(page)
    await expect(results).toHaveText('26 demandes (1–25)')
    const shown = await page.locator('.desk-table tbody th a').allTextContents()
    expect(crowded.filter((r) => !shown.includes(r))).toHaveLength(1)

    // Every filter, chosen with the arrow keys; the search field emptied by keyboard.
    await tabTo(page, search)
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.press('Backspace')
    for (const [name, option] of [
      ['Statut', 'Ouverte'],
      ['Type de demande', 'Suppression de vos données'],
      ['Pays', 'Belgique'],
      ['Délai', 'Dans les 7 jours'],
    ] as const) {
      const select = page.getByRole('combobox', { name })
      await tabTo(page, select)
      await chooseByKeyboard(page, select, option)
    }
    await tabTo(page, page.getByRole('button', { name: 'Appliquer les filtres' }))
    await page.keyboard.press('Enter')
    await page.waitForURL(`${QUEUE}?status=open&flowType=RIGHT_TO_BE_FORGOTTEN&country=BE&due=week`)
    await hydrated(page)
    // A fresh request is due in a month, not within 7 days.
    await expect(page.getByRole('link', { name: reference })).toHaveCount(0)
    await expectNoAxeViolations(page)

    // The due filter back to any, the reference in the search: found.
    const due = page.getByRole('combobox', { name: 'Délai' })
    await tabTo(page, due)
    await chooseByKeyboard(page, due, 'Tous')
    await tabTo(page, search, { backwards: true })
    await page.keyboard.type(reference)
    await page.keyboard.press('Enter')
    await page.waitForURL(`${QUEUE}?q=${reference}&status=open&flowType=RIGHT_TO_BE_FORGOTTEN&country=BE`)
    await hydrated(page)
    const row = page.getByRole('row', { name: new RegExp(reference) })
    await expect(row).toContainText('Ouverte')
    await expect(row).toContainText(/encore \d+ jours/)
    await expectNoAxeViolations(page)

    // The CSV export of what the filters show, by keyboard.
    const csvLink = page.getByRole('link', { name: 'Exporter en CSV' })
    await expect(csvLink).toHaveAttribute(
      'href',
      `/api/internal-privacy-rights/requests.csv?status=open&flowType=RIGHT_TO_BE_FORGOTTEN&country=BE&q=${reference}&lang=fr`,
    )
    await tabTo(page, csvLink)
    const download = page.waitForEvent('download')
    await page.keyboard.press('Enter')
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^privacy-requests-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = await readFile(await file.path(), 'utf8')
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines).toHaveLength(2)
    // Issue 27: headers in the desk's language, times on Brussels' clocks with their offset.
    expect(lines[0]).toMatch(/^Référence;Type de demande;Pays;Langue;Statut;Reçue;/)
    expect(lines[1]).toMatch(
      new RegExp(
        `^${reference};RIGHT_TO_BE_FORGOTTEN;BE;fr;open;\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+0[12]:00;`,
      ),
    )
    expect(csv).not.toContain(email)

    // The request itself: Tab to its row's link, Enter.
    await tabTo(page, row.getByRole('link', { name: reference }))
    await page.keyboard.press('Enter')
    await page.waitForURL(`${QUEUE}/${reference}`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Demande ${reference}`)
  })

  test('a French erasure request: found by reference, noted, extended, completed, mailed in French', async ({
    page,
  }) => {
    test.slow() // a verification, a sign-in at the provider, three actions and the mail round trips
    const email = `desk-${unique()}@example.com`
    const reference = await verified(page, email)

    await signedInAt(page, QUEUE)
    // Found by its reference, opened from its row: all by keyboard.
    await tabTo(page, page.getByRole('searchbox', { name: 'Rechercher' }))
    await page.keyboard.type(reference)
    await page.keyboard.press('Enter')
    await page.waitForURL(`${QUEUE}?q=${reference}`)
    await hydrated(page)
    await tabTo(
      page,
      page.getByRole('row', { name: new RegExp(reference) }).getByRole('link', { name: reference }),
    )
    await page.keyboard.press('Enter')
    await page.waitForURL(`${QUEUE}/${reference}`)
    await hydrated(page)
    await expect(page.locator('.summary')).toContainText(email)
    await expect(page.locator('.summary')).toContainText('Merci de supprimer mon compte.')
    await expectNoAxeViolations(page)

    // An internal note, sent with an Idempotency-Key so a retry writes it once (issue 30).
    const notePost = page.waitForRequest((sent) => sent.method() === 'POST' && sent.url().endsWith('/notes'))
    await actByKeyboard(page, {
      field: page.getByLabel("Note (uniquement pour l'équipe, jamais envoyée)"),
      text: 'Appelé la demandeuse pour confirmer les marques.',
      button: 'Ajouter la note',
      done: "La note figure dans l'historique.",
    })
    expect((await notePost).headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/)
    await expect(page.locator('.desk-timeline')).toContainText(
      'Appelé la demandeuse pour confirmer les marques.',
    )
    await expectNoAxeViolations(page)

    // Extend, with the reason the requester reads.
    await actByKeyboard(page, {
      field: page.getByLabel('Motif pour le demandeur'),
      text: 'Votre compte existe chez plusieurs de nos marques.',
      button: 'Prolonger',
      done: 'Le délai est prolongé et le demandeur reçoit un e-mail.',
    })
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Prolongée')
    // Extending is possible once: the form is gone.
    await expect(page.getByRole('button', { name: 'Prolonger' })).toHaveCount(0)
    await expectNoAxeViolations(page)

    // Complete with the team's reply: the field starts empty (issue 25: no template's placeholders left).
    const reply = page.getByLabel('Réponse au demandeur (langue : Français)')
    await expect(reply).toHaveValue('')
    await actByKeyboard(page, {
      field: reply,
      text: 'Votre compte a été supprimé chez toutes nos marques.',
      button: 'Envoyer la réponse et clôturer',
      done: 'La réponse est envoyée et la demande est traitée.',
    })
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Traitée')

    // The five events of the scenario, once each and in order: received, verified, the team told,
    // extended, replied.
    const five = [
      'Reçue',
      'Adresse e-mail confirmée',
      "E-mail prêt à l'envoi : notification à l'équipe vie privée",
      'Délai prolongé',
      'Traitée',
    ]
    const labels = await timelineLabels(page)
    for (const label of five)
      expect(
        labels.filter((l) => l === label),
        label,
      ).toHaveLength(1)
    const positions = five.map((label) => labels.indexOf(label))
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    expect(labels.filter((l) => l === 'Note')).toHaveLength(1)
    const timeline = page.locator('.desk-timeline')
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
    const extension = mails.find((mail) => mail.subject.startsWith('Nous avons besoin'))
    expect(extension?.text).toContain('Votre compte existe chez plusieurs de nos marques.')
    expect(extension?.text).toContain(reference)
    // Delivered too: the team's mail and the reply.
    await expect
      .poll(
        async () => {
          await page.reload()
          return timelineLabels(page)
        },
        { timeout: 15_000 },
      )
      .toEqual(
        expect.arrayContaining([
          "E-mail remis : notification à l'équipe vie privée",
          'E-mail remis : réponse',
        ]),
      )

    // The status link of the receipt shows the course and that replies came, nothing personal; their texts
    // only behind the code mailed to the request's address (issue 25, test/e2e/access-package.spec.ts).
    const receipt = mails.find((mail) => /privacy-rights\/status\?token=/.test(mail.text))
    const statusLink = /https?:\/\/\S+\/privacy-rights\/status\?token=[\w-]+/.exec(receipt?.text ?? '')?.[0]
    expect(statusLink).toBeTruthy()
    await page.goto(String(statusLink))
    await expect(page.locator('.summary')).toContainText(reference)
    await expect(page.locator('.summary')).toContainText('Traitée')
    await expect(page.locator('main')).not.toContainText(
      'Votre compte a été supprimé chez toutes nos marques.',
    )
    await expect(page.locator('main')).not.toContainText('Votre compte existe chez plusieurs de nos marques.')
    await expect(page.getByText('Demandez un code pour lire cette réponse.')).toHaveCount(2)
    await expect(page.getByRole('button', { name: 'Envoyez-moi un code' })).toBeVisible()
    await expect(page.locator('main')).not.toContainText(email)
    await expectNoAxeViolations(page)
  })

  test('a request rejected by keyboard: a ground, a message, the refusal mailed in French', async ({
    page,
  }) => {
    test.slow() // a verification, a sign-in at the provider and the mail round trip
    const email = `refus-${unique()}@example.com`
    const reference = await verified(page, email)
    await signedInAt(page, `${QUEUE}/${reference}`)

    const ground = page.getByRole('combobox', { name: 'Motif', exact: true })
    await tabTo(page, ground)
    await chooseByKeyboard(page, ground, 'Manifestement infondée ou excessive')
    await actByKeyboard(page, {
      field: page.getByLabel('Explication pour le demandeur'),
      text: 'Vous nous avez posé la même question la semaine dernière.',
      button: 'Refuser et clôturer',
      done: 'Le refus est envoyé et la demande est clôturée.',
    })
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Refusée')
    await expect(page.locator('.desk-timeline')).toContainText('Manifestement infondée ou excessive')
    // Closed: nothing more to do but notes.
    await expect(page.getByRole('button', { name: 'Refuser et clôturer' })).toHaveCount(0)
    await expectNoAxeViolations(page)

    await expect
      .poll(async () => (await mailsTo(email)).map((mail) => mail.subject), { timeout: 15_000 })
      .toContain(`Notre décision concernant votre demande relative à la vie privée [${reference}]`)
    const refusal = (await mailsTo(email)).find((mail) => mail.subject.startsWith('Notre décision'))
    expect(refusal?.text).toContain('Vous nous avez posé la même question la semaine dernière.')
    expect(refusal?.text).toContain('Autorité de protection des données')
  })

  test('an objection’s request page shows each brand key pending, then applied by the brand system, in nl and fr', async ({
    page,
  }, info) => {
    test.slow() // a verification, an operator command, the brand system's calls and four page states
    const email = `opposition-${unique()}@example.com`
    const reference = await verified(page, email, {
      flowType: 'OBJECTION',
      brands: ['HLN', 'HUMO'],
      userMessage: undefined,
    })

    // The brand system, registered by the operator's command, as an integrator gets it.
    const client = `HLN CRM ${info.project.name} ${unique()}`
    const added = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/api-clients.ts',
        'add',
        '--name',
        client,
        '--country',
        'BE',
        '--brands',
        'HLN',
      ],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: `file:${E2E_DATABASE}` } },
    )
    const secret = /pss_[\w-]+/.exec(added.stdout)?.[0] ?? ''
    expect(secret).not.toBe('')
    const asClient = { Authorization: `Bearer ${secret}` }

    const page1 = `${QUEUE}/${reference}`
    await signedInAt(page, page1)
    const fulfilment = page.getByRole('region', {
      name: 'Application par les systèmes des marques',
      exact: true,
    })
    const rowOf = (key: string) => fulfilment.getByRole('row').filter({ hasText: key })
    await expect(rowOf('HLN')).toContainText('Pas encore confirmée')
    await expect(rowOf('HUMO')).toContainText('Pas encore confirmée')
    await expectNoAxeViolations(page)

    // The brand system finds the suppression in its feed and confirms it.
    let id = ''
    let after = ''
    for (let round = 0; round < 100 && !id; round++) {
      const feed = await siteRequest(HOSTS.beLocal, `/api/v1/suppressions?limit=1000${after}`, {
        headers: asClient,
      })
      expect(feed.status).toBe(200)
      const body = feed.json as {
        items: { id: string; reference: string; brandKey: string }[]
        next: string | null
      }
      id = body.items.find((item) => item.reference === reference && item.brandKey === 'HLN')?.id ?? ''
      if (!body.next) break
      after = `&after=${body.next}`
    }
    expect(id).not.toBe('')
    const applied = await siteRequest(HOSTS.beLocal, `/api/v1/suppressions/${id}/applied`, {
      method: 'POST',
      headers: asClient,
    })
    expect(applied.status).toBe(200)

    await page.reload()
    await hydrated(page)
    await expect(rowOf('HLN')).toContainText(new RegExp(`Appliquée le .+ par ${client}`))
    await expect(rowOf('HUMO')).toContainText('Pas encore confirmée')
    await expectNoAxeViolations(page)

    await page.goto(`${HOSTS.beLocal}/nl/internal-privacy-rights/requests/${reference}`)
    await hydrated(page)
    const dutch = page.getByRole('region', { name: 'Uitvoering door de merksystemen', exact: true })
    await expect(dutch.getByRole('row').filter({ hasText: 'HLN' })).toContainText(
      new RegExp(`Toegepast op .+ door ${client}`),
    )
    await expect(dutch.getByRole('row').filter({ hasText: 'HUMO' })).toContainText('Nog niet bevestigd')
    await expectNoAxeViolations(page)
  })

  test('staff screens (issue 32): skip link, navigation, titled by reference, blank reason refused on its field, reply marked in its language, tables as named regions without broken words at 1024 px', async ({
    page,
  }) => {
    onlyOnce()
    test.slow() // a verification, a sign-in at the provider and two actions
    await page.setViewportSize({ width: 1024, height: 800 })
    // A Dutch request, handled on the French desk.
    const email = `desk-a11y-${unique()}@example.com`
    const reference = await submitted(email, {
      language: 'nl',
      userMessage: 'Verwijder mijn account.',
      touchpoint: `${HOSTS.beLocal}/nl/privacy-rights/forgotten`,
    })
    await page.goto(await verificationLink(email))
    await page.getByRole('button', { name: 'Ja, voer mijn aanvraag uit' }).click()
    await page.waitForURL(/\/nl\/email-verified$/)
    await signedInAt(page, `${QUEUE}/${reference}`)

    // The reference tells this tab from others; Tab's first stop skips to the content.
    await expect(page).toHaveTitle(new RegExp(`^Demande ${reference} \\|`))
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Aller au contenu' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.locator('#main')).toBeFocused()
    const nav = page.getByRole('navigation', { name: 'Service vie privée' })
    await expect(nav.getByRole('link', { name: 'Demandes' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Signalements' })).toBeVisible()

    // Each action form is named by its heading.
    for (const name of ['Prolonger le délai', 'Refuser', 'Note interne'])
      await expect(page.getByRole('form', { name, exact: true })).toBeVisible()

    // The reply is written in Dutch on a French page, and says so.
    await expect(page.getByLabel('Réponse au demandeur (langue : Néerlandais)')).toHaveAttribute('lang', 'nl')

    // A reason of spaces only is refused on its field, which keeps the focus; nothing is sent.
    const reason = page.getByLabel('Motif pour le demandeur')
    await tabTo(page, reason)
    await page.keyboard.type('   ')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Prolonger' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(reason).toBeFocused()
    await expect(reason).toHaveAttribute('aria-invalid', 'true')
    // (The ⚠ before every field error is the stylesheet's.)
    await expect(reason).toHaveAccessibleDescription(
      /^⚠ Remplissez ce champ : des espaces seuls ne suffisent pas\.$/,
    )
    await expect(page.locator('.desk-message')).toHaveText('')
    await expectNoAxeViolations(page)
    // Corrected, it goes through and the field's error is gone.
    await actByKeyboard(page, {
      field: reason,
      text: 'Uw account bestaat bij meerdere merken.',
      button: 'Prolonger',
      done: 'Le délai est prolongé et le demandeur reçoit un e-mail.',
    })
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0)

    // The queue's table scrolls in a region named by its heading, and no cell cuts a word in two.
    await page.goto(`${QUEUE}?q=${reference}`)
    await hydrated(page)
    const region = page.getByRole('region', { name: '1 demande tableau', exact: true })
    await expect(region).toHaveAttribute('tabindex', '0')
    await expect(region.getByRole('table')).toBeVisible()
    const brokenWords = await page.locator('.desk-table').evaluateAll((tables) =>
      tables.flatMap((table) =>
        [...table.querySelectorAll('th, td')].flatMap((cell) => {
          const broken: string[] = []
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? ''
            for (const word of text.matchAll(/[^\s–-]+/g)) {
              const range = document.createRange()
              range.setStart(node, word.index)
              range.setEnd(node, word.index + word[0].length)
              // A word on two lines has a box on each.
              const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
              if (lines.size > 1) broken.push(word[0])
            }
          }
          return broken
        }),
      ),
    )
    expect(brokenWords).toEqual([])
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
