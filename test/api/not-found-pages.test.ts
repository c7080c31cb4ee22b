import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testSetup } from '../support/app'

/**
 * Issue 30: a made-up path that reaches no page gets the not-found page rendered once per host and language,
 * with the path written in (server/middleware/not-found-pages.ts). What a visitor receives must be what Vike
 * renders for that path: compared here with a path Vike still routes itself (a capital letter keeps a path
 * off the short way), whose page differs only in the path.
 */

const NL = 'privacy.dpgmedia.nl'
const BE = 'privacy.dpgmedia.be'
let setup: Awaited<ReturnType<typeof testSetup>>

beforeAll(async () => {
  setup = await testSetup()
})
afterAll(async () => {
  await setup.composition.close()
})

const get = (host: string, path: string) =>
  request(setup.app).get(path).set('Host', host).set('Accept', 'text/html')

describe('the not-found page of a made-up path', () => {
  it.each([
    [NL, '/nl/no-such-page-1', '/nl/No-such-page-1'],
    [NL, '/nl/a/b-2/c3', '/nl/A/b-2/c3'],
    [BE, '/fr/nulle-part/ici', '/fr/Nulle-part/ici'],
    [BE, '/nl/nergens', '/nl/Nergens'],
    [BE, '/en/nowhere-9', '/en/Nowhere-9'],
  ])('on %s, %s is the page Vike renders for it', async (host, path, routed) => {
    // Twice: the first request renders the page for the host and language, the second is written from it.
    for (const round of [1, 2]) {
      const short = await get(host, path)
      const vike = await get(host, routed)
      expect(short.status, `round ${round}`).toBe(404)
      expect(vike.status).toBe(404)
      const [from, to] = [routed.slice(3), path.slice(3)]
      expect(short.text).toBe(vike.text.replaceAll(from, to))
      expect(short.text).toContain(`/${path.slice(1, 3)}${to}"`)
      for (const header of ['content-type', 'cache-control', 'vary', 'content-security-policy'])
        expect(short.headers[header], header).toBe(vike.headers[header])
      expect(short.headers.etag).toMatch(/^"[\w-]{22}-gz"$/)
    }
  })

  it('sends brotli or gzip as asked, the same page, each with its ETag, as a kept copy would be', async () => {
    const identity = await get(NL, '/nl/made-up-3').set('Accept-Encoding', 'identity')
    const br = await get(NL, '/nl/made-up-3').set('Accept-Encoding', 'br, gzip')
    const gzip = await get(NL, '/nl/made-up-3').set('Accept-Encoding', 'gzip')
    expect(br.headers['content-encoding']).toBe('br')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(br.text).toBe(identity.text)
    expect(gzip.text).toBe(identity.text)
    expect(new Set([identity.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3)
    const again = await get(NL, '/nl/made-up-3')
      .set('Accept-Encoding', 'br, gzip')
      .set('If-None-Match', String(br.headers.etag))
    // As for a kept copy: a 404 is never answered 304 (only a 2xx is fresh for Express).
    expect(again.status).toBe(404)
    expect(again.text).toBe(identity.text)
    const head = await request(setup.app).head('/nl/made-up-3').set('Host', NL).set('Accept-Encoding', '')
    expect(head.status).toBe(404)
    expect(head.headers['content-length']).toBe(identity.headers['content-length'])
  })

  it('leaves legacy paths, pages and their own not-found answers to the router', async () => {
    const legacy = await get(NL, '/nl/privacystatement')
    expect(legacy.status).toBe(301)
    expect(legacy.headers.location).toBe('/nl/document/privacy-policy')
    expect((await get(NL, '/nl/about')).status).toBe(200)
    const notice = await get('privacy-acc.dpgmedia.nl', '/nl/political-ads/no-such-notice')
    expect(notice.status).toBe(404)
    expect(notice.text).toContain('href="https://privacy-acc.dpgmedia.nl/nl/political-ads/no-such-notice"')
  })
})
