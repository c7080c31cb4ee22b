import { describe, expect, it } from 'vitest'
import { readPhoneNumber } from './phone-number'

describe('a phone number is read as its writer meant it (issue 27)', () => {
  it.each([
    // A national number of the site's country is that country's number.
    ['0470 12 34 56', 'BE', '+32470123456'],
    ['0470/12.34.56', 'BE', '+32470123456'],
    ['0470-12-34-56', 'BE', '+32470123456'],
    ['06 12 34 56 78', 'NL', '+31612345678'],
    ['020 123 4567', 'NL', '+31201234567'],
    ['02 555 12 34', 'BE', '+3225551234'],
    // Typed or pasted after the pre-filled "+": still the national number.
    ['+0470 12 34 56', 'BE', '+32470123456'],
    ['+06 12 34 56 78', 'NL', '+31612345678'],
    ['+0032 470 12 34 56', 'NL', '+32470123456'],
    // International notations, the other country's numbers included.
    ['+32 470 12 34 56', 'NL', '+32470123456'],
    ['0032 470/12.34.56', 'NL', '+32470123456'],
    ['+32 (0)470 12 34 56', 'BE', '+32470123456'],
    ['+31 06-12345678', 'NL', '+31612345678'],
    ['+33 6 12 34 56 78', 'BE', '+33612345678'],
  ] as const)('%s on the %s site is %s', (text, country, number) => {
    expect(readPhoneNumber(text, country)?.number).toBe(number)
  })

  it.each([
    // What the old keypress filter made of 0470 12 34 56: no number, refused, never stored.
    ['+47123456', 'BE'],
    // A Dutch mobile number typed on the Belgian site is no Belgian number.
    ['0612345678', 'BE'],
    ['0470 12', 'BE'],
    ['0470 12 34 56 7', 'BE'],
    ['12345', 'NL'],
    ['+31612', 'NL'],
    ['+031612345678', 'NL'],
    ['0470 12 34 56 abc', 'BE'],
    ['+32 470 12 34 56 ext 3', 'BE'],
    ['tel:+32470123456', 'BE'],
    ['++32470123456', 'BE'],
    ['+', 'NL'],
    ['', 'NL'],
  ] as const)('%s on the %s site is refused', (text, country) => {
    expect(readPhoneNumber(text, country)).toBeNull()
  })

  it('shows a number back as it will be stored, in the international notation', () => {
    expect(readPhoneNumber('0470 12 34 56', 'BE')?.international).toBe('+32 470 12 34 56')
    expect(readPhoneNumber('06 12 34 56 78', 'NL')?.international).toBe('+31 6 12345678')
  })
})
