import type { Page } from '@playwright/test'
import { backgroundOf, contrast } from './colours'
import { expect, HOSTS, hydrated, test } from './support'

/**
 * Issue 32: the progress image of the multi-step forms says where the visitor is ("step 1 of 2") and draws
 * as many steps as it says, as many of them filled as the step it names; a step still to come has an edge of
 * 3:1 or more against what it is drawn on (WCAG 1.4.11; the grey discs of before had 1.26:1). In forced
 * colours the steps done and to come still differ.
 */
const FORMS = [
  { origin: HOSTS.nlLocal, lang: 'nl', next: 'Volgende stap', all: 'Alle merken' },
  { origin: HOSTS.beLocal, lang: 'fr', next: 'Étape suivante', all: 'Toutes les marques' },
] as const

/** What the progress image says and draws on this page. */
async function progressOf(page: Page) {
  const image = page.getByRole('img', { name: /^(Stap|Étape) \d+ (van|sur) \d+/ })
  await expect(image).toHaveCount(1)
  const [, step, of] = /(\d+) \S+ (\d+)/.exec((await image.getAttribute('aria-label')) ?? '') ?? []
  const steps = image.locator('circle')
  const drawn = await steps.evaluateAll((circles) =>
    circles.map((circle) => {
      const style = getComputedStyle(circle)
      return { fill: style.fill, stroke: style.stroke, width: Number.parseFloat(style.strokeWidth) }
    }),
  )
  const background = await backgroundOf(image)
  // A step shows as filled when its fill stands out from the background it sits on.
  const filled = drawn.filter((circle) => contrast(circle.fill, background) >= 3).length
  return { said: { step: Number(step), of: Number(of) }, drawn, filled, background }
}

/** Every step of the form agrees with itself; a step to come has an edge of 3:1 or more. */
async function expectHonestProgress(page: Page, step: number) {
  const progress = await progressOf(page)
  expect(progress.said.step).toBe(step)
  expect(progress.drawn, 'one circle a step').toHaveLength(progress.said.of)
  expect(progress.filled, 'the steps done and the current one filled').toBe(step)
  for (const circle of progress.drawn.slice(step)) {
    expect(circle.width, 'the edge of a step to come').toBeGreaterThanOrEqual(1)
    expect(contrast(circle.stroke, progress.background), 'its contrast').toBeGreaterThanOrEqual(3)
  }
}

test.describe('the progress image of the forms (issue 32)', () => {
  for (const form of FORMS)
    test(`the objection form's steps in ${form.lang}: said, drawn and seen alike`, async ({ page }) => {
      await page.goto(`${form.origin}/${form.lang}/privacy-rights/direct-marketing/brands`)
      await hydrated(page)
      await expectHonestProgress(page, 1)
      await page.getByRole('checkbox', { name: form.all }).check()
      await page.getByRole('button', { name: form.next }).click()
      await page.waitForURL(/communication-types$/)
      await hydrated(page)
      await expectHonestProgress(page, 2)
    })

  test('in forced colours a step to come still differs from a step done', async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' })
    await page.goto(`${HOSTS.nlLocal}/nl/privacy-rights/direct-marketing/brands`)
    await hydrated(page)
    const { drawn, background } = await progressOf(page)
    const [done, future] = [drawn[0], drawn[1]]
    expect(done?.fill).not.toBe(future?.fill)
    expect(contrast(future?.stroke ?? '', background)).toBeGreaterThanOrEqual(3)
  })
})
