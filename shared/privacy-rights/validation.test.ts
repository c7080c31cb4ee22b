import { describe, expect, it } from 'vitest'
import { readPhoneNumber } from '../phone-number'
import { checkDate, checkEmail, checkPhone, checkRequired, dateForApi, formatDateInput } from './validation'

describe('spec §5 rules in the browser', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['empty_val', 'required'],
    ['placeholder', 'required'],
    ['x', null],
  ])('required %j → %s', (value, rule) => {
    expect(checkRequired(value)).toBe(rule)
  })

  it('checks e-mail shape, and presence only where required', () => {
    expect(checkEmail('', false)).toBeNull()
    expect(checkEmail('', true)).toBe('required')
    expect(checkEmail('a@b', true)).toBe('email')
    expect(checkEmail('a@b.nl', true)).toBeNull()
  })

  const realDates = ['', '01-02-2025', '29-02-2024', '31-12-1999', '30-04-2025']
  const notDates = [
    '30-02-2024',
    '29-02-2025',
    '31-04-2025',
    '00-01-2025',
    '31-13-2025',
    '2025-02-01',
    '1-2-2025',
  ]
  it.each([...realDates.map((value) => [value, null]), ...notDates.map((value) => [value, 'date'])])(
    'publication date %j → %s: dd-mm-yyyy, and a day that exists (issue 20)',
    (value, rule) => {
      expect(checkDate(value as string)).toBe(rule)
    },
  )

  it("checks the phone: not just +, then a number of a numbering plan, read in the site's country", () => {
    expect(checkPhone('+', 'NL', readPhoneNumber)).toBe('required')
    expect(checkPhone('+31 6 1234 5678', 'NL', readPhoneNumber)).toBeNull()
    expect(checkPhone('06 1234 5678', 'NL', readPhoneNumber)).toBeNull()
    expect(checkPhone('06 1234 5678', 'BE', readPhoneNumber)).toBe('phone')
    expect(checkPhone('+316', 'NL', readPhoneNumber)).toBe('phone')
  })

  it.each([
    ['0', '0'],
    ['03', '03'],
    ['030', '03 - 0'],
    ['03022025', '03 - 02 - 2025'],
    ['03/02/2025', '03 - 02 - 2025'],
    ['03-02-2025', '03 - 02 - 2025'],
    ['03a', '03'],
    ['0302202599', '03 - 02 - 2025'],
    // Issue 27: a one-digit day or month closed by a separator is that day or month.
    ['1/2/2025', '01 - 02 - 2025'],
    ['1-2-2025', '01 - 02 - 2025'],
    ['1.2.2025', '01 - 02 - 2025'],
    ['1 2 2025', '01 - 02 - 2025'],
    ['1/', '01'],
    ['01 - 2/', '01 - 02'],
    ['2025-02-01', '01 - 02 - 2025'],
    ['2025-2-1', '01 - 02 - 2025'],
    // A two-digit year stays as typed, and checkDate refuses it: never a day made of a year's digits.
    ['1/2/25', '01 - 02 - 25'],
  ])('formats the publication date %j as %j', (typed, shown) => {
    expect(formatDateInput(typed)).toBe(shown)
  })

  it('gives the same date typed key by key as pasted (issue 27)', () => {
    for (const text of ['1/2/2025', '3-11-2024', '03022025', '25/12/2024']) {
      const typed = [...text].reduce((shown, key) => formatDateInput(shown + key), '')
      expect(typed).toBe(formatDateInput(text))
      expect(checkDate(dateForApi(typed))).toBeNull()
    }
    expect(checkDate(dateForApi(formatDateInput('1/2/25')))).toBe('date')
  })

  it('lets the last character go with Backspace', () => {
    expect(formatDateInput('01 - 02 - ')).toBe('01 - 02')
    expect(formatDateInput('01 - ')).toBe('01')
  })

  it('sends the date as dd-mm-yyyy', () => {
    expect(dateForApi('03 - 02 - 2025')).toBe('03-02-2025')
  })
})
