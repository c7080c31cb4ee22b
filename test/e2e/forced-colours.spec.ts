import type { Page } from '@playwright/test'
import { fileComplaint, type RequestSite, sendObjection, submitRequest, toChannelsStep } from './desk-walk'
import { ads, BELGIAN_ROUTES, documents, histories, pageRoutes, ROUTES, unlistedPages } from './routes'
import {
  expect,
  expectNoAxeViolations,
  HOSTS,
  hydrated,
  onlyOnce,
  signInAtProvider,
  test,
  verificationLink,
} from './support'

/**
 * Issue 32's done-when, in forced colours (Windows' contrast themes): every page of the site, the Dutch site in
 * Dutch and the Belgian site in French, in both projects (320 and 1440 px), passes the shared check: axe,
 * IBM's checker and the focus ring. The routes come from test/e2e/routes.ts (the list reflow.spec.ts walks); a
 * last test holds the pages visited here against the page folders, so a new page cannot be forgotten.
 *
 * The focus ring is judged here too, against the system colours: in forced colours Chromium replaces the
 * ring's outline colour with a system colour and drops its box-shadow halo, and getComputedStyle reports the
 * colours as forced, so test/e2e/focus-ring.ts measures the ring the reader sees (the outline, on the page's
 * Canvas colour) and a ring that vanished there (drawn by a shadow alone) fails.
 */

const SITES = [
  {
    name: 'the Dutch site in Dutch',
    origin: HOSTS.nlLocal,
    lang: 'nl',
    country: 'NL',
    locale: 'nl_nl',
    routes: ROUTES,
    confirm: 'Ja, voer mijn aanvraag uit',
    staff: 'piet.desk@dpgmedia.nl',
  },
  {
    name: 'the Belgian site in French',
    origin: HOSTS.beLocal,
    lang: 'fr',
    country: 'BE',
    locale: 'fr_be',
    routes: [...ROUTES, ...BELGIAN_ROUTES],
    confirm: 'Oui, traitez ma demande',
    staff: 'lisa.desk@dpgmedia.be',
  },
] as const

/** Opens `url` and runs the shared check on it; pages without scripts never hydrate (decision 007). */
async function check(page: Page, url: string) {
  const response = await page.goto(url)
  expect(response?.status(), url).toBeLessThan(500)
  if (await page.locator('script[type="module"]').count()) await hydrated(page)
  await expectNoAxeViolations(page)
}

test.describe('forced colours on every page (issue 32)', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' })
  })

  for (const site of SITES) {
    const at = (path: string) => `${site.origin}/${site.lang}${path}`
    const half = Math.ceil(site.routes.length / 2)

    for (const [part, routes] of [
      ['first', site.routes.slice(0, half)],
      ['second', site.routes.slice(half)],
    ] as const)
      test(`${site.name}: the ${part} half of the public routes`, async ({ page }) => {
        test.slow() // about a dozen pages, each checked by both engines
        for (const path of routes) await check(page, at(path))
      })

    test(`${site.name}: a document and its history, an ad with its complaint dialog, an unsubscribe link`, async ({
      page,
    }) => {
      test.slow()
      const [document] = documents(site.locale)
      for (const path of [document ?? '', ...histories(site.locale)]) await check(page, at(path))
      await check(page, at(ads(site.country === 'NL' ? 'nl' : 'be')[0] ?? ''))
      // The complaint dialog, whose edge was a shadow alone.
      await page.locator('main .section > button.button').first().click()
      await expect(page.locator('dialog.complaint-dialog')).toBeVisible()
      await expectNoAxeViolations(page)
      // A one-click unsubscribe link whose key is unknown (its page has no language in its address).
      await check(page, `${site.origin}/u/unknown-key`)
    })

    test(`${site.name}: the API reference, one operation open`, async ({ page }) => {
      test.slow() // IBM's checker takes long on a page of this size (test/e2e/api-docs.spec.ts)
      await check(page, `${site.origin}/api/docs`)
      await page.locator('details.operation summary').first().click()
      await expectNoAxeViolations(page)
    })

    test(`${site.name}: a request made in the browser: channels, processed, verification`, async ({
      page,
    }) => {
      test.slow() // two forms and a mail round trip
      const submit = page.locator('main form button[type="submit"]').first()
      await toChannelsStep(page, at)
      await page.locator('input[name="communicationType"]').first().check()
      await expectNoAxeViolations(page)
      const email = `forced-${site.lang}-${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`
      await page.goto(at('/privacy-rights/access'))
      await hydrated(page)
      await page.locator('main form input[type="email"]').fill(email)
      await submit.click()
      await page.waitForURL(/\/privacy-rights\/processed$/)
      await expect(page.locator('.reference')).toBeVisible()
      await expectNoAxeViolations(page)
      await check(page, await verificationLink(email))
    })

    test(`${site.name}: the staff pages, signed in`, async ({ page }) => {
      test.slow() // a sign-in at the provider, a recorded objection, some nine pages
      const staff = at('/internal-privacy-rights')
      const requestSite: RequestSite = { ...site }
      const request = await submitRequest(requestSite, `forced-desk-${Date.now()}@example.com`)
      const complaintReference = await fileComplaint(site.origin, site.country, site.lang)

      await page.goto(`${staff}/direct-marketing`)
      await signInAtProvider(page, site.staff)
      await page.waitForURL(`${staff}/direct-marketing`)
      await hydrated(page)
      await expectNoAxeViolations(page)
      // The objection form with its errors, then sent: its confirmation.
      const send = page.locator('main form.staff-form button[type="submit"]')
      await send.click()
      await expect(page.locator('.field__error').first()).toBeVisible()
      await expectNoAxeViolations(page)
      await sendObjection(page, site.lang, `forced-objection-${Date.now()}@example.com`)
      await hydrated(page)
      await expectNoAxeViolations(page)

      for (const path of [
        '/requests',
        `/requests?status=open&q=${request}`,
        `/requests/${request}`,
        '/complaints',
        `/complaints/${complaintReference}`,
        '/figures',
      ])
        await check(page, staff + path)
      // The sign-in page, as it shows after signing out.
      await page.locator('form[action$="/internal-privacy-rights/sign-out"] button').click()
      await page.waitForURL(/\/internal-privacy-rights\/sign-in/)
      await expectNoAxeViolations(page)
    })
  }

  test('the pages above are every page folder', () => {
    onlyOnce()
    expect(pageRoutes().length).toBeGreaterThan(25)
    expect(unlistedPages()).toEqual([])
  })
})
