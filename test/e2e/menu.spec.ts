import { expect, expectNoAxeViolations, HOSTS, hydrated, test } from './support'

test.describe('header menu on a desktop', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) <= 1325, 'the desktop menu needs a wide window')

  test('shows every entry without a toggle; the transparency centre only with POLITICAL_ADS', async ({
    page,
  }) => {
    await page.goto(`${HOSTS.nlLocal}/nl`)
    await hydrated(page)
    const menu = page.getByRole('navigation', { name: 'Hoofdmenu' })
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden()
    for (const name of [
      'Home',
      'Privacybeleid',
      'Cookiebeleid',
      'Gebruiksvoorwaarden',
      'Transparantiecentrum',
      'Over ons',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible()
    }
    await page.goto(`${HOSTS.nlProduction}/nl`)
    await expect(
      page.getByRole('navigation', { name: 'Hoofdmenu' }).getByText('Transparantiecentrum'),
    ).toHaveCount(0)
  })

  test('at 1440 px the menu traps nothing: Tab goes from its links on into the page (issue 20)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(`${HOSTS.nlLocal}/nl`)
    await hydrated(page)
    const menu = page.getByRole('navigation', { name: 'Hoofdmenu' })
    await menu.getByRole('link', { name: 'Over ons' }).focus()
    let reachedMain = false
    for (let step = 0; step < 10 && !reachedMain; step++) {
      await page.keyboard.press('Tab')
      reachedMain = await page.evaluate(
        () => document.querySelector('main')?.contains(document.activeElement) === true,
      )
    }
    expect(reachedMain).toBe(true)
  })
})

test.describe('mobile menu on a phone', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) > 1325, 'the menu toggle exists on narrow windows')

  test('opens with a veil, expands the transparency centre, and closes on Escape', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl`)
    await hydrated(page)
    const toggle = page.getByRole('button', { name: 'Menu' })
    const menu = page.getByRole('navigation', { name: 'Hoofdmenu' })
    await expect(menu).toBeHidden()
    await toggle.click()
    await expect(menu).toBeVisible()
    await expect(page.getByTestId('menu-veil')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sluiten' })).toHaveAttribute('aria-expanded', 'true')
    const transparency = menu.getByRole('button', { name: 'Transparantiecentrum' })
    await transparency.click()
    await expect(menu.getByRole('link', { name: 'Politieke advertenties' })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Privacyrechten uitoefenen' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(page.getByTestId('menu-veil')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused()
  })

  test('closes on a click outside', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible()
    await page.mouse.click(200, 700)
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeHidden()
  })

  test('closes when the window becomes wider than 1325 px', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(page.getByTestId('menu-veil')).toBeVisible()
    await page.setViewportSize({ width: 1325, height: 812 })
    await expect(page.getByTestId('menu-veil')).toBeVisible()
    await page.setViewportSize({ width: 1326, height: 812 })
    await expect(page.getByTestId('menu-veil')).toHaveCount(0)
    await page.setViewportSize({ width: 320, height: 700 })
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeHidden()
  })

  test('works with the keyboard alone', async ({ page }) => {
    await page.goto(`${HOSTS.nlLocal}/nl`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Menu' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeHidden()
  })

  for (const width of [320, 390]) {
    test(`keeps focus in the open menu at ${width} px: the links follow the toggle, and Tab goes round (issue 20)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 740 })
      await page.goto(`${HOSTS.nlLocal}/nl`)
      await hydrated(page)
      const toggle = page.getByRole('button', { name: 'Menu' })
      await toggle.focus()
      await page.keyboard.press('Enter')
      const menu = page.getByRole('navigation', { name: 'Hoofdmenu' })
      await expect(menu).toBeVisible()
      await expectNoAxeViolations(page)
      await page.keyboard.press('Tab')
      await expect(menu.getByRole('link', { name: 'Home', exact: true })).toBeFocused()
      // Every further Tab stays in the menu until it comes back round to the toggle.
      const visited: string[] = []
      for (let step = 0; step < 12; step++) {
        await page.keyboard.press('Tab')
        // Inside the menu itself or on its toggle (the breadcrumbs and the footer are navigations too).
        const inside = await menu.evaluate(
          (nav) =>
            nav.contains(document.activeElement) ||
            document.activeElement?.classList.contains('menu-toggle') === true,
        )
        expect(inside, `Tab ${step + 2}`).toBe(true)
        visited.push((await page.evaluate(() => document.activeElement?.textContent ?? '')).trim())
        if (await page.getByRole('button', { name: 'Sluiten' }).evaluate((b) => b === document.activeElement))
          break
      }
      expect(visited).toContain('Over ons')
      await expect(page.getByRole('button', { name: 'Sluiten' })).toBeFocused()
      // Backwards from the toggle: the last link.
      await page.keyboard.press('Shift+Tab')
      await expect(menu.getByRole('link', { name: 'Over ons' })).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused()
    })

    test(`closing by a click or a tap on the veil at ${width} px puts the focus back on the toggle (issue 20)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 740 })
      await page.goto(`${HOSTS.nlLocal}/nl`)
      await hydrated(page)
      const menu = page.getByRole('navigation', { name: 'Hoofdmenu' })
      const veil = page.getByTestId('menu-veil')
      for (const press of [
        () => page.mouse.click(width / 2, 700),
        () => page.touchscreen.tap(width / 2, 700),
      ]) {
        await page.getByRole('button', { name: 'Menu' }).click()
        await expect(menu).toBeVisible()
        await press()
        await expect(menu).toBeHidden()
        await expect(veil).toHaveCount(0)
        await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused()
      }
      await expectNoAxeViolations(page)
    })
  }

  test('has no transparency centre on a production host', async ({ page }) => {
    await page.goto(`${HOSTS.beProduction}/fr`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(
      page.getByRole('navigation', { name: 'Menu principal' }).getByText('Centre de transparence'),
    ).toHaveCount(0)
    await expectNoAxeViolations(page)
  })
})
