import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { testApp } from '../support/app'

let app: Awaited<ReturnType<typeof testApp>>
beforeAll(async () => {
  app = await testApp({ FATHOM_SITE_ID: 'TESTSITE' })
})

const get = (host: string, path: string) => request(app).get(path).set('Host', host)

describe('site resolution from the Host header', () => {
  it.each([
    ['privacy.dpgmedia.nl', 'nl-NL'],
    ['privacy.dpgmedia.be', 'nl-BE'],
    ['www.anything.nl', 'nl-NL'],
    ['nieuws.example.be', 'nl-BE'],
  ])('serves %s as a site of its country (%s)', async (host, lang) => {
    const res = await get(host, '/nl')
    expect(res.status).toBe(200)
    expect(res.text).toContain(`<html lang="${lang}">`)
  })

  it.each(['example.com', 'localhost', 'privacy.dpgmedia.de', 'nl.localhost.evil.com'])(
    'answers %s with a non-2xx page saying Cannot determine country',
    async (host) => {
      const res = await get(host, '/nl')
      expect(res.status).toBe(421)
      expect(res.text).toContain('Cannot determine country')
      expect(res.headers['content-type']).toMatch(/text\/html/)
    },
  )

  it('answers the API of an unknown host with a JSON error', async () => {
    const res = await get('example.com', '/api/anything')
    expect(res.status).toBe(421)
    expect(res.body).toEqual({ error: { code: 'UNKNOWN_HOST', message: 'Cannot determine country' } })
  })

  it('gives an unknown .nl host the production toggles: no transparency centre', async () => {
    const res = await get('other.dpgmedia.nl', '/nl')
    expect(res.text).not.toContain('/nl/political-ads')
  })

  it('keeps health checks independent of the host', async () => {
    expect((await get('10.0.0.7', '/livez')).status).toBe(200)
    expect((await get('10.0.0.7', '/readyz')).body).toEqual({ status: 'ok' })
  })
})

describe('toggles', () => {
  it('shows no transparency centre on the production NL host', async () => {
    const res = await get('privacy.dpgmedia.nl', '/nl')
    expect(res.text).not.toContain('href="/nl/political-ads"')
    expect(res.text).not.toContain('>Transparantiecentrum<')
  })

  it('shows the transparency centre on the acceptance BE host', async () => {
    const res = await get('privacy-acc.dpgmedia.be', '/nl')
    expect(res.text).toContain('href="/nl/political-ads"')
    expect(res.text).toContain('href="/nl/privacy-rights"')
  })

  it('loads Fathom with the site id only where LOAD_FATHOM is on, and allows it in the CSP', async () => {
    const prod = await get('privacy.dpgmedia.nl', '/nl')
    expect(prod.text).toContain('src="https://cdn.usefathom.com/script.js" data-site="TESTSITE"')
    expect(prod.headers['content-security-policy']).toContain('https://cdn.usefathom.com')
    const acc = await get('privacy-acc.dpgmedia.nl', '/nl')
    expect(acc.text).not.toContain('usefathom')
    expect(acc.headers['content-security-policy']).not.toContain('usefathom')
  })

  it('shows the test marker only where TEST_TOGGLE is on', async () => {
    expect((await get('toggle-nl.localhost', '/nl')).text).toContain('data-testid="test-marker"')
    expect((await get('privacy-acc.dpgmedia.nl', '/nl')).text).not.toContain('data-testid="test-marker"')
  })
})

