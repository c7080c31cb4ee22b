import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '#server/logger.ts'
import { importCampaigns } from '#server/services/campaign-import.ts'
import { testSetup } from '../support/app'
import { campaignItem } from '../support/campaigns'

/**
 * Issue 19 items 2, 3 and 5: pages are kept rendered and compressed, but a page that reads the database is
 * never served from a copy older than its `pageCache.maxAgeSeconds`, a not-found page no longer than 10 s,
 * and URLs a visitor makes up cannot push the pages out. Time is the injected clock.
 */

const ACC_NL = 'privacy-acc.dpgmedia.nl'
const PROD_NL = 'privacy.dpgmedia.nl'
let now = Date.parse('2026-11-20T10:00:00Z')
let setup: Awaited<ReturnType<typeof testSetup>>

const load = (id: string, sponsorName: string) =>
  importCampaigns(setup.composition.db, [campaignItem(id, { sponsorName })], { country: 'NL' })
const get = (host: string, path: string) =>
  request(setup.app).get(path).set('Host', host).set('Accept-Encoding', 'br, gzip')

beforeAll(async () => {
  // 1 MB: a quarter of it, for made-up URLs, holds a dozen not-found pages.
  setup = await testSetup({ PAGE_CACHE_MB: '1' }, createLogger('silent'), { clock: () => new Date(now) })
})
afterAll(async () => {
  await setup.composition.close()
})

describe('kept pages that read the database', () => {
  it('serves a notice from its copy for at most 5 seconds, then from the database', async () => {
    await load('cache-1', 'Stichting Eerste Naam')
    expect((await get(ACC_NL, '/nl/political-ads/cache-1')).text).toContain('Stichting Eerste Naam')
    await load('cache-1', 'Stichting Tweede Naam')
    now += 5_000
    const kept = await get(ACC_NL, '/nl/political-ads/cache-1')
    expect(kept.text).toContain('Stichting Eerste Naam')
    expect(kept.headers['cache-control']).toBe('no-cache')
    now += 1
    expect((await get(ACC_NL, '/nl/political-ads/cache-1')).text).toContain('Stichting Tweede Naam')
  })

  it('answers a notice that is not there yet with a 404 kept no longer than 10 seconds', async () => {
    expect((await get(ACC_NL, '/nl/political-ads/cache-2')).status).toBe(404)
    await load('cache-2', 'Stichting Later Geladen')
    now += 10_000
    expect((await get(ACC_NL, '/nl/political-ads/cache-2')).status).toBe(404)
    now += 1
    const found = await get(ACC_NL, '/nl/political-ads/cache-2')
    expect(found.status).toBe(200)
    expect(found.text).toContain('Stichting Later Geladen')
  })

  it('keeps the pages through a flood of made-up not-found URLs', async () => {
    await load('cache-3', 'Stichting Vaste Bezoeker')
    const first = await get(ACC_NL, '/nl/political-ads/cache-3')
    const about = await get(PROD_NL, '/nl/about')
    await load('cache-3', 'Stichting Nieuwe Naam')
    for (let i = 0; i < 150; i++) {
      expect((await get(PROD_NL, `/nl/no-such-page-${i}`)).status).toBe(404)
    }
    const { other } = setup.composition.services.responseCache.stats()
    expect(other.entries).toBeLessThan(150)
    expect(other.bytes).toBeLessThanOrEqual(256 * 1024)
    // Still the copy: the flood pushed out only other not-found pages.
    const kept = await get(ACC_NL, '/nl/political-ads/cache-3')
    expect(kept.text).toContain('Stichting Vaste Bezoeker')
    expect(kept.headers.etag).toBe(first.headers.etag)
    const aboutAgain = await get(PROD_NL, '/nl/about').set('If-None-Match', String(about.headers.etag))
    expect(aboutAgain.status).toBe(304)
  })
})

describe('kept answers to a query', () => {
  it('keeps a search result page per query, out of browser caches, compressed once', async () => {
    const a = await get(PROD_NL, '/nl/search?q=cookies')
    const b = await get(PROD_NL, '/nl/search?q=cookies')
    expect(a.status).toBe(200)
    expect(a.headers['content-encoding']).toBe('br')
    expect(a.headers['cache-control']).toBe('no-store')
    expect(b.headers.etag).toBe(a.headers.etag)
    const other = await get(PROD_NL, '/nl/search?q=abonnement')
    expect(other.headers.etag).not.toBe(a.headers.etag)
  })

  it('answers the same search from memory, compressed, with an ETag that answers 304', async () => {
    const path = '/api/search?q=cookies&locale=nl_nl'
    const a = await get(PROD_NL, path)
    expect(a.status).toBe(200)
    expect(a.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(a.headers['content-encoding']).toBe('br')
    expect(a.headers['cache-control']).toBe('public, max-age=60')
    expect(a.body.total).toBeGreaterThan(0)
    const again = await get(PROD_NL, path).set('If-None-Match', String(a.headers.etag))
    expect(again.status).toBe(304)
    const fr = await get(PROD_NL, '/api/search?q=cookies&locale=fr_be')
    expect(fr.headers.etag).not.toBe(a.headers.etag)
  })

  it('does not keep a page whose query string is not its own (tracking parameters)', async () => {
    const res = await get(PROD_NL, '/nl/about?utm_source=mail')
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers.etag ?? '').not.toMatch(/^"/)
  })
})
