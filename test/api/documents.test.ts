import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { DOCUMENT_KEYS, SUBSCRIPTION_PRODUCTS } from '#shared/documents.ts'
import { testApp } from '../support/app'

let app: Awaited<ReturnType<typeof testApp>>
beforeAll(async () => {
  app = await testApp({ CORPORATE_SITE_URL: 'https://corporate.example' })
})

const NL = 'privacy.dpgmedia.nl'
const BE = 'privacy.dpgmedia.be'
const get = (host: string, path: string) => request(app).get(path).set('Host', host)
const plainhtml = (key: string, locale: string) => get(NL, `/api/plainhtml/${key}?locale=${locale}`)

const UPPER_CASE_KEYS = SUBSCRIPTION_PRODUCTS.flatMap((product) => [
  `abonnementsvoorwaarden-algemeen-${product}-NL`,
  `abonnementsvoorwaarden-algemeen-${product}-BE`,
])

describe('GET /api/plainhtml/{documentKey}', () => {
  it.each([...DOCUMENT_KEYS, ...UPPER_CASE_KEYS])(
    'answers %s with HTML in at least one locale',
    async (key) => {
      const statuses = await Promise.all(
        ['nl_nl', 'nl_be', 'fr_be'].map(async (l) => (await plainhtml(key, l)).status),
      )
      expect(statuses).toContain(200)
    },
  )

  it.each([
    'privacy-policy',
    'privacy-policy-participants',
    'privacy-policy-applicants',
    'privacy-policy-events',
    'cookie-policy',
    'terms-of-use',
  ])('has %s in nl_nl, nl_be and fr_be, each its own text', async (key) => {
    const [nl, be, fr] = await Promise.all(
      ['nl_nl', 'nl_be', 'fr_be'].map((locale) => plainhtml(key, locale)),
    )
    expect([nl?.status, be?.status, fr?.status]).toEqual([200, 200, 200])
    expect(new Set([nl?.text, be?.text, fr?.text]).size).toBe(3)
    expect(fr?.headers['content-language']).toBe('fr-be')
  })

  it('serves Dutch-only conditions in the Dutch locale of their country', async () => {
    expect((await plainhtml('abonnementsvoorwaarden-gratis-kranten-nl', 'nl_nl')).status).toBe(200)
    expect((await plainhtml('abonnementsvoorwaarden-gratis-kranten-be', 'nl_be')).status).toBe(200)
    expect((await plainhtml('actievoorwaarden-libelle', 'nl_be')).status).toBe(200)
  })

  it('falls back like phrases: en_be → nl_be, fr_be → nl_nl', async () => {
    const enBe = await plainhtml('privacy-policy', 'en_be')
    expect(enBe.text).toBe((await plainhtml('privacy-policy', 'nl_be')).text)
    const frKidsweek = await plainhtml('privacy-policy-kidsweek', 'fr_be')
    expect(frKidsweek.text).toBe((await plainhtml('privacy-policy-kidsweek', 'nl_nl')).text)
  })

  it('sends sanitized HTML with stable heading anchors and caching headers', async () => {
    const res = await plainhtml('privacy-policy', 'nl_nl')
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.text).toMatch(/<h2 id="[a-z0-9-]+">/)
    expect(res.text).not.toMatch(/<script|<h1|onerror=|javascript:/i)
    expect(res.headers.etag).toBeTruthy()
    expect(res.headers['cache-control']).toContain('max-age')
    const again = await plainhtml('privacy-policy', 'nl_nl').set('If-None-Match', String(res.headers.etag))
    expect(again.status).toBe(304)
  })

  it.each([
    ['an unknown key', '/api/plainhtml/no-such-document?locale=nl_nl'],
    ['a malformed locale', '/api/plainhtml/privacy-policy?locale=nl'],
    ['an unknown country', '/api/plainhtml/privacy-policy?locale=nl_de'],
    ['no locale', '/api/plainhtml/privacy-policy'],
    ['two locales', '/api/plainhtml/privacy-policy?locale=nl_nl&locale=fr_be'],
    ['a path in the key', '/api/plainhtml/..%2Fpackage.json?locale=nl_nl'],
  ])('answers %s with a 404 JSON error', async (_name, path) => {
    const res = await get(NL, path)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } })
  })
})

describe('GET /api/documents', () => {
  it('lists the documents of a locale with key and display-title key', async () => {
    const res = await get(BE, '/api/documents?locale=fr_be')
    expect(res.status).toBe(200)
    expect(res.body.documents).toContainEqual({
      key: 'privacy-policy',
      titleKey: 'documents.titles.privacy-policy',
      title: 'Politique de confidentialité',
    })
  })
})

