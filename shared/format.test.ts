import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import {
  euroFormatter,
  formatDateRange,
  formatDateTime,
  formatFileSize,
  formatLongDate,
  localIsoDateTime,
  numberFormatter,
  TIME_ZONES,
} from './format'

/** What Intl writes for the moment, field by field: the way the function wrote every time before issue 30. */
function byIntl(iso: string, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  )
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).slice(3)
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`
}

describe('localIsoDateTime', () => {
  it('writes the Dutch and Belgian clocks with their offset, across the changes to and from summer time', () => {
    expect(localIsoDateTime('2026-11-24T09:05:00.000Z', 'NL')).toBe('2026-11-24T10:05:00+01:00')
    expect(localIsoDateTime('2026-07-01T22:30:59.999Z', 'BE')).toBe('2026-07-02T00:30:59+02:00')
    // 29 March 2026, 01:00 UTC: 02:00 becomes 03:00; 25 October 2026, 01:00 UTC: 03:00 becomes 02:00.
    expect(localIsoDateTime('2026-03-29T00:59:59Z', 'NL')).toBe('2026-03-29T01:59:59+01:00')
    expect(localIsoDateTime('2026-03-29T01:00:00Z', 'NL')).toBe('2026-03-29T03:00:00+02:00')
    expect(localIsoDateTime('2026-10-25T00:59:59Z', 'BE')).toBe('2026-10-25T02:59:59+02:00')
    expect(localIsoDateTime('2026-10-25T01:00:00Z', 'BE')).toBe('2026-10-25T02:00:00+01:00')
    expect(() => localIsoDateTime('not a time', 'NL')).toThrow(RangeError)
  })

  it('is what Intl writes for any moment from 1990 to 2080', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2080, 0, 1) }),
        fc.constantFrom('NL', 'BE'),
        (ms, country) => {
          const iso = new Date(ms).toISOString()
          expect(localIsoDateTime(iso, country)).toBe(byIntl(iso, TIME_ZONES[country]))
        },
      ),
      { numRuns: 2000 },
    )
  })
})

describe('the formatters (issue 30)', () => {
  it('write the dates and amounts of each language and country', () => {
    expect(formatLongDate('2026-10-01', 'nl', 'NL')).toBe('1 oktober 2026')
    expect(formatLongDate('2026-10-01T23:00:00Z', 'fr', 'BE')).toBe('1 octobre 2026')
    expect(formatDateRange('2026-10-01', '2026-11-30', 'nl', 'BE')).toBe('1 oktober 2026 – 30 november 2026')
    expect(formatDateTime('2026-11-24T09:05:00Z', 'nl', 'NL')).toBe('24 november 2026 om 10:05')
    expect(euroFormatter('nl', 'NL')(12000)).toBe('€\u00a012.000')
    expect(numberFormatter('fr', 'BE')(12000)).toBe('12\u202f000')
    expect(formatFileSize(18_300, 'nl', 'NL')).toBe('18,3 kB')
  })

  it('make each formatter once, however many rows a digest or an export writes', () => {
    const dates = vi.spyOn(Intl, 'DateTimeFormat')
    const numbers = vi.spyOn(Intl, 'NumberFormat')
    try {
      for (let day = 1; day <= 28; day++) {
        const date = `2026-02-${String(day).padStart(2, '0')}`
        formatLongDate(date, 'nl', 'NL')
        formatDateRange(date, date, 'fr', 'BE')
        formatDateTime(`${date}T10:00:00Z`, 'nl', 'BE')
        euroFormatter('nl', 'BE')(day)
        numberFormatter('nl', 'NL')(day)
        formatFileSize(day * 1000, 'fr', 'BE')
      }
      // At most one per kind, language and country (none where an earlier test made it already).
      expect(dates.mock.calls.length).toBeLessThanOrEqual(3)
      expect(numbers.mock.calls.length).toBeLessThanOrEqual(4)
    } finally {
      dates.mockRestore()
      numbers.mockRestore()
    }
  })
})
