import { describe, expect, it } from 'vitest'
import { followRedirects, REDIRECT_LIMIT, type RedirectRule } from './redirects'

const chain =
  (length: number): RedirectRule =>
  (url) => {
    const n = Number(url.slice(1))
    return n < length ? `/${n + 1}` : null
  }

describe('followRedirects', () => {
  it('reports no redirect when no rule applies', () => {
    expect(followRedirects('/0', [chain(0)])).toEqual({ kind: 'none' })
  })

  it('collapses a chain into one redirect to its end', () => {
    expect(followRedirects('/0', [chain(5)])).toEqual({ kind: 'redirect', to: '/5' })
  })

  it(`allows ${REDIRECT_LIMIT} chained redirects and calls one more a loop`, () => {
    expect(followRedirects('/0', [chain(REDIRECT_LIMIT)])).toEqual({
      kind: 'redirect',
      to: `/${REDIRECT_LIMIT}`,
    })
    expect(followRedirects('/0', [chain(REDIRECT_LIMIT + 1)])).toEqual({ kind: 'loop' })
  })

  it('detects a cycle', () => {
    const cycle: RedirectRule = (url) => (url === '/a' ? '/b' : url === '/b' ? '/a' : null)
    expect(followRedirects('/a', [cycle])).toEqual({ kind: 'loop' })
  })
})
