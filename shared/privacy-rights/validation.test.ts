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

  it.each([
    ['', null],
    ['01-02-2025', null],
    ['29-02-2024', null],
    ['31-12-1999', null],
    ['30-04-2025', null],
    ['30-02-2024', 'date'],
    ['29-02-2025', 'date'],
    ['31-04-2025', 'date'],
    ['00-01-2025', 'date'],
    ['31-13-2025', 'date'],
    ['2025-02-01', 'date'],
    ['1-2-2025', 'date'],
  ])('publication date %j → %s: dd-mm-yyyy, and a day that exists (issue 20)', (value, rule) => {
    expect(checkDate(value)).toBe(rule)
  })

  it('checks the phone: not just +, then the pattern', () => {
    expect(checkPhone('+')).toBe('required')
    expect(checkPhone('+31 6 1234 5678')).toBeNull()
    expect(checkPhone('+316')).toBe('phone')
  })

  it.each([
    ['+', true],
    ['+3', true],
    ['+316', true],
    ['+31612345678', true],
    ['3', false],
    ['+0', false],
    ['+30', false],
    ['+310', false],
    ['+3106', false],
    ['+31a', false],
    ['+31 6', false],
    [`+316${'1'.repeat(18)}`, true],
    [`+316${'1'.repeat(19)}`, false],
  ])('phone keypress filter: %s → %s', (value, accepted) => {
    expect(acceptPhoneInput(value)).toBe(accepted)
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
  ])('formats the publication date %j as %j', (typed, shown) => {
    expect(formatDateInput(typed)).toBe(shown)
  })

  it('sends the date as dd-mm-yyyy', () => {
    expect(dateForApi('03 - 02 - 2025')).toBe('03-02-2025')
  })
})
