import { describe, expect, it } from 'vitest'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import { UNCONFIRMED_LISTED, unconfirmedMail } from './templates'

const unconfirmed = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    reference: `BE-261001-${String(index).padStart(5, '0')}`,
    brandKey: 'HLN',
    channel: 'PHONE',
    since: '1 oktober 2026',
  }))
const listedIn = (text: string) => text.split('\n').filter((line) => / · HLN · PHONE · /.test(line)).length

describe('the mail of suppressions no brand system confirmed', () => {
  it.each([
    ['nl_be', /alleen de oudste 1000: in totaal wachten 1003 bezwaren op een bevestiging/],
    [
      'fr_be',
      /ne reprend que les 1000 plus anciennes : au total, 1003 oppositions attendent une confirmation/,
    ],
  ] as const)('in %s, lists the oldest and says how many wait in all when there are more', (locale, cut) => {
    const mail = unconfirmedMail(
      serverTranslate(locale),
      unconfirmed(UNCONFIRMED_LISTED),
      UNCONFIRMED_LISTED + 3,
    )
    expect(mail.text).toMatch(cut)
    expect(mail.html).toMatch(cut)
    expect(mail.subject).toContain('1003')
    expect(listedIn(mail.text)).toBe(UNCONFIRMED_LISTED)
    expect(mail.text).toContain('BE-261001-00000')
    expect(mail.text).not.toContain(`BE-261001-0${UNCONFIRMED_LISTED}`)
  })

  it('lists every one, without a word about a cut, when all fit', () => {
    const mail = unconfirmedMail(
      serverTranslate('nl_nl'),
      unconfirmed(UNCONFIRMED_LISTED),
      UNCONFIRMED_LISTED,
    )
    expect(listedIn(mail.text)).toBe(UNCONFIRMED_LISTED)
    expect(mail.text).not.toMatch(/in totaal wachten/)
  })
})
