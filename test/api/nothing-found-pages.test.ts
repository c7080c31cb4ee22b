import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCampaigns } from '#server/services/campaign-import.ts'
import { testSetup } from '../support/app'
import { campaignItem } from '../support/campaigns'

/**
 * Issue 30: a search or a political-ads text filter whose words find nothing gets its page rendered once per
 * host and language, with the words written in (server/middleware/nothing-found-pages.ts). What a visitor
 * receives must be what Vike renders for those words: compared here with the same words written `%20` in the
 * URL, which keeps the request off the short way, so that its page differs only where the URL is written.
 */

const NL = 'privacy.dpgmedia.nl'
const BE = 'privacy.dpgmedia.be'
const ACC = 'privacy-acc.dpgmedia.nl'
let setup: Awaited<ReturnType<typeof testSetup>>
let now = new Date('2026-11-20T10:00:00Z')

beforeAll(async () => {
  setup = await testSetup({}, undefined, { clock: () => now })
})
afterAll(async () => {
  await setup.composition.close()
})

const get = (host: string, path: string) =>
  request(setup.app).get(path).set('Host', host).set('Accept', 'text/html')

describe('the page of words that find nothing', () => {
  it.each([
    [NL, '/nl/search?q=', 'zzqx nothing here'],
    [BE, '/fr/search?q=', 'Qwxz rien'],
    [BE, '/nl/search?q=', 'qwxz9 nergens'],
    [ACC, '/nl/political-ads?text=', 'zzqx geen advertentie'],
    [ACC, '/en/political-ads?text=', 'Qwxz'],
  ])('on %s, %s%s is the page Vike renders for it', async (host, path, words) => {
    const plain = words.replaceAll(' ', '+')
    const spaced = words.replaceAll(' ', '%20')
    // Twice: the first request renders the page for the host and language, the second is written from it.
    for (const round of [1, 2]) {
      const short = await get(host, `${path}${plain}${round}`)
      const vike = await get(host, `${path}${spaced}${round}`)
      expect(short.status, `round ${round}`).toBe(200)
      expect(vike.status).toBe(200)
      const [from, to] = [`${spaced}${round}`, `${plain}${round}`]
      expect(short.text).toBe(vike.text.replaceAll(`=${from}"`, `=${to}"`))
      expect(short.text).toContain(`value="${words}${round}"`)
      for (const header of ['content-type', 'cache-control', 'vary', 'content-security-policy'])
        expect(short.headers[header], header).toBe(vike.headers[header])
    }
  })

  it('sends only what was asked for at first, then the other encodings, each the same page', async () => {
    const url = '/nl/search?q=zzqx+encodings'
    const gzip = await get(NL, url).set('Accept-Encoding', 'gzip')
    const br = await get(NL, url).set('Accept-Encoding', 'br')
    const identity = await get(NL, url).set('Accept-Encoding', 'identity')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(br.headers['content-encoding']).toBe('br')
    expect(gzip.text).toBe(identity.text)
    expect(br.text).toBe(identity.text)
    expect(identity.text).toContain('zzqx encodings')
  })

  it('leaves words that find something, and any other query, to Vike', async () => {
    const found = await get(NL, '/nl/search?q=cookies')
    expect(found.status).toBe(200)
    expect(found.text).toMatch(/<a [^>]*href="\/nl\/document\//)
    // A notice imported with a word nobody searched for: its words now find it.
    await importCampaigns(
      setup.composition.db,
      [campaignItem('nothing-found-zwolsewind', { sponsorName: 'Zwolsewind' })],
      {
        country: 'NL',
      },
    )
    // As an import by the operator's command shows: once the service reads the notices again.
    now = new Date(now.getTime() + 60 * 60_000)
    const notice = await get(ACC, '/nl/political-ads?text=zwolsewind')
    expect(notice.status).toBe(200)
    expect(notice.text).toContain('Zwolsewind')
    const withPeriod = await get(ACC, '/nl/political-ads?text=zzqx&period=LAST_30_DAYS')
    expect(withPeriod.status).toBe(200)
    expect(withPeriod.text).toContain('value="zzqx"')
  })
})
