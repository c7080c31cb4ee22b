import { expect, expectNoAxeViolations, HOSTS, scrollsSideways, siteRequest, test } from './support'

type Operations = Record<string, Record<string, { operationId?: string }>>

/** The operation ids of the host's OpenAPI document, its webhooks' with them. */
async function documentOperationIds(origin: string): Promise<string[]> {
  const { json } = await siteRequest(origin, '/api/openapi.json')
  const document = json as { paths: Operations; webhooks: Operations }
  return [...Object.values(document.paths), ...Object.values(document.webhooks)]
    .flatMap((item) => Object.values(item).flatMap((operation) => operation.operationId ?? []))
    .sort()
}

test.describe('API reference (issue 32: our own page, rendered from the OpenAPI document)', () => {
  test('shows every operation; one opens by keyboard, reflows, both engines clean, focus shown', async ({
    page,
  }) => {
    // IBM's checker takes several seconds on a page of this size (test/e2e/ibm-check.ts).
    test.slow()
    const expected = await documentOperationIds(HOSTS.nlProduction)
    expect(expected.length).toBeGreaterThan(20)
    // One state per project, so each has its own time: 320 px in the phone project, 1440 px on the desktop.
    const width = test.info().project.name === 'phone' ? 320 : 1440
    await page.setViewportSize({ width, height: 900 })
    // The fixture fails the test on any console error, a style or script the CSP blocks included.
    await page.goto(`${HOSTS.nlProduction}/api/docs`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1, name: 'DPG Media privacy site API' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Contents' })).toBeVisible()
    const shown = await page
      .locator('details.operation')
      .evaluateAll((operations) => operations.map((operation) => operation.id.replace(/^op-/, '')))
    expect(shown.sort()).toEqual(expected)

    // An operation opens from its summary with the keyboard, no script needed.
    const lookup = page.locator('details#op-lookUpSuppression')
    const summary = lookup.locator('summary')
    await expect(summary).toContainText('/api/v1/suppressions/lookup')
    await expect(lookup.getByRole('heading', { name: 'Request body (required)' })).toBeHidden()
    await summary.focus()
    await page.keyboard.press('Enter')
    await expect(lookup).toHaveAttribute('open', '')
    await expect(lookup.getByRole('heading', { name: 'Request body (required)' })).toBeVisible()
    await expect(lookup.getByText('Operation ID')).toBeVisible()
    await expect(lookup.getByRole('link', { name: 'clientSecret' })).toBeVisible()
    await expect(lookup.getByRole('heading', { name: /^200 / })).toBeVisible()
    // WCAG 1.4.10: nothing wider than the window with the operation open, its schemas and examples included.
    expect(await scrollsSideways(page)).toBe(false)
    // axe, IBM's checker and the focus ring of every control (the summaries and links included).
    await expectNoAxeViolations(page)
  })
})