describe('language routing', () => {
  it.each([
    ['/phone?x=1', '/nl/phone?x=1'],
    ['/', '/nl'],
    ['/document/privacy-policy?utm=a&b=2', '/nl/document/privacy-policy?utm=a&b=2'],
    ['/about', '/nl/about'],
    ['/about/', '/nl/about'],
    ['/nl/about/?x=1', '/nl/about?x=1'],
    ['/nl//about', '/nl/about'],
  ])('redirects %s to %s', async (path, location) => {
    const res = await get('privacy.dpgmedia.nl', path)
    expect(res.status).toBeGreaterThanOrEqual(301)
    expect(res.status).toBeLessThanOrEqual(308)
    expect(res.headers.location).toBe(location)
  })

  it.each(['/de/', '/de', '/NL/about', '/xx/phone', '/de/about/', '/nl/no-such-page', '/nl/not-found'])(
    'answers %s with the 404 page',
    async (path) => {
      const res = await get('privacy.dpgmedia.nl', path)
      expect(res.status).toBe(404)
      expect(res.text).toContain('Page not found')
      expect(res.text).toContain('href="/nl"')
    },
  )

  it('serves nl, fr and en under their prefix with the right <html lang>', async () => {
    expect((await get('privacy.dpgmedia.be', '/fr')).text).toContain('<html lang="fr-BE">')
    expect((await get('privacy.dpgmedia.be', '/nl')).text).toContain('<html lang="nl-BE">')
    expect((await get('privacy.dpgmedia.nl', '/en')).text).toContain('<html lang="en-NL">')
  })

  it('links the same path and query under the other language on a BE host', async () => {
    const res = await get('privacy-acc.dpgmedia.be', '/nl/about?x=1')
    expect(res.text).toContain('href="/fr/about?x=1"')
    expect(res.text).toContain('href="/nl/about?x=1"')
  })

  it('has no language switcher on an NL host', async () => {
    const res = await get('privacy.dpgmedia.nl', '/nl/about')
    expect(res.text).not.toContain('language-switcher')
    expect(res.text).not.toContain('href="/fr/about"')
  })

  it('writes title, description, canonical and hreflang alternates from the host table origin', async () => {
    const res = await get('privacy.dpgmedia.be', '/fr/about?utm_source=x')
    expect(res.text).toMatch(/<title>À propos \| DPG Media Vie privée<\/title>/)
    expect(res.text).toMatch(/<meta name="description" content="[^"]+DPG Media[^"]*">/)
    expect(res.text).toContain('<link rel="canonical" href="https://privacy.dpgmedia.be/fr/about">')
    expect(res.text).toContain(
      '<link rel="alternate" hreflang="nl-BE" href="https://privacy.dpgmedia.be/nl/about">',
    )
    expect(res.text).toContain(
      '<link rel="alternate" hreflang="fr-BE" href="https://privacy.dpgmedia.be/fr/about">',
    )
    expect(res.text).toContain(
      '<link rel="alternate" hreflang="x-default" href="https://privacy.dpgmedia.be/nl/about">',
    )
  })
})

describe('pages', () => {
  it('renders the about page with 4 header/text pairs in NL, and 6 in BE in reversed block order', async () => {
    const nl = await get('privacy.dpgmedia.nl', '/nl/about')
    const be = await get('privacy.dpgmedia.be', '/nl/about')
    const pairs = (html: string) => html.match(/<h3>/g)?.length ?? 0
    expect(pairs(nl.text)).toBe(4)
    expect(pairs(be.text)).toBe(6)
    const blockTitles = (html: string) =>
      [...html.matchAll(/class="collapsible__toggle"[^>]*>([^<]+)</g)].map((match) => match[1])
    expect(blockTitles(nl.text)).toEqual(['Wie we zijn', 'Hoe we met privacy omgaan'])
    expect(blockTitles(be.text)).toEqual(['Hoe we met privacy omgaan', 'Wie we zijn'])
    expect(be.text).toContain('src="/images/brands-be.svg"')
  })

  it('renders the home page with topic cards that link to documents', async () => {
    const res = await get('privacy.dpgmedia.nl', '/nl')
    expect(res.text).toContain('href="/nl/document/privacy-policy"')
    expect(res.text).toContain('src="/images/topics/privacy.svg"')
  })

  it('omits header and footer on internal-privacy-rights paths', async () => {
    // Without the toggle the path is a 404 page, and not a public one; with it, signed out, sign-in first.
    const res = await get('prod-nl.localhost', '/nl/internal-privacy-rights/unknown')
    expect(res.status).toBe(404)
    expect(res.text).not.toContain('site-header')
    expect(res.text).not.toContain('site-footer')
    const staff = await get('nl.localhost', '/nl/internal-privacy-rights/unknown')
    expect(staff.status).toBe(302)
    expect(staff.headers.location).toMatch(/^\/nl\/internal-privacy-rights\/sign-in\?returnTo=/)
  })
})

