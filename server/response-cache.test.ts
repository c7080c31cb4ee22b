import { describe, expect, it } from 'vitest'
import type { CompressedBody } from './compressed'
import { type CachedResponse, createResponseCache } from './response-cache'

/** An answer whose three variants take `bytes` in all. */
function answer(bytes: number, status = 200): CachedResponse {
  const third = Buffer.alloc(Math.floor(bytes / 3))
  const body: CompressedBody = {
    variants: { br: third, gzip: third, identity: third },
    etags: { br: '"x-br"', gzip: '"x-gz"', identity: '"x"' },
    bytes: third.length * 3,
  }
  return { status, headers: [['Content-Type', 'text/html;charset=utf-8']], body }
}

describe('createResponseCache', () => {
  it('keeps the pages within their share of the byte budget, pushing out the least recently used', () => {
    const cache = createResponseCache({ maxBytes: 400_000 })
    for (let i = 0; i < 10; i++) cache.set(`/page-${i}`, answer(30_000), { shelf: 'pages' })
    // Three quarters of 400 kB hold nine answers of about 31 kB.
    expect(cache.stats().pages.bytes).toBeLessThanOrEqual(300_000)
    expect(cache.stats().pages.entries).toBe(9)
    expect(cache.get('/page-0')).toBeUndefined()
    // Reading /page-1 makes it recent: the next newcomer pushes out /page-2 instead.
    expect(cache.get('/page-1')).toBeDefined()
    cache.set('/page-10', answer(30_000), { shelf: 'pages' })
    expect(cache.get('/page-1')).toBeDefined()
    expect(cache.get('/page-2')).toBeUndefined()
  })

  it('lets a flood of made-up URLs (not-found pages, queries) push out only each other, never the pages', () => {
    const cache = createResponseCache({ maxBytes: 1_000_000 })
    for (let i = 0; i < 20; i++) cache.set(`/page-${i}`, answer(20_000), { shelf: 'pages' })
    for (let i = 0; i < 10_000; i++) {
      cache.set(`/nl/no-such-page-${i}`, answer(5_000, 404), { shelf: 'other', maxAgeMs: 10_000 })
    }
    for (let i = 0; i < 20; i++) expect(cache.get(`/page-${i}`)).toBeDefined()
    expect(cache.stats().other.bytes).toBeLessThanOrEqual(250_000)
    expect(cache.get('/nl/no-such-page-9999')).toBeDefined()
    expect(cache.get('/nl/no-such-page-0')).toBeUndefined()
  })

  it('serves an answer no longer than its own age limit, on the injected clock', () => {
    let now = 1_000_000
    const cache = createResponseCache({ maxBytes: 1_000_000, clock: () => now })
    cache.set('/political-ads', answer(3_000), { shelf: 'pages', maxAgeMs: 5_000 })
    cache.set('/about', answer(3_000), { shelf: 'pages' })
    now += 5_000
    expect(cache.get('/political-ads')).toBeDefined()
    now += 1
    expect(cache.get('/political-ads')).toBeUndefined()
    // Without a limit a page stays while the process runs (its content was loaded at start-up).
    now += 86_400_000
    expect(cache.get('/about')).toBeDefined()
  })

  it('keeps one copy when a path moves from one shelf to the other', () => {
    const cache = createResponseCache({ maxBytes: 1_000_000 })
    cache.set('/political-ads/x', answer(3_000, 404), { shelf: 'other', maxAgeMs: 10_000 })
    cache.set('/political-ads/x', answer(3_000), { shelf: 'pages' })
    expect(cache.get('/political-ads/x')?.status).toBe(200)
    expect(cache.stats().other.entries).toBe(0)
  })

  it('does not keep an answer larger than its whole shelf', () => {
    const cache = createResponseCache({ maxBytes: 100_000 })
    cache.set('/huge', answer(90_000), { shelf: 'pages' })
    expect(cache.get('/huge')).toBeUndefined()
    expect(cache.stats().pages.bytes).toBe(0)
  })

  it('forgets the answers made of what changed in this process, and only those', () => {
    const cache = createResponseCache({ maxBytes: 400_000 })
    cache.set(
      '/nl/political-ads/a',
      { ...answer(3_000), tag: 'notices' },
      { shelf: 'pages', maxAgeMs: 5_000 },
    )
    cache.set('/nl/political-ads?channel=TV', { ...answer(3_000), tag: 'notices' }, { shelf: 'other' })
    cache.set('/nl/about', answer(3_000), { shelf: 'pages' })
    cache.forget('notices')
    expect(cache.get('/nl/political-ads/a')).toBeUndefined()
    expect(cache.get('/nl/political-ads?channel=TV')).toBeUndefined()
    expect(cache.get('/nl/about')).toBeDefined()
  })
})
