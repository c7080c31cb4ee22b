import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressBody, preferredEncoding } from './compressed'

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1.0, br;q=0.1', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR ; Q=0 , GZip', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['gzip;q=abc', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('answers %j with %s', (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding)
  })
})

describe('compressBody', () => {
  it('holds the body as it is, in brotli and in gzip, each with an ETag of its own', async () => {
    const html = `<!doctype html><p>${'Privacyverklaring van DPG Media. '.repeat(200)}</p>`
    const body = await compressBody(html)
    expect(body.variants.identity.toString()).toBe(html)
    expect(brotliDecompressSync(body.variants.br).toString()).toBe(html)
    expect(gunzipSync(body.variants.gzip).toString()).toBe(html)
    expect(body.variants.br.length).toBeLessThan(body.variants.gzip.length)
    expect(new Set(Object.values(body.etags)).size).toBe(3)
    expect(body.bytes).toBe(
      body.variants.identity.length + body.variants.br.length + body.variants.gzip.length,
    )
    // The same body gets the same ETags: a copy rendered again after its age limit still answers 304.
    expect((await compressBody(html)).etags).toEqual(body.etags)
  })
})

describe('compressBody for the encoding its first client asked for (issue 30)', () => {
  it('makes that one now and another when it is first asked for, to the same bytes and ETags', async () => {
    const html = `<!doctype html><p>${'Zoeken naar iets dat niemand schreef. '.repeat(100)}</p>`
    const full = await compressBody(html)
    const body = await compressBody(html, 'gzip')
    // What was made at once: the body and its gzip variant only.
    expect(body.bytes).toBe(full.variants.identity.length + full.variants.gzip.length)
    expect(body.etags).toEqual(full.etags)
    expect(gunzipSync(body.variants.gzip).toString()).toBe(html)
    expect(brotliDecompressSync(body.variants.br).toString()).toBe(html)
    expect(body.variants.br).toBe(body.variants.br)
    expect((await compressBody(html, 'identity')).bytes).toBe(full.variants.identity.length)
  })
})

describe('compressBody of a large page', () => {
  it('compresses a body beyond 64 kB in the thread pool, to the same bytes', async () => {
    const html = `<!doctype html><p>${'Privacyverklaring. '.repeat(5000)}</p>`
    const body = await compressBody(html)
    expect(body.variants.identity.length).toBeGreaterThan(64 * 1024)
    expect(brotliDecompressSync(body.variants.br).toString()).toBe(html)
    expect(gunzipSync(body.variants.gzip).toString()).toBe(html)
  })
})

describe("brotli's window sized to the body (issue 30)", () => {
  it.each([0, 1, 1023, 1024, 1025, 4700, 65_537, 5 * 1024 * 1024])(
    'a body of %i bytes comes back whole, whatever window its size gives',
    async (size) => {
      // Text that does not repeat within the body, so a window too small for it would lose back-references.
      const text = Buffer.from(Array.from({ length: size }, (_, i) => 97 + ((i * 7919) % 26)))
      const body = await compressBody(text)
      expect(brotliDecompressSync(body.variants.br).equals(text)).toBe(true)
    },
  )
})
