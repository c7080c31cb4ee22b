import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testSetup } from '../support/app'

const ACC_BE = 'privacy-acc.dpgmedia.be'

/**
 * Issue 27 (WCAG 3.1.2): every text of a notice shows in the page's language or carries its own `lang`. The
 * sample notice sample-be-2026-002 has its methodology in French (`textLanguage: fr`).
 */
describe('the language of a notice’s own texts', () => {
  let setup: Awaited<ReturnType<typeof testSetup>>
  beforeAll(async () => {
    setup = await testSetup()
  })
  afterAll(() => setup?.composition.close())
  const page = async (lang: 'nl' | 'fr') =>
    (await request(setup.app).get(`/${lang}/political-ads/sample-be-2026-002`).set('Host', ACC_BE)).text

  it('marks the French methodology with lang="fr" on the Dutch page, and not on the French one', async () => {
    const methodology = 'Montants réellement facturés par passage'
    const dutch = await page('nl')
    expect(dutch).toMatch(new RegExp(`<span lang="fr">${methodology}`))
    const french = await page('fr')
    expect(french).toContain(methodology)
    expect(french).not.toMatch(new RegExp(`lang="fr">${methodology}`))
  })
})
