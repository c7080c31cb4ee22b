import { axeViolations } from './axe-check'
import { ibmViolations } from './ibm-check'
import { expect, hydrated, onlyOnce, test } from './support'

/**
 * The two engines every page state of this suite passes (support.ts `expectNoAxeViolations`) must see a
 * failure when there is one, also on a later state of a document they have already checked (each is put into
 * a document once and runs again there).
 */
test('axe and IBM’s checker find a field without a name and text without contrast, on a later state too', async ({
  page,
}) => {
  onlyOnce()
  await page.goto('/nl/privacy-rights/access')
  await hydrated(page)
  expect(await axeViolations(page)).toEqual([])
  expect(await ibmViolations(page)).toEqual([])

  // The same document, broken: the e-mail field loses its label, and a paragraph its contrast.
  await page.evaluate(() => {
    const field = document.querySelector<HTMLInputElement>('main form input[type="email"]')
    if (!field) throw new Error('no e-mail field')
    for (const label of field.labels ?? []) label.remove()
    field.removeAttribute('aria-labelledby')
    field.removeAttribute('aria-describedby')
    const paragraph = document.querySelector<HTMLElement>('main p')
    if (!paragraph) throw new Error('no paragraph')
    paragraph.style.color = '#ddd'
    paragraph.style.backgroundColor = '#fff'
  })
  const axe = await axeViolations(page)
  expect(axe).toContainEqual(expect.stringMatching(/^label: /))
  expect(axe).toContainEqual(expect.stringMatching(/^color-contrast: /))
  const ibm = await ibmViolations(page)
  expect(ibm).toContainEqual(expect.stringMatching(/^input_label_exists: /))
  expect(ibm).toContainEqual(expect.stringMatching(/^text_contrast_sufficient: /))
})