describe('document page', () => {
  it('has the document in the server-rendered HTML, with pills, contents and the date it took effect', async () => {
    const res = await get(NL, '/nl/document/privacy-policy')
    expect(res.status).toBe(200)
    expect(res.text).toContain('<h1 id="document-title" tabindex="-1">Privacybeleid')
    expect(res.text).toMatch(/<div id="document-body"[^>]*><p>/)
    expect(res.text).toMatch(
      /Van kracht sinds(<!-- -->)? <time dateTime="\d{4}-\d{2}-\d{2}">\d{1,2} [a-z]+ \d{4}<\/time>/,
    )
    expect(res.text).toContain('href="/nl/document/privacy-policy-applicants"')
    expect(res.text).not.toContain('href="/nl/document/privacy-policy-participants" class="pill"')
    // The text travels once: not again as page data.
    const bodyText = /<div id="document-body"[^>]*><p>([^<]{40})/.exec(res.text)?.[1] ?? ''
    expect(res.text.split(bodyText).length - 1).toBe(1)
  })

  it('shows four pills in Belgium', async () => {
    const res = await get(BE, '/fr/document/privacy-policy-events')
    for (const key of ['privacy-policy', 'privacy-policy-participants', 'privacy-policy-applicants']) {
      expect(res.text).toContain(`href="/fr/document/${key}" class="pill"`)
    }
    expect(res.text).toContain('href="/fr/document/privacy-policy-events" aria-current="page" class="pill"')
  })

  it('uses the document title and description in the head', async () => {
    const res = await get(BE, '/fr/document/cookie-policy')
    expect(res.text).toMatch(/<title>[^<]*cookies[^<]* \| DPG Media Vie privée<\/title>/i)
  })

  it('sends an unknown key to /{lang}/not-found, which is a 404', async () => {
    const res = await get(BE, '/fr/document/no-such-document')
    expect(res.status).toBe(302)
    expect(res.headers.location).toBe('/fr/not-found')
    expect((await get(BE, '/fr/not-found')).status).toBe(404)
  })
})

describe('legacy document paths', () => {
  const CORPORATE = 'https://corporate.example'
  it.each([
    [NL, '/nl/cookiebeleid', '/nl/document/cookie-policy'],
    [BE, '/fr/cookiebeleid', '/fr/document/cookie-policy'],
    [NL, '/nl/document/cookiebeleid', '/nl/document/cookie-policy'],
    [NL, '/nl/gebruiksvoorwaarden', '/nl/document/terms-of-use'],
    [BE, '/nl/document/gebruiksvoorwaarden', '/nl/document/terms-of-use'],
    [NL, '/nl/privacybeleid', '/nl/document/privacy-policy'],
    [BE, '/fr/privacybeleid-consumenten', '/fr/document/privacy-policy'],
    [NL, '/nl/document/privacybeleid-consumenten?utm=x', '/nl/document/privacy-policy?utm=x'],
    [NL, '/nl/privacystatement', '/nl/document/privacy-policy'],
    [NL, '/nl/cookiestatement', '/nl/document/cookie-policy'],
    [BE, '/nl/privacybeleid-deelnemers', '/nl/document/privacy-policy-participants'],
    [BE, '/fr/privacybeleid-deelnemers', '/fr/document/privacy-policy'],
    [BE, '/nl/document/privacybeleid-sollicitanten', '/nl/document/privacy-policy-applicants'],
    [BE, '/fr/document/privacybeleid-sollicitanten', '/fr/document/privacy-policy'],
    [BE, '/fr/politique-de-confidentialite-participants', '/fr/document/privacy-policy'],
    [BE, '/nl/politique-de-confidentialite-candidats', '/nl/document/privacy-policy-applicants'],
    [NL, '/nl/privacybeleid-adverteerders', `${CORPORATE}/nl/privacy-policy-advertisers`],
    [BE, '/fr/cookiebeleid-adverteerders', `${CORPORATE}/fr/cookie-policy-advertisers`],
    [NL, '/nl/document/privacybeleid-b2b', `${CORPORATE}/nl/privacy-policy-b2b`],
    [BE, '/fr/document/cookiebeleid-b2b', `${CORPORATE}/fr/cookie-policy-b2b`],
    [NL, '/en/cookiebeleid-b2b', `${CORPORATE}/en/cookie-policy-b2b`],
  ])('on %s, %s redirects permanently to %s', async (host, path, location) => {
    const res = await get(host, path)
    expect(res.status).toBe(301)
    expect(res.headers.location).toBe(location)
  })

  it('leads a prefix-less old path to its document in one redirect', async () => {
    const res = await get(NL, '/cookiebeleid?x=1')
    expect(res.headers.location).toBe('/nl/document/cookie-policy?x=1')
  })

  it.each([
    [BE, '/nl/privacystatement'],
    [BE, '/fr/cookiestatement'],
    [NL, '/nl/privacybeleid-deelnemers'],
  ])('does not redirect %s%s, which is NL- or BE-only', async (host, path) => {
    const res = await get(host, path)
    expect(res.status).toBe(404)
  })
})
