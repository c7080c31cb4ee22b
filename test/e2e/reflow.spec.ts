import type { Page } from '@playwright/test'
import { fileComplaint, sendObjection, toChannelsStep } from './desk-walk'
import { ads, BELGIAN_ROUTES, documents, histories, pageRoutes, ROUTES, unlistedPages } from './routes'
import {
  expect,
  expectNoAxeViolations,
  HOSTS,
  hydrated,
  mailsTo,
  onlyOnce,
  signInAtProvider,
  test,
  verificationLink,
} from './support'

/**
 * Issue 20, WCAG 1.4.10 and 1.4.12: every page of the site reflows at 320 px, as it is and with the text
 * spacing a reader may set (line height 1.5, paragraph spacing 2em, letter spacing 0.12em, word spacing
 * 0.16em): nothing is wider than the window, so no one has to scroll sideways. The full page list: the routes
 * of spec §2 in every language of each site (the English overlay included), every document each of them
 * serves (its own and those it falls back to), every ad, the request forms with their errors, account details
 * and failure banner, the pages that need a request in progress, the complaint dialog and the open menu, and
 * the staff pages in Dutch and French. A last test holds the list against the page folders, so a new page
 * cannot escape it.
 */

/** The request forms: each is also measured with its errors shown and its account details open. */
const FORMS = new Set([
  '/privacy-rights/direct-marketing/brands',
  '/privacy-rights/access',
  '/privacy-rights/rectification',
  '/privacy-rights/forgotten',
  '/privacy-rights/publication',
])

/** A site in one language: its origin, its locale (for its documents) and the routes it serves. */
const siteIn = (name: string, country: 'nl' | 'be', lang: 'nl' | 'fr' | 'en') => ({
  name,
  origin: country === 'nl' ? HOSTS.nlLocal : HOSTS.beLocal,
  lang,
  locale: `${lang}_${country}` as const,
  routes: country === 'nl' ? ROUTES : [...ROUTES, ...BELGIAN_ROUTES],
})

const SITES = [
  siteIn('the Dutch site in Dutch', 'nl', 'nl'),
  siteIn('the Belgian site in Dutch', 'be', 'nl'),
  siteIn('the Belgian site in French', 'be', 'fr'),
  siteIn('the Dutch site in English', 'nl', 'en'),
  siteIn('the Belgian site in English', 'be', 'en'),
]

