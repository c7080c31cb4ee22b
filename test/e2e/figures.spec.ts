import {
  expect,
  expectNoAxeViolations,
  HOSTS,
  hydrated,
  scrollsSideways,
  siteRequest,
  tabTo,
  test,
} from './support'

/**
 * Issue 29: the public figures in Dutch (the Dutch site) and in French (the Belgian site): reached and read by
 * keyboard alone, axe clean, nothing wider than a 320 px window (the tables scroll in a box of their own), and
 * the page shows what the JSON says. Other tests make requests on the same server meanwhile: this one asserts
 * no count, only that page and JSON agree.
 */
const SITES = [
  {
    lang: 'nl',
    origin: HOSTS.nlLocal,
    link: 'Hoe we verzoeken beantwoorden: de cijfers',
    heading: 'Cijfers: hoe we je privacyrechten beantwoorden',
    received: 'Ontvangen',
    json: 'De cijfers als JSON',
    few: 'minder dan 5',
  },
  {
    lang: 'fr',
    origin: HOSTS.beLocal,
    link: 'Comment nous répondons aux demandes : les chiffres',
    heading: 'Chiffres : comment nous répondons à vos droits en matière de vie privée',
    received: 'Reçues',
    json: 'Les chiffres en JSON',
    few: 'moins de 5',
  },
] as const

for (const site of SITES) {
  test.describe(`the figures page in ${site.lang === 'nl' ? 'Dutch' : 'French'}`, () => {
    test('is reached and read by keyboard alone, axe clean, agreeing with the JSON', async ({ page }) => {
      await page.goto(`${site.origin}/${site.lang}/privacy-rights`)
      await hydrated(page)
      await tabTo(page, page.getByRole('link', { name: site.link }))
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(`${site.origin}/${site.lang}/privacy-rights/figures`)
      await hydrated(page)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.heading)
      await expectNoAxeViolations(page)

      // The newest quarter's table: its box takes the focus and scrolls with the arrow keys where it is wider.
      const box = page
        .getByRole('region')
        .filter({ has: page.locator('table') })
        .first()
      await tabTo(page, box)
      await expect(box).toBeFocused()
      await tabTo(page, page.getByRole('link', { name: site.json }))

      const json = await siteRequest(site.origin, '/api/privacy-rights/figures.json')
      const newest = (json.json as { periods: { rights: { received: number | string }[] }[] }).periods[0]
      const cells = box
        .locator('tr', { has: page.getByRole('rowheader', { name: site.received }) })
        .locator('td')
      const expected = (newest?.rights ?? []).map((right) =>
        right.received === '< 5' ? `< 5${site.few}` : new RegExp(`^${right.received}$`),
      )
      await expect(cells).toHaveText(expected)
    })

    test('reflows at 320 px: only the tables scroll, each in its own box', async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 })
      await page.goto(`${site.origin}/${site.lang}/privacy-rights/figures`)
      await hydrated(page)
      expect(await scrollsSideways(page)).toBe(false)
      const box = page
        .getByRole('region')
        .filter({ has: page.locator('table') })
        .first()
      await box.focus()
      const wider = await box.evaluate((element) => element.scrollWidth > element.clientWidth)
      expect(wider).toBe(true)
      await page.keyboard.press('ArrowRight')
      await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
      await expectNoAxeViolations(page)
    })
  })
}
