import { describe, expect, it } from 'vitest'
import { followRedirects, REDIRECT_LIMIT, type RedirectRule } from './redirects'

const chain = (length: number): RedirectRule => ({
  permanent: true,
  apply(url) {
    const n = Number(url.slice(1))
    return n < length ? `/${n + 1}` : null
  },
})

describe('followRedirects', () => {
  it('reports no redirect when no rule applies', () => {
    expect(followRedirects('/0', [chain(0)])).toEqual({ kind: 'none' })
  })

  it('collapses a chain into one redirect to its end', () => {
    expect(followRedirects('/0', [chain(5)])).toEqual({ kind: 'redirect', to: '/5', permanent: true })
  })

  it(`allows ${REDIRECT_LIMIT} chained redirects and calls one more a loop`, () => {
    expect(followRedirects('/0', [chain(REDIRECT_LIMIT)])).toEqual({
      kind: 'redirect',
      to: `/${REDIRECT_LIMIT}`,
      permanent: true,
    })
    expect(followRedirects('/0', [chain(REDIRECT_LIMIT + 1)])).toEqual({ kind: 'loop' })
  })

  it('detects a cycle', () => {
    const cycle: RedirectRule = {
      permanent: true,
      apply: (url) => (url === '/a' ? '/b' : url === '/b' ? '/a' : null),
    }
    expect(followRedirects('/a', [cycle])).toEqual({ kind: 'loop' })
  })
})

describe('permanence', () => {
  it('is temporary when any hop is', () => {
    const temporary: RedirectRule = { permanent: false, apply: (url) => (url === '/0' ? '/1' : null) }
    expect(followRedirects('/0', [temporary, chain(3)])).toEqual({
      kind: 'redirect',
      to: '/3',
      permanent: false,
    })
  })

  it('stops at an absolute URL', () => {
    const out: RedirectRule = {
      permanent: true,
      apply: (url) => (url === '/0' ? 'https://example.org/x' : null),
    }
    expect(followRedirects('/0', [out, chain(3)])).toEqual({
      kind: 'redirect',
      to: 'https://example.org/x',
      permanent: true,
    })
  })
})