/** WCAG 1.4.12's text spacing, as a reader's style sheet sets it. */
const TEXT_SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`

/**
 * Checks the page as it is now: its width, as it is and with text spacing, goes on `wide` when it is wider than
 * the window (with the innermost elements that stick out, or else whose text does, to say where to look);
 * and axe finds nothing.
 */
async function checkPage(page: Page, wide: string[]) {
  const measure = () =>
    page.evaluate(() => {
      const inner = window.innerWidth
      const scroll = document.documentElement.scrollWidth
      if (scroll <= inner) return null
      const all = [...document.querySelectorAll('body *')]
      const out = all.filter((element) => element.getBoundingClientRect().right > inner + 0.5)
      const culprits = out.length > 0 ? out : all.filter((e) => e.scrollWidth > e.clientWidth + 1)
      const where = culprits
        .filter((element) => !culprits.some((other) => other !== element && element.contains(other)))
        .slice(0, 3)
        .map((element) => [element.tagName.toLowerCase(), ...element.classList].join('.'))
      return `${scroll} px (${where.join(', ')})`
    })
  const url = new URL(page.url())
  const plain = await measure()
  if (plain) wide.push(`${url.pathname}${url.search}: ${plain}`)
  const style = await page.addStyleTag({ content: TEXT_SPACING })
  const spaced = await measure()
  if (spaced) wide.push(`${url.pathname}${url.search} with text spacing: ${spaced}`)
  await style.evaluate((element) => (element as Element).remove())
  await expectNoAxeViolations(page)
}

/**
 * A request form's other states: its errors shown (submitted empty), its account details open, and the
 * failure banner (an answer that never comes), each measured.
 */
async function checkFormStates(page: Page, wide: string[]) {
  // The account-details toggle: the form's one lone checkbox (the brands step's select-all is not one).
  const account = page.locator('fieldset:not(:has(#select-all)) > label.check > input[type="checkbox"]')
  if ((await account.count()) > 0) await account.first().check()
  await page.locator('main form button[type="submit"]').first().click()
  await expect(page.locator('.field__error').first()).toBeVisible()
  await checkPage(page, wide)
  // The failure banner, on the form that needs only an e-mail address to be sent.
  if (!new URL(page.url()).pathname.endsWith('/privacy-rights/access')) return
  const email = page.locator('main form input[type="email"]')
  await account.first().uncheck()
  await page.route('**/api/privacy-rights/request', (route) => route.abort('failed'))
  await email.first().fill(`reflow.${Date.now()}@example.com`)
  await page.locator('main form button[type="submit"]').first().click()
  await expect(page.locator('.banner--error')).toBeVisible()
  await checkPage(page, wide)
  await page.unroute('**/api/privacy-rights/request')
}

/** Loads each page in turn on one tab and lists the ones that are wider than the window. */
async function tooWide(page: Page, urls: readonly string[]): Promise<string[]> {
  const wide: string[] = []
  for (const url of urls) {
    await page.goto(url)
    await hydrated(page)
    await checkPage(page, wide)
    if (FORMS.has(new URL(url).pathname.replace(/^\/(nl|fr|en)/, ''))) await checkFormStates(page, wide)
  }
  return wide
}

test.describe('reflow at 320 px, also with text spacing (issue 20)', () => {
  test.use({ viewport: { width: 320, height: 640 }, bypassCSP: true })

  for (const site of SITES) {
    test(`every route of ${site.name}, the request forms in each of their states`, async ({ page }) => {
      onlyOnce()
      test.slow() // some twenty full pages, each measured twice, and the forms' states
      const urls = site.routes.map((path) => `${site.origin}/${site.lang}${path}`)
      expect(await tooWide(page, urls)).toEqual([])
    })

    test(`every document of ${site.name}`, async ({ page }) => {
      onlyOnce()
      test.slow() // some thirty full pages, each measured twice
      const urls = [...documents(site.locale), ...histories(site.locale)].map(
        (path) => `${site.origin}/${site.lang}${path}`,
      )
      expect(urls.length).toBeGreaterThanOrEqual(32)
      expect(await tooWide(page, urls)).toEqual([])
    })
  }

  for (const [country, origin, languages] of [
    ['nl', HOSTS.nlLocal, ['nl', 'en']],
    ['be', HOSTS.beLocal, ['nl', 'fr', 'en']],
  ] as const) {
    test(`every ad of the ${country === 'nl' ? 'Dutch' : 'Belgian'} site, in each of its languages`, async ({
      page,
    }) => {
      onlyOnce()
      test.slow() // some twenty full pages, each measured twice
      const urls = ads(country).flatMap((path) => languages.map((lang) => `${origin}/${lang}${path}`))
      expect(await tooWide(page, urls)).toEqual([])
    })
  }

  /** The pages that need a session or a request: in Dutch on each site and in French in Belgium. */
  const SPOKEN = [
    { name: 'the Dutch site in Dutch', origin: HOSTS.nlLocal, lang: 'nl', country: 'NL' },
    { name: 'the Belgian site in Dutch', origin: HOSTS.beLocal, lang: 'nl', country: 'BE' },
    { name: 'the Belgian site in French', origin: HOSTS.beLocal, lang: 'fr', country: 'BE' },
  ] as const

  for (const site of SPOKEN) {
    test(`the pages of a request in progress on ${site.name}: channels, processed, verification, status`, async ({
      page,
    }) => {
      onlyOnce()
      test.slow() // two forms, the mail round trip and the confirmation
      const wide: string[] = []
      const at = (path: string) => `${site.origin}/${site.lang}${path}`
      const submit = page.locator('main form button[type="submit"]').first()
      // The channels step, with every brand chosen and every channel's fields open, then with its errors.
      await toChannelsStep(page, at)
      const channels = page.locator('input[name="communicationType"]')
      for (let index = 0; index < (await channels.count()); index++) await channels.nth(index).check()
      await checkPage(page, wide)
      await submit.click()
      await expect(page.locator('.field__error').first()).toBeVisible()
      await checkPage(page, wide)

      // A request held in the browser: the processed page names its e-mail address, long and unbroken.
      const email = `marie.vandenbroucke.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`
      await page.goto(at('/privacy-rights/access'))
      await hydrated(page)
      await page.locator('main form input[type="email"]').fill(email)
      await submit.click()
      await page.waitForURL(/\/privacy-rights\/processed$/)
      await expect(page.locator('.reference')).toBeVisible()
      await checkPage(page, wide)

      // The verification page of its link, and the status page of the receipt the confirmation sends.
      await page.goto(await verificationLink(email))
      await hydrated(page)
      await checkPage(page, wide)
      await page.locator('main form button[type="submit"]').first().click()
      await page.waitForURL(/\/email-verified$/)
      let statusLink = ''
      await expect
        .poll(
          async () => {
            const mails = await mailsTo(email)
            statusLink =
              mails
                .map((mail) => /https?:\/\/\S+\/privacy-rights\/status\?token=[\w-]+/.exec(mail.text)?.[0])
                .find(Boolean) ?? ''
            return statusLink
          },
          { message: 'the receipt with the status link', timeout: 20_000 },
        )
        .toBeTruthy()
      await page.goto(statusLink)
      await hydrated(page)
      await checkPage(page, wide)
      expect(wide).toEqual([])
    })

    test(`the staff pages on ${site.name}: the objection form, its confirmation, the requests, the complaints and the figures`, async ({
      page,
    }) => {
      onlyOnce()
      test.slow() // a sign-in at the provider, a recorded objection and a complaint
      const wide: string[] = []
      const staff = `${site.origin}/${site.lang}/internal-privacy-rights`
      const unique = `${Date.now()}${Math.floor(Math.random() * 1e6)}`

      // A complaint to open in the desk.
      const complaintReference = await fileComplaint(site.origin, site.country, site.lang)

      await page.goto(`${staff}/direct-marketing`)
      await signInAtProvider(page, `lisa.desk@dpgmedia.${site.country.toLowerCase()}`)
      await page.waitForURL(`${staff}/direct-marketing`)
      await hydrated(page)
      await checkPage(page, wide)

      // The objection form with its errors, then its confirmation, with a long e-mail address.
      // The objection form's own button (the staff bar's sign-out is a form in main too).
      const submit = page.locator('main form.staff-form button[type="submit"]')
      await submit.click()
      await expect(page.locator('.field__error').first()).toBeVisible()
      await checkPage(page, wide)
      await sendObjection(page, site.lang, `jean.vandenbroucke.${unique}@example.com`)
      await hydrated(page)
      const requestReference = (await page.locator('.summary dd').first().innerText()).trim()
      expect(requestReference).toMatch(new RegExp(`^${site.country}-\\d{6}-[2-9A-Z]{5}$`))
      await checkPage(page, wide)

      for (const path of [
        '/requests',
        `/requests/${requestReference}`,
        '/complaints',
        `/complaints/${complaintReference}`,
        '/figures',
      ]) {
        await page.goto(staff + path)
        await hydrated(page)
        // Every text of the page is there (a phrase key shown as such is one long word, and no text).
        await expect(page.locator('main')).not.toContainText(/\bstaff\.[a-z_]+\./)
        await checkPage(page, wide)
      }
      // The sign-in page, as it shows after signing out.
      await page.locator('form[action$="/internal-privacy-rights/sign-out"] button').click()
      await page.waitForURL(/\/internal-privacy-rights\/sign-in/)
      await expect(
        page.getByText(site.lang === 'fr' ? 'Vous êtes déconnecté·e.' : 'Je bent uitgelogd.'),
      ).toBeVisible()
      await checkPage(page, wide)
      expect(wide).toEqual([])
    })
  }

  test('the complaint dialog in each of its layers, and the open menu', async ({ page }) => {
    onlyOnce()
    test.slow() // the dialog's three layers and the menu, each measured on its own
    /** The dialog and the menu sit in the top layer or stand fixed: measure their own width. */
    const stickOut = (selector: string) =>
      page.locator(selector).evaluate((element) => {
        const box = element.getBoundingClientRect()
        const inner = window.innerWidth
        const out = [element, ...element.querySelectorAll('*')].filter(
          (child) =>
            child.getBoundingClientRect().right > inner + 0.5 || child.getBoundingClientRect().left < -0.5,
        )
        return box.right > inner + 0.5 || element.scrollWidth > element.clientWidth + 1 || out.length > 0
          ? `${selector}: ${Math.round(box.width)} px, scrolls ${element.scrollWidth} px`
          : null
      })
    const wide: string[] = []
    const note = (found: string | null) => {
      if (found) wide.push(found)
    }
    for (const [origin, lang] of [
      [HOSTS.nlLocal, 'nl'],
      [HOSTS.beLocal, 'fr'],
    ] as const) {
      const id = origin === HOSTS.nlLocal ? 'sample-nl-2026-001' : 'sample-be-2026-001'
      await page.goto(`${origin}/${lang}/political-ads/${id}`)
      await hydrated(page)
      await page.locator('main .section > button.button').first().click()
      const dialog = page.locator('dialog.complaint-dialog')
      await expect(dialog).toBeVisible()
      // Layer one, then with its error.
      note(await stickOut('dialog.complaint-dialog'))
      await dialog.locator('form button[type="submit"]').click()
      await expect(dialog.getByRole('alert')).toBeVisible()
      note(await stickOut('dialog.complaint-dialog'))
      await expectNoAxeViolations(page)
      // Layer two, with its errors.
      await dialog.locator('input[name="reason"]').first().check()
      await dialog.locator('form button[type="submit"]').click()
      await dialog.locator('form button[type="submit"]').click()
      await expect(dialog.locator('.field__error').first()).toBeVisible()
      note(await stickOut('dialog.complaint-dialog'))
      await expectNoAxeViolations(page)
      // Layer three: the result of a complaint the server could not take.
      await page.route('**/api/political-ad-complaint', (route) => route.abort('failed'))
      await dialog.locator('input[name="name"]').fill('Anne Peeters-Vandenbroucke')
      await dialog.locator('input[name="email"]').fill(`reflow.${Date.now()}@example.be`)
      await dialog.locator('textarea[name="explanation"]').fill('De cijfers kloppen niet.')
      await dialog.locator('form button[type="submit"]').click()
      await expect(dialog.locator('#complaint-result')).toBeVisible()
      note(await stickOut('dialog.complaint-dialog'))
      await expectNoAxeViolations(page)
      await page.unroute('**/api/political-ad-complaint')
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()

      // The open menu, with the transparency centre expanded.
      await page.locator('.menu-toggle').click()
      const menu = page.locator('#site-menu')
      await expect(menu).toBeVisible()
      note(await stickOut('#site-menu'))
    }
    expect(wide).toEqual([])
  })

  test('the list of pages above holds every page folder', () => {
    onlyOnce()
    expect(pageRoutes().length).toBeGreaterThan(25)
    expect(unlistedPages()).toEqual([])
  })
})