describe('security headers', () => {
  it('sends a strict CSP without nonce or unsafe-inline: every script is a file of our own, or Fathom', async () => {
    const res = await get('privacy.dpgmedia.nl', '/nl/about')
    const csp = String(res.headers['content-security-policy'])
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]
    expect(scriptSrc).toBe("'self' https://cdn.usefathom.com")
    expect(csp).toContain("base-uri 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).not.toContain('nonce-')
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toContain('unsafe-eval')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    // docs/decisions/006: what the policy lets run is files from our origin; JSON data blocks never run.
    const scripts = [...res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attributes = '', content = ''] of scripts) {
      expect(attributes).not.toContain('nonce')
      const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1]
      if (src) expect(src).toMatch(/^(\/assets\/|https:\/\/cdn\.usefathom\.com\/)/)
      else {
        expect(attributes).toContain('type="application/json"')
        expect(() => JSON.parse(content)).not.toThrow()
      }
    }
    expect(scripts.some(([, attributes = '']) => /src="\/assets\/entries\//.test(attributes))).toBe(true)
  })

  it('allows no other script origin where Fathom does not load', async () => {
    const csp = String((await get('privacy-acc.dpgmedia.nl', '/nl')).headers['content-security-policy'])
    expect(
      /script-src ([^;]*)/
        .exec(csp)?.[1]
        ?.split(' ')
        .filter((source) => source !== "'self'"),
    ).toEqual([])
  })

  it('serves a kept page compressed once, the same bytes to every visitor, with an ETag that answers 304', async () => {
    const a = await get('privacy.dpgmedia.nl', '/nl').set('Accept-Encoding', 'br, gzip')
    const b = await get('privacy.dpgmedia.nl', '/nl').set('Accept-Encoding', 'br, gzip')
    expect(a.headers['content-encoding']).toBe('br')
    expect(a.headers.vary).toMatch(/Accept-Encoding/)
    expect(a.headers['cache-control']).toBe('no-cache')
    expect(a.headers.etag).toMatch(/^"[\w-]+-br"$/)
    expect(b.headers.etag).toBe(a.headers.etag)
    expect(b.text).toBe(a.text)
    const gzip = await get('privacy.dpgmedia.nl', '/nl').set('Accept-Encoding', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.text).toBe(a.text)
    expect(gzip.headers.etag).not.toBe(a.headers.etag)
    const again = await get('privacy.dpgmedia.nl', '/nl')
      .set('Accept-Encoding', 'br, gzip')
      .set('If-None-Match', String(a.headers.etag))
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    const identity = await get('privacy.dpgmedia.nl', '/nl').set('Accept-Encoding', 'identity')
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.headers['content-length']).toBe(String(Buffer.byteLength(a.text)))
  })

  it('keeps pages with a personal token, and staff pages, out of every cache', async () => {
    const token = await get('privacy.dpgmedia.nl', '/nl/privacy-rights/status?token=abc')
    expect(token.headers['cache-control']).toBe('no-store')
    expect(token.headers.etag ?? '').not.toMatch(/^"/)
    const signIn = await get('nl.localhost', '/nl/internal-privacy-rights/sign-in')
    expect(signIn.headers['cache-control']).toBe('no-store')
  })

  it('caches hashed assets for a year', async () => {
    const page = await get('privacy.dpgmedia.nl', '/nl')
    const script = /src="(\/assets\/entries\/[^"]+\.js)"/.exec(page.text)?.[1]
    expect(script).toBeTruthy()
    const asset = await get('privacy.dpgmedia.nl', String(script))
    expect(asset.status).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await get('privacy.dpgmedia.nl', '/api/nope')
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('NOT_FOUND')
  })
})
