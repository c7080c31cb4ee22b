import { expect, expectNoAxeViolations, HOSTS, hydrated, pauseClock, test } from './support'

/** Spec §4, §9: the results follow the typing 500 ms after the last keystroke. */
const DEBOUNCE_MS = 500

test.describe('search', () => {
  test('a word from the privacy policy is found 500 ms after the typing, with a highlighted snippet; the URL carries the query', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto(`${HOSTS.nlLocal}/nl/search`)
    await hydrated(page)
    await pauseClock(page)
    await page
      .getByRole('searchbox', { name: 'Waar ben je naar op zoek?' })
      .fill('Autoriteit Persoonsgegevens')
    const count = page.getByText(/^\d+ resultat(en)? gevonden$/)
    await page.clock.runFor(DEBOUNCE_MS - 1)
    await expect(count).toHaveCount(0)
    await expect(page).toHaveURL(`${HOSTS.nlLocal}/nl/search`)
    await page.clock.runFor(1)
    await expect(count).toBeVisible()
    await expect(page).toHaveURL(/\?q=Autoriteit\+Persoonsgegevens$/)
    await expect(page.locator('.search-results a[href="/nl/document/privacy-policy"]')).toBeVisible()
    await expect(page.locator('mark').first()).toBeVisible()
    // Axe schedules its own work with timers.
    await page.clock.resume()
    await expectNoAxeViolations(page)
  })

  test('the results are server-rendered from the URL', async ({ page }) => {
    await page.goto(`${HOSTS.beLocal}/fr/search?q=cookies`)
    await expect(page.getByText(/résultats? trouvés?$/)).toBeVisible()
  })

  test('a nonsense word shows the no-results message; the page, written from one render, hydrates and searches on', async ({
    page,
  }) => {
    await page.goto(`${HOSTS.nlLocal}/nl/search?q=xqzvbnwrtp+${Date.now().toString(36)}`)
    await expect(page.getByText('We hebben helaas niets kunnen vinden.')).toBeVisible()
    await expectNoAxeViolations(page)
    // Issue 30: the words were written into a page rendered for other words; React takes it over unchanged.
    await hydrated(page)
    const box = page.getByRole('searchbox', { name: 'Waar ben je naar op zoek?' })
    await expect(box).toHaveValue(/^xqzvbnwrtp [a-z0-9]+$/)
    await expect(page).toHaveTitle(/^Zoeken naar “xqzvbnwrtp [a-z0-9]+”: 0 resultaten \| /)
    await box.fill('privacyverklaring')
    await expect(page.getByText(/^\d+ resulta(at|ten) gevonden$/)).toBeVisible()
  })
})

test.describe("search in the visitor's language (issue 20)", () => {
  test('the French site lists French results first; a Dutch one follows, marked lang="nl" and labelled', async ({
    page,
  }) => {
    await page.goto(`${HOSTS.beLocal}/fr/search?q=cookie`)
    await hydrated(page)
    const results = page.locator('.search-results > li')
    const langs = await results.evaluateAll((items) =>
      items.map((item) => item.querySelector('p')?.getAttribute('lang') ?? 'fr'),
    )
    expect(langs).toContain('fr')
    expect(langs).toContain('nl')
    expect(langs.lastIndexOf('fr')).toBeLessThan(langs.indexOf('nl'))
    // A Dutch document: its title and snippet say they are Dutch, and the visitor reads that it is.
    const kidsweek = results.filter({ has: page.locator('a[href="/fr/document/cookie-policy-kidsweek"]') })
    await expect(kidsweek.locator('a span[lang="nl"]')).toHaveText('Cookiebeleid Kidsweek')
    await expect(kidsweek.getByRole('link')).toHaveAccessibleName('Cookiebeleid Kidsweek (en néerlandais)')
    await expect(kidsweek.locator('p')).toHaveAttribute('lang', 'nl')
    // French results carry no label and no lang of their own.
    const first = results.first()
    await expect(first.locator('[lang]')).toHaveCount(0)
    await expect(first.locator('.search-results__language')).toHaveCount(0)
    await expectNoAxeViolations(page)

    // Each snippet is a run of whole words of its page: it starts and ends on a word boundary.
    for (const result of [first, kidsweek]) {
      const snippet = (await result.locator('p').innerText()).replace(/\s+/g, ' ').replace(/^…|…$/g, '')
      await page.goto(HOSTS.beLocal + (await result.getByRole('link').getAttribute('href')))
      const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ')
      const at = text.indexOf(snippet)
      expect(at, `"${snippet}" in the page`).toBeGreaterThanOrEqual(0)
      expect(at === 0 || /\s/.test(text[at - 1] ?? '')).toBe(true)
      expect(/^(\s|$)/.test(text.slice(at + snippet.length))).toBe(true)
      await page.goBack()
    }
  })

  test('a Dutch page labels nothing: all its results are in Dutch', async ({ page }) => {
    await page.goto(`${HOSTS.beLocal}/nl/search?q=cookie`)
    await expect(page.locator('.search-results > li').first()).toBeVisible()
    await expect(page.locator('.search-results [lang]')).toHaveCount(0)
    await expect(page.locator('.search-results__language')).toHaveCount(0)
    await expectNoAxeViolations(page)
  })
})
