import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Page } from '@playwright/test'
import {
  channelsStep,
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

/**
 * Issue 20, WCAG 1.4.10 and 1.4.12: every page of the site reflows at 320 px, as it is and with the text
 * spacing a reader may set (line height 1.5, paragraph spacing 2em, letter spacing 0.12em, word spacing
 * 0.16em): nothing is wider than the window, so no one has to scroll sideways. The full page list: the routes
 * of spec §2 in Dutch on the Dutch site and in Dutch and French on the Belgian site, every document and every
 * ad of each site, the pages that need a request in progress, and the staff pages.
 */

const CONTENT = resolve(import.meta.dirname, '../../content')

/** Spec §2's routes that need no state, for every language of every site. */
const ROUTES = [
  '',
  '/about',
  '/phone',
  '/search',
  '/search?q=cookie',
  '/political-ads',
  '/privacy-rights',
  '/privacy-rights/direct-marketing/brands',
  '/privacy-rights/access',
  '/privacy-rights/rectification',
  '/privacy-rights/forgotten-overview',
  '/privacy-rights/forgotten',
  '/privacy-rights/push-notifications',
  '/email-verified',
  '/email-verification-failed',
  '/email-verification-expired',
  '/privacy-rights/status?token=unknown',
  '/not-found',
]
/** Spec §2: removal from publication exists in Belgium only. */
const BELGIAN_ROUTES = ['/privacy-rights/publication']

/** A site's documents in one locale: its own content files (a key it lacks there is another page). */
const documents = (locale: string) =>
  readdirSync(resolve(CONTENT, 'documents', locale))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `/document/${name.slice(0, -3)}`)

/** Every ad of a site, from the sample campaigns the local sites load. */
const ads = (country: 'nl' | 'be') =>
  (
    JSON.parse(readFileSync(resolve(CONTENT, 'campaigns', `${country}.json`), 'utf8')) as {
      campaignItems: { id: string }[]
    }
  ).campaignItems.map((item) => `/political-ads/${item.id}`)

const SITES = [
  { name: 'the Dutch site in Dutch', origin: HOSTS.nlLocal, lang: 'nl', locale: 'nl_nl', routes: ROUTES },
  {
    name: 'the Belgian site in Dutch',
    origin: HOSTS.beLocal,
    lang: 'nl',
    locale: 'nl_be',
    routes: [...ROUTES, ...BELGIAN_ROUTES],
  },
  {
    name: 'the Belgian site in French',
    origin: HOSTS.beLocal,
    lang: 'fr',
    locale: 'fr_be',
    routes: [...ROUTES, ...BELGIAN_ROUTES],
  },
] as const

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

/** Loads each page in turn on one tab and lists the ones that are wider than the window. */
async function tooWide(page: Page, urls: readonly string[]): Promise<string[]> {
  const wide: string[] = []
  for (const url of urls) {
    await page.goto(url)
    await checkPage(page, wide)
  }
  return wide
}

