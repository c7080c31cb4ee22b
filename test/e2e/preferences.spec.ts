import { execFile } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import type { Locator, Page } from '@playwright/test'
import { E2E_DATABASE, E2E_WEBHOOK_SIGNING_KEY } from '../../playwright.config'
import {
  expect,
  expectNoAxeViolations,
  HOSTS,
  hydrated,
  mailsTo,
  siteRequest,
  test,
  verificationLink,
} from './support'

/**
 * Issue 28 in Chromium: a reader asks for the preference centre's link, opens it, sees the brand that applied an
 * earlier objection marked so, stops e-mail for one brand and then everything for every brand, and receives one
 * mail per action with its reference; by keyboard only, axe clean, at 320 px too. And a brand mailing's
 * one-click unsubscribe link in a browser: one button, in the brand's language.
 */

const ROOT = resolve(import.meta.dirname, '../..')
const run = promisify(execFile)
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`

/** `npm run api-clients -- …` against the e2e site's database, as the operator types it. */
const apiClients = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/api-clients.ts', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: `file:${E2E_DATABASE}`,
      WEBHOOK_SIGNING_KEY: E2E_WEBHOOK_SIGNING_KEY,
    },
  })

async function tabTo(page: Page, target: Locator, { backwards = false, limit = 120 } = {}) {
  await expect(target).toBeVisible()
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`Tab did not reach ${target}`)
}

/** The page fits a 320 px window, without sideways scrolling. */
async function expectReflow(page: Page) {
  await page.setViewportSize({ width: 320, height: 720 })
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(sideways).toBeLessThanOrEqual(0)
  await expectNoAxeViolations(page)
}

const SITES = {
  fr: {
    origin: HOSTS.beLocal,
    country: 'BE',
    lang: 'fr',
    applied: { brand: 'HLN', keys: ['HLN', 'HLN_DIGITAL'] },
    one: 'Humo',
    confirm: 'Oui, traitez ma demande',
    text: {
      email: 'Adresse e-mail',
      ask: 'Envoyez-moi un lien',
      sent: 'Si nous pouvons écrire à cette adresse',
      appliedOn: /E-mail : arrêté le .+ · la marque l'a appliqué le /,
      allowedEmail: 'E-mail : vous recevez encore ceci',
      brandButton: 'Arrêter la sélection chez Humo',
      done: /C'est arrêté\. Votre référence est (BE-\d{6}-[2-9A-Z]{5})/,
      all: 'Tout arrêter auprès de toutes les marques',
      objectionSubject: 'opposition',
    },
  },
  nl: {
    origin: HOSTS.nlLocal,
    country: 'NL',
    lang: 'nl',
    applied: { brand: 'AD', keys: ['AD', 'AD_DIGITAL'] },
    one: 'AD Groene Hart',
    confirm: 'Ja, voer mijn aanvraag uit',
    text: {
      email: 'E-mailadres',
      ask: 'Stuur me een link',
      sent: 'Als we dit adres mogen mailen',
      appliedOn: /E-mail: gestopt op .+ · het merk heeft dit toegepast op /,
      allowedEmail: 'E-mail: je ontvangt dit nog',
      brandButton: 'Stop gekozen bij AD Groene Hart',
      done: /Gestopt\. Je referentie is (NL-\d{6}-[2-9A-Z]{5})/,
      all: 'Stop alles bij alle merken',
      objectionSubject: 'bezwaar',
    },
  },
} as const

test.describe('the reader’s preference centre (issue 28)', () => {
  for (const lang of ['fr', 'nl'] as const) {
    test(`in ${lang}: ask for the link, see an applied stop, stop one brand, then everything, by keyboard`, async ({
      page,
    }, info) => {
      test.skip(
        info.project.name === (lang === 'fr' ? 'desktop' : 'phone'),
        'each language once: fr on a phone, nl on a desktop',
      )
      test.slow() // a verification, an operator command, the brand system's calls, two stops and their mails
      const site = SITES[lang]
      const email = `voorkeur-${lang}-${unique()}@example.com`

      // An earlier objection to the brand, confirmed by the reader and applied by the brand's system.
      const objection = await siteRequest(site.origin, '/api/privacy-rights/request', {
        method: 'POST',
        headers: { Origin: site.origin, 'Sec-Fetch-Site': 'same-origin' },
        body: {
          flowType: 'OBJECTION',
          country: site.country,
          language: lang,
          email,
          brands: site.applied.keys,
          communicationTypes: ['EMAIL'],
        },
      })
      expect(objection.status).toBe(200)
      const reference = (objection.json as { reference: string }).reference
      await page.goto(await verificationLink(email))
      await page.getByRole('button', { name: site.confirm }).click()
      await page.waitForURL(/email-verified$/)
      const added = await apiClients(
        'add',
        '--name',
        `Mailing ${lang} ${unique()}`,
        '--country',
        site.country,
        '--brands',
        site.applied.keys[0],
      )
      const secret = /pss_[\w-]+/.exec(added.stdout)?.[0] ?? ''
      let after = ''
      const ids: string[] = []
      for (let round = 0; round < 100; round++) {
        const feed = await siteRequest(site.origin, `/api/v1/suppressions?limit=1000${after}`, {
          headers: { Authorization: `Bearer ${secret}` },
        })
        const body = feed.json as { items: { id: string; reference: string }[]; next: string | null }
        ids.push(...body.items.filter((item) => item.reference === reference).map((item) => item.id))
        if (!body.next) break
        after = `&after=${body.next}`
      }
      expect(ids).toHaveLength(2)
      for (const id of ids)
        expect(
          (
            await siteRequest(site.origin, `/api/v1/suppressions/${id}/applied`, {
              method: 'POST',
              headers: { Authorization: `Bearer ${secret}` },
            })
          ).status,
        ).toBe(200)

      // The reader asks for the link, by keyboard.
      await page.goto(`${site.origin}/${lang}/privacy-rights/preferences`)
      await hydrated(page)
      await tabTo(page, page.getByLabel(site.text.email))
      await page.keyboard.type(email)
      await page.keyboard.press('Enter')
      const status = page.getByRole('status').filter({ hasText: site.text.sent })
      await expect(status).toBeFocused()
      await expectNoAxeViolations(page)
      let link = ''
      await expect
        .poll(async () => {
          link =
            /https?:\/\/\S+\/privacy-rights\/preferences\?token=[\w-]+/.exec(
              (await mailsTo(email)).find((mail) => mail.text.includes('preferences?token='))?.text ?? '',
            )?.[0] ?? ''
          return link
        })
        .not.toBe('')

      await page.goto(link)
      await hydrated(page)
      const applied = page.getByRole('group', { name: site.applied.brand, exact: true })
      await expect(applied).toContainText(site.text.appliedOn)
      await expectNoAxeViolations(page)

      // One brand's e-mail: its box, then on to its own button.
      const one = page.getByRole('group', { name: site.one, exact: true })
      await tabTo(page, one.getByRole('checkbox', { name: site.text.allowedEmail }))
      await page.keyboard.press('Space')
      await tabTo(page, page.getByRole('button', { name: site.text.brandButton }))
      await page.keyboard.press('Enter')
      const done = page.getByRole('status').filter({ hasText: site.text.done })
      await expect(done).toBeFocused()
      const first = site.text.done.exec((await done.textContent()) ?? '')?.[1] ?? ''
      await expect(one.getByRole('checkbox', { name: site.text.allowedEmail })).toHaveCount(0)
      await expectNoAxeViolations(page)

      // Then everything for every brand: on from the status line, which has the focus, to its button.
      await tabTo(page, page.getByRole('button', { name: site.text.all }))
      await page.keyboard.press('Enter')
      await expect(
        page.getByRole('status').filter({ hasNotText: first }).filter({ hasText: site.text.done }),
      ).toBeFocused()
      const second =
        site.text.done.exec(
          (await page.getByRole('status').filter({ hasText: site.text.done }).textContent()) ?? '',
        )?.[1] ?? ''
      expect(second).not.toBe(first)
      await expect(page.getByRole('checkbox', { name: site.text.allowedEmail })).toHaveCount(0)
      await expectNoAxeViolations(page)

      // One mail per action, each with its reference.
      await expect
        .poll(
          async () =>
            (await mailsTo(email)).filter(
              (mail) => mail.subject.includes(`[${first}]`) || mail.subject.includes(`[${second}]`),
            ).length,
        )
        .toBe(2)
      const mails = await mailsTo(email)
      expect(mails.filter((mail) => mail.subject.includes(`[${first}]`))).toHaveLength(1)
      expect(mails.filter((mail) => mail.subject.includes(`[${second}]`))).toHaveLength(1)
      await expectReflow(page)
    })
  }

  test('a brand mailing’s one-click link in a browser: one button, in the brand’s language, at 320 px', async ({
    page,
  }, info) => {
    test.skip(info.project.name !== 'phone', 'once, in the phone project (it sets its own viewport)')
    const client = `7sur7 mailing ${unique()}`
    await apiClients('add', '--name', client, '--country', 'BE', '--brands', '7SUR7')
    const pair = (await apiClients('unsubscribe-key', '--name', client)).stdout
    const keyId = /^keyId=(\S+)$/m.exec(pair)?.[1] ?? ''
    const key = /^key=(\S+)$/m.exec(pair)?.[1] ?? ''
    const email = `clic-${unique()}@example.com`
    const payload = Buffer.from(`v1\n7SUR7\nEMAIL\n${email}`).toString('base64url')
    const mac = createHmac('sha256', Buffer.from(key, 'base64url'))
      .update(`${keyId}.${payload}`)
      .digest('base64url')
    await page.goto(`${HOSTS.beLocal}/u/${keyId}.${payload}.${mac}`)
    // 7sur7 speaks French.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous désinscrire des e-mails de 7sur7')
    await expect(page.locator('html')).toHaveAttribute('lang', /^fr/)
    await expectReflow(page)
    await tabTo(page, page.getByRole('button', { name: 'Oui, désinscrivez-moi' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vous êtes désinscrit')
    await expectNoAxeViolations(page)
  })
})
