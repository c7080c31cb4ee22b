import { describe, expect, it } from 'vitest'
import { fallbackChain, htmlLang, languagesOf, parseLocale, switchLanguage, toLocale } from './locale'

describe('locale model', () => {
  it('builds a locale from language and country', () => {
    expect(toLocale('fr', 'BE')).toBe('fr_be')
    expect(toLocale('en', 'NL')).toBe('en_nl')
    expect(htmlLang('nl', 'BE')).toBe('nl-BE')
  })

  it.each([
    ['en_be', ['en_be', 'nl_be', 'nl_nl']],
    ['nl_be', ['nl_be', 'nl_nl']],
    ['fr_be', ['fr_be', 'nl_nl']],
    ['en_nl', ['en_nl', 'nl_nl']],
    ['nl_nl', ['nl_nl']],
  ] as const)('falls back from %s through %j', (locale, chain) => {
    expect(fallbackChain(locale)).toEqual(chain)
  })

  it.each(['nl_nl', 'fr_be', 'en_be'])('parses %s', (value) => {
    expect(parseLocale(value)).not.toBeNull()
  })

  it.each(['nl', 'NL_NL', 'de_be', 'nl_de', 'nl_nl ', '../nl_nl'])('rejects %j', (value) => {
    expect(parseLocale(value)).toBeNull()
  })

  it('offers the switcher only in Belgium', () => {
    expect(languagesOf('BE')).toEqual(['nl', 'fr'])
    expect(languagesOf('NL')).toEqual(['nl'])
  })

  it.each([
    ['/nl/about?x=1', 'fr', '/fr/about?x=1'],
    ['/fr', 'nl', '/nl'],
    ['/nl?q=a', 'fr', '/fr?q=a'],
    ['/fr/privacy-rights/access#form', 'nl', '/nl/privacy-rights/access#form'],
  ] as const)('switches %s to %s as %s', (url, lang, expected) => {
    expect(switchLanguage(url, lang)).toBe(expected)
  })
})
