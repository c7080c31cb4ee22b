import SQLite from 'better-sqlite3'
import { E2E_DATABASE, E2E_IDP } from '../../playwright.config'
import {
  expect,
  expectNoAxeViolations,
  HOSTS,
  hydrated,
  mailsTo,
  signInAtProvider,
  siteRequest,
  test,
} from './support'

const FORM = `${HOSTS.nlLocal}/nl/internal-privacy-rights/direct-marketing`
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`

test.describe('internal staff area', () => {
  test('does not exist where INTERNAL_PRIVACY_RIGHTS is off', async ({ page }) => {
    for (const path of ['direct-marketing', 'processed', 'sign-in']) {
      const response = await page.goto(`${HOSTS.nlProduction}/nl/internal-privacy-rights/${path}`)
      expect(response?.status()).toBe(404)
    }
  })

  test('sign in through the OpenID provider, record an objection for 2 brands × 2 channels, back to an empty form', async ({
    page,
    context,
  }) => {
    test.slow() // the sign-in at the provider, several full page loads and the mail round trip
    const customer = `staff-${unique()}@example.com`
    await page.goto(FORM)
    await signInAtProvider(page, 'anna.jansen@dpgmedia.nl')
    await page.waitForURL(FORM)
    await hydrated(page)
    await expect(page.getByText('Ingelogd als Anna Jansen')).toBeVisible()
    // Staff pages have no public header or footer (spec §2).
    await expect(page.getByRole('banner')).toHaveCount(0)
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Cookiebeleid' })).toHaveCount(0)
    const session = (await context.cookies()).find((c) => c.name === '__Host-staff-session')
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' })

    // Submitting empty shows the errors and moves focus to the first.
    await page.getByRole('button', { name: 'Bezwaar vastleggen' }).click()
    await expect(page.locator('#select-all')).toBeFocused()
    await expect(page.getByText('Gelieve een optie te kiezen')).toHaveCount(3)
    await expectNoAxeViolations(page)

    await page.getByLabel('E-mailadres').fill(customer)
    const brands = page.locator('input[name="brand"]')
    await brands.nth(0).check()
    await brands.nth(1).check()
    const chosen = [
      await page.locator('.check-grid li').nth(0).innerText(),
      await page.locator('.check-grid li').nth(1).innerText(),
    ]
    await page.getByRole('checkbox', { name: 'Telefoon' }).check()
    await page.getByRole('checkbox', { name: 'E-mail' }).check()
    await page.getByLabel('Telefoonnummer').fill('+31612345678')
    await page.getByRole('radio', { name: 'Telefonisch' }).check()
    await page.getByLabel('Notitie (optioneel)').fill('Postcode en geboortedatum nagevraagd')
    await page.getByRole('button', { name: 'Bezwaar vastleggen' }).click()

    await page.waitForURL(/\/nl\/internal-privacy-rights\/processed\?request=[0-9a-f-]{36}$/)
    await hydrated(page)
    const requestId = new URL(page.url()).searchParams.get('request') ?? ''
    await expect(page.getByRole('heading', { level: 1, name: 'Bezwaar vastgelegd' })).toBeVisible()
    const summary = page.locator('.summary')
    await expect(summary).toContainText(/NL-\d{6}-[2-9A-Z]{5}/)
    await expect(summary).toContainText(`${chosen[0]}, ${chosen[1]}`)
    await expect(summary).toContainText('telefoon, e-mail')
    await expect(summary).toContainText(customer)
    await expect(summary).toContainText('+31612345678')
    await expect(summary).toContainText('per e-mail verstuurd')
    await expect(summary).toContainText('telefonisch')
    await expect(summary).toContainText('Postcode en geboortedatum nagevraagd')
    await expect(page.locator('.staff-audit table')).toContainText(requestId)
    await expectNoAxeViolations(page)

    // The database holds the suppressions and the audit entry with the staff identity.
    const db = new SQLite(E2E_DATABASE, { readonly: true })
    try {
      const suppressions = db
        .prepare('select channel, email, phone_number from marketing_suppressions where request_id = ?')
        .all(requestId) as { channel: string; email: string | null; phone_number: string | null }[]
      const channels = new Set(suppressions.map((s) => s.channel))
      expect(channels).toEqual(new Set(['PHONE', 'EMAIL']))
      expect(suppressions.length).toBeGreaterThanOrEqual(4)
      expect(suppressions.filter((s) => s.channel === 'EMAIL').every((s) => s.email === customer)).toBe(true)
      const audit = db
        .prepare(
          'select actor_email, actor_name, actor_issuer, action from staff_audit_log where request_id = ?',
        )
        .all(requestId)
      expect(audit).toEqual([
        {
          actor_email: 'anna.jansen@dpgmedia.nl',
          actor_name: 'Anna Jansen',
          actor_issuer: E2E_IDP,
          action: 'OBJECTION_RECORDED',
        },
      ])
    } finally {
      db.close()
    }

    // The confirmation mail reaches the SMTP sink; no verification mail is sent.
    await expect
      .poll(async () => (await mailsTo(customer)).map((mail) => mail.subject), { timeout: 10_000 })
      .toEqual([
        expect.stringMatching(/^Je bezwaar tegen direct marketing is verwerkt \[NL-\d{6}-[2-9A-Z]{5}\]$/),
      ])

    // Back to the form: empty again.
    await page.getByRole('link', { name: 'Terug naar het formulier' }).click()
    await page.waitForURL(FORM)
    await hydrated(page)
    await expect(page.getByLabel('E-mailadres')).toHaveValue('')
    await expect(page.locator('input[name="brand"]:checked')).toHaveCount(0)
    await expect(page.locator('input[name="communicationType"]:checked')).toHaveCount(0)
    await expect(page.locator('input[name="identityMethod"]:checked')).toHaveCount(0)

    // The staff bar leads to one's own recent actions.
    await page.getByRole('link', { name: 'Mijn recente handelingen' }).click()
    await page.waitForURL(`${HOSTS.nlLocal}/nl/internal-privacy-rights/processed`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Geen vastgelegd bezwaar')
    await expect(page.locator('.staff-audit table tbody tr').first()).toContainText(requestId)
  })

  test('Belgium in French: a customer in French, two Belgian brands, by phone and e-mail', async ({
    page,
  }) => {
    test.slow() // the sign-in at the provider, several full page loads and the mail round trip
    const form = `${HOSTS.beLocal}/fr/internal-privacy-rights/direct-marketing`
    const customer = `staff-be-${unique()}@example.com`
    await page.goto(form)
    await signInAtProvider(page, 'els.desk@dpgmedia.be')
    await page.waitForURL(form)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Enregistrer une opposition au marketing direct',
    )
    await page.getByLabel('Adresse e-mail').fill(customer)
    await page.getByRole('radio', { name: 'Français' }).check()
    await page.locator('input[name="brand"]').nth(0).check()
    await page.locator('input[name="brand"]').nth(1).check()
    await page.getByRole('checkbox', { name: 'Téléphone' }).check()
    await page.getByRole('checkbox', { name: 'E-mail' }).check()
    await page.getByLabel('Numéro de téléphone').fill('+32470123456')
    await page.getByRole('radio', { name: 'Par courrier' }).check()
    await page.getByRole('button', { name: "Enregistrer l'opposition" }).click()
    await page.waitForURL(/\/fr\/internal-privacy-rights\/processed\?request=/)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Opposition enregistrée')
    await expect(page.locator('.summary')).toContainText('+32470123456')
    await expectNoAxeViolations(page)
    await expect
      .poll(async () => (await mailsTo(customer)).map((mail) => mail.subject), { timeout: 10_000 })
      .toEqual([
        expect.stringMatching(
          /^Votre opposition au marketing direct a été enregistrée \[BE-\d{6}-[2-9A-Z]{5}\]$/,
        ),
      ])
  })

  test('a postal objection: select-all, channel, identity check and submit by keyboard; the address lookup; no mail', async ({
    page,
  }) => {
    test.slow() // the sign-in at the provider, the address lookup and several full page loads
    await page.goto(FORM)
    await signInAtProvider(page, 'dirk.desk@dpgmedia.nl')
    await page.waitForURL(FORM)
    await hydrated(page)
    // Select-all by keyboard: Tab to it, Space ticks every brand.
    await page.getByLabel('E-mailadres').focus()
    for (let presses = 0; presses < 10; presses++) {
      if (await page.locator('#select-all').evaluate((el) => el === document.activeElement)) break
      await page.keyboard.press('Tab')
    }
    await expect(page.locator('#select-all')).toBeFocused()
    await page.keyboard.press('Space')
    const total = await page.locator('input[name="brand"]').count()
    await expect(page.locator('input[name="brand"]:checked')).toHaveCount(total)
    await page.getByRole('checkbox', { name: 'Post' }).focus()
    await page.keyboard.press('Space')
    await page.getByRole('textbox', { name: 'Voornaam' }).fill('Jan')
    await page.getByRole('textbox', { name: 'Achternaam' }).fill('Jansen')
    await page.getByRole('textbox', { name: 'Postcode' }).fill('1114AM')
    await page.getByRole('textbox', { name: 'Huisnummer' }).fill('40')
    await page.keyboard.press('Tab')
    await expect(page.getByText('Van der Madeweg 40, 1114AM Amsterdam')).toBeVisible()
    await page.getByRole('radio', { name: 'Per brief' }).focus()
    await page.keyboard.press('Space')
    await expect(page.getByRole('radio', { name: 'Per brief' })).toBeChecked()
    await page.getByRole('button', { name: 'Bezwaar vastleggen' }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/nl\/internal-privacy-rights\/processed\?request=/)
    const summary = page.locator('.summary')
    await expect(summary).toContainText('Van der Madeweg 40, 1114AM Amsterdam')
    await expect(summary).toContainText('Jan Jansen')
    await expect(summary).toContainText('per brief')
    await expect(summary).toContainText('niet verstuurd (geen e-mailadres)')
  })

  test('a cross-site POST with a valid session cookie is refused', async ({ page, context }) => {
    await page.goto(FORM)
    await signInAtProvider(page, 'bart.peeters@dpgmedia.be')
    await page.waitForURL(FORM)
    const session = (await context.cookies()).find((c) => c.name === '__Host-staff-session')
    expect(session?.value).toBeTruthy()
    const body = {
      flowType: 'OBJECTION',
      country: 'NL',
      language: 'nl',
      email: 'cross-site@example.com',
      brands: ['ad'],
      communicationTypes: ['EMAIL'],
      identityCheck: { method: 'EMAIL' },
    }
    const post = (headers: Record<string, string>) =>
      siteRequest(HOSTS.nlLocal, '/api/internal-privacy-rights/direct-marketing', {
        method: 'POST',
        headers: { Cookie: `__Host-staff-session=${session?.value}`, ...headers },
        body,
      })
    // The same cookie from the site itself would do; sent by another site it is refused.
    const crossSite: Record<string, string>[] = [
      { Origin: 'http://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ]
    for (const headers of crossSite) {
      const response = await post(headers)
      expect(response.status).toBe(403)
      expect(response.json).toMatchObject({ error: { code: 'CROSS_SITE_REQUEST' } })
    }
    const audit = await siteRequest(HOSTS.nlLocal, '/api/internal-privacy-rights/audit', {
      headers: { Cookie: `__Host-staff-session=${session?.value}` },
    })
    expect(audit.status).toBe(200)
    expect(await mailsTo('cross-site@example.com')).toEqual([])
  })

  test('someone outside the allowed domains gets 403 and no session', async ({ page, context }) => {
    await page.goto(FORM)
    const refused = page.waitForResponse((r) => r.url().includes('/internal-privacy-rights/callback'))
    await signInAtProvider(page, 'mallory@example.com')
    expect((await refused).status()).toBe(403)
    await expect(page.getByRole('heading', { name: 'Geen toegang' })).toBeVisible()
    expect((await context.cookies()).some((c) => c.name === '__Host-staff-session')).toBe(false)
    await expectNoAxeViolations(page)
  })

  test('sign out ends the session and says so', async ({ page, context }) => {
    await page.goto(`${HOSTS.beLocal}/fr/internal-privacy-rights/direct-marketing`)
    await signInAtProvider(page, 'chloe@dpgmedia.be')
    await page.waitForURL(`${HOSTS.beLocal}/fr/internal-privacy-rights/direct-marketing`)
    await hydrated(page)
    await expect(page.getByText('Connecté·e en tant que Chloe')).toBeVisible()
    const cookie = (await context.cookies()).find((c) => c.name === '__Host-staff-session')?.value
    await page.getByRole('button', { name: 'Se déconnecter' }).click()
    await page.waitForURL(`${HOSTS.beLocal}/fr/internal-privacy-rights/sign-in?signed-out=1`)
    await expect(page.getByText('Vous êtes déconnecté·e.')).toBeVisible()
    // The old cookie is worth nothing now: the session ended on the server.
    const response = await siteRequest(HOSTS.beLocal, '/fr/internal-privacy-rights/processed', {
      headers: { Cookie: `__Host-staff-session=${cookie}` },
    })
    expect(response.status).toBe(302)
    expect(response.headers.location).toMatch(/^\/fr\/internal-privacy-rights\/sign-in\?returnTo=/)
  })
})
