import { describe, expect, it } from 'vitest'
import {
  acceptPhoneInput,
  checkDate,
  checkEmail,
  checkPhone,
  checkRequired,
  dateForApi,
  formatDateInput,
} from './validation'

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

  it('checks the phone: not just +, then the pattern', () => {
    expect(checkPhone('+')).toBe('required')
    expect(checkPhone('+31 6 1234 5678')).toBeNull()
    expect(checkPhone('+316')).toBe('phone')
  })

  const typedOn = ['+', '+3', '+316', '+31612345678', `+316${'1'.repeat(18)}`]
  const keptOut = ['3', '+0', '+30', '+310', '+3106', '+31a', '+31 6', `+316${'1'.repeat(19)}`]
  it.each([...typedOn.map((value) => [value, true]), ...keptOut.map((value) => [value, false])])(
    'phone keypress filter: %s → %s',
    (value, accepted) => {
      expect(acceptPhoneInput(value as string)).toBe(accepted)
    },
  )

  it.each([
    ['0', '0'],
    ['03', '03'],
    ['030', '03 - 0'],
    ['03022025', '03 - 02 - 2025'],
    ['03/02/2025', '03 - 02 - 2025'],
    ['03-02-2025', '03 - 02 - 2025'],
    ['03a', '03'],
    ['0302202599', '03 - 02 - 2025'],
  ])('formats the publication date %j as %j', (typed, shown) => {
    expect(formatDateInput(typed)).toBe(shown)
  })

  it('sends the date as dd-mm-yyyy', () => {
    expect(dateForApi('03 - 02 - 2025')).toBe('03-02-2025')
  })
})