test.describe('reflow at 320 px, also with text spacing (issue 20)', () => {
  test.use({ viewport: { width: 320, height: 640 }, bypassCSP: true })

  for (const site of SITES) {
    test(`every route and document of ${site.name}`, async ({ page }) => {
      onlyOnce()
      test.slow() // some fifty full pages, each measured twice
      const urls = [...site.routes, ...documents(site.locale)].map(
        (path) => `${site.origin}/${site.lang}${path}`,
      )
      expect(await tooWide(page, urls)).toEqual([])
    })
  }

  test('every ad of both sites, in each of their languages', async ({ page }) => {
    onlyOnce()
    test.slow() // some forty full pages, each measured twice
    const urls = [
      ...ads('nl').map((path) => `${HOSTS.nlLocal}/nl${path}`),
      ...ads('be').flatMap((path) => [`${HOSTS.beLocal}/nl${path}`, `${HOSTS.beLocal}/fr${path}`]),
    ]
    expect(await tooWide(page, urls)).toEqual([])
  })

  test('the pages of a request in progress: channels, processed, verification, status', async ({ page }) => {
    onlyOnce()
    test.slow() // two forms, the mail round trip and the confirmation
    const wide: string[] = []
    // The channels step, with brands chosen and every channel's fields open.
    await channelsStep(page, ['Alle merken'])
    for (const channel of ['Telefoon', 'E-mail', 'Post', 'Pushmeldingen'])
      await page.getByRole('checkbox', { name: channel }).check()
    await checkPage(page, wide)
    await page.getByRole('button', { name: 'Aanvraag versturen' }).click()
    await expect(page.getByText('Dit veld is verplicht').first()).toBeVisible()
    await checkPage(page, wide)

    // A request held in the browser: the processed page names its e-mail address, long and unbroken.
    const email = `marie.vandenbroucke.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`
    await page.goto(`${HOSTS.beLocal}/fr/privacy-rights/access`)
    await hydrated(page)
    await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email)
    await page.getByRole('button', { name: /Envoyer/ }).click()
    await page.waitForURL(/\/fr\/privacy-rights\/processed$/)
    await expect(page.locator('.reference')).toBeVisible()
    await checkPage(page, wide)

    // The verification page of its link, and the status page of the receipt the confirmation sends.
    await page.goto(await verificationLink(email))
    await hydrated(page)
    await checkPage(page, wide)
    await page.getByRole('button', { name: 'Oui, traitez ma demande' }).click()
    await page.waitForURL(/\/fr\/email-verified$/)
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

  test('the staff pages: the objection form, its confirmation, the requests and the complaints', async ({
    page,
  }) => {
    onlyOnce()
    test.slow() // a sign-in at the provider, a recorded objection and a complaint
    const wide: string[] = []
    const staff = `${HOSTS.beLocal}/fr/internal-privacy-rights`
    const unique = `${Date.now()}${Math.floor(Math.random() * 1e6)}`

    // A complaint to open in the desk.
    const complaint = await siteRequest(HOSTS.beLocal, '/api/political-ad-complaint', {
      method: 'POST',
      headers: { Origin: HOSTS.beLocal, 'Sec-Fetch-Site': 'same-origin' },
      body: {
        name: 'Camille Dubois',
        email: `reflow-complaint-${unique}@example.be`,
        explanation: "Le payeur n'est pas mentionné dans l'avis de transparence.",
        reason: 'INCORRECT',
        campaignId: 'be-2026-001',
        locale: 'fr_be',
      },
    })
    expect(complaint.status).toBe(200)
    const complaintReference = (complaint.json as { reference: string }).reference

    await page.goto(`${staff}/direct-marketing`)
    await signInAtProvider(page, 'lisa.desk@dpgmedia.be')
    await page.waitForURL(`${staff}/direct-marketing`)
    await hydrated(page)
    await checkPage(page, wide)

    // The objection form's confirmation, with a long e-mail address.
    await page.getByLabel('Adresse e-mail').fill(`jean.vandenbroucke.${unique}@example.com`)
    await page.getByRole('radio', { name: 'Français' }).check()
    await page.locator('input[name="brand"]').nth(0).check()
    await page.getByRole('checkbox', { name: 'E-mail' }).check()
    await page.getByRole('radio', { name: 'Par courrier' }).check()
    await page.getByRole('button', { name: "Enregistrer l'opposition" }).click()
    await page.waitForURL(/\/fr\/internal-privacy-rights\/processed\?request=/)
    await hydrated(page)
    const requestReference = (await page.locator('.summary dd').first().innerText()).trim()
    expect(requestReference).toMatch(/^BE-\d{6}-[2-9A-Z]{5}$/)
    await checkPage(page, wide)

    for (const path of [
      '/requests',
      `/requests/${requestReference}`,
      '/complaints',
      `/complaints/${complaintReference}`,
    ]) {
      await page.goto(staff + path)
      await hydrated(page)
      // Every text of the page is there (a phrase key shown as such is one long word, and no text).
      await expect(page.locator('main')).not.toContainText(/\bstaff\.[a-z_]+\./)
      await checkPage(page, wide)
    }
    // The sign-in page, as it shows after signing out.
    await page.getByRole('button', { name: 'Se déconnecter' }).click()
    await page.waitForURL(/\/fr\/internal-privacy-rights\/sign-in/)
    await expect(page.getByText('Vous êtes déconnecté·e.')).toBeVisible()
    await checkPage(page, wide)
    expect(wide).toEqual([])
  })
})
