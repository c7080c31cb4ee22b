import { describe, expect, it } from 'vitest'
import { localizedPath, routeLanguage } from './routing'

describe('routeLanguage', () => {
  it.each([
    ['/nl', { kind: 'page', lang: 'nl', urlLogical: '/' }],
    ['/fr/about?x=1', { kind: 'page', lang: 'fr', urlLogical: '/about?x=1' }],
    [
      '/en/document/privacy-policy#rights',
      { kind: 'page', lang: 'en', urlLogical: '/document/privacy-policy#rights' },
    ],
    ['/phone?x=1', { kind: 'redirect', to: '/nl/phone?x=1' }],
    ['/', { kind: 'redirect', to: '/nl' }],
    ['/?a=1', { kind: 'redirect', to: '/nl?a=1' }],
    ['/nlx/about', { kind: 'redirect', to: '/nl/nlx/about' }],
    ['//evil.example/x', { kind: 'redirect', to: '/nl//evil.example/x' }],
    ['/de/', { kind: 'not-found' }],
    ['/NL/about', { kind: 'not-found' }],
    ['/xx', { kind: 'not-found' }],
  ])('%s → %j', (url, expected) => {
    expect(routeLanguage(url)).toEqual(expected)
  })
})

describe('localizedPath', () => {
  it('puts the prefix before a logical path, without a trailing slash for home', () => {
    expect(localizedPath('fr', '/')).toBe('/fr')
    expect(localizedPath('nl', '/phone')).toBe('/nl/phone')
  })
})
