import { describe, expect, it } from 'vitest'
import { newReference, REFERENCE_PATTERN } from './references'

describe('newReference', () => {
  it('is {country}-{yymmdd}-{5 unambiguous characters}, dated in the Low Countries', () => {
    // 23:30 UTC on 23 November is already 24 November in Amsterdam and Brussels.
    const reference = newReference('NL', new Date('2026-11-23T23:30:00Z'))
    expect(reference).toMatch(/^NL-261124-[2-9A-Z]{5}$/)
    expect(reference).toMatch(REFERENCE_PATTERN)
    expect(newReference('BE', new Date('2026-01-05T10:00:00Z'))).toMatch(/^BE-260105-/)
  })

  it('never uses look-alike characters', () => {
    const codes = Array.from({ length: 2000 }, () => newReference('NL', new Date()).slice(-5)).join('')
    expect(codes).not.toMatch(/[01OILUV]/)
  })
})
