import { DOCUMENT_KEYS } from '../../shared/documents'
import { expect, HOSTS, hydrated, test } from './support'

/**
 * Issue 20, WCAG 1.4.10: every page of the site reflows at 320 px: nothing is wider than the window, so no
 * one has to scroll sideways. The full page list, per country where pages differ.
 */
const PUBLIC = [
  '/nl',
  '/nl/about',
  '/nl/phone',
  '/nl/search?q=cookies',
  '/nl/privacy-rights',
  '/nl/privacy-rights/direct-marketing/brands',
  '/nl/privacy-rights/access',
  '/nl/privacy-rights/rectification',
  '/nl/privacy-rights/forgotten',
  '/nl/privacy-rights/forgotten-overview',
  '/nl/privacy-rights/push-notifications',
  '/nl/privacy-rights/status?token=unknown',
  '/nl/email-verified',
  '/nl/email-verification-failed',
  '/nl/email-verification-expired',
  '/nl/political-ads',
  '/nl/political-ads/nl-2026-001',
  '/nl/political-ads/nl-2026-011',
  '/nl/no-such-page',
  ...DOCUMENT_KEYS.map((key) => `/nl/document/${key}`),
]
const BELGIAN = ['/fr', '/fr/phone', '/nl/privacy-rights/publication', '/fr/political-ads/be-2026-001']

test.describe('reflow at 320 px (issue 20)', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  test('no page of the site is wider than the window', async ({ page }, info) => {
    test.skip(info.project.name !== 'phone', 'once, in the phone project')
    test.slow() // every page of the site, one after the other
    const wide: string[] = []
    for (const [host, paths] of [
      [HOSTS.nlLocal, PUBLIC],
      [HOSTS.beLocal, BELGIAN],
    ] as const) {
      for (const path of paths) {
        await page.goto(host + path)
        await hydrated(page)
        const widths = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          inner: window.innerWidth,
        }))
        if (widths.scroll > widths.inner) wide.push(`${path} (${widths.scroll} px)`)
      }
    }
    expect(wide).toEqual([])
  })
})
