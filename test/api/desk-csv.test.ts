import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES } from '../support/app'
import { DESK_API as API, type DeskBench, deskTestSetup } from '../support/desk'

/** Winter time in both countries: 09:00 UTC is 10:00 on the clocks of Amsterdam and Brussels. */
const NOW = new Date('2026-11-02T09:00:00Z')

/**
 * Issue 27: the desk's CSV is a spreadsheet a privacy officer reads: headers in the export's language, times as
 * the country's clocks show them with their offset, and the refusal's ground and the extension's date.
 */
describe.each(DATABASES)('the desk CSV on %s', (kind) => {
  let desk: DeskBench
  const references = { extended: '', rejected: '' }
  beforeAll(async () => {
    desk = await deskTestSetup(kind, NOW)
    for (const [name, country] of [
      ['extended', 'BE'],
      ['rejected', 'NL'],
    ] as const) {
      const email = desk.email(name, country)
      references[name] = await desk.submit(email, country)
      await desk.verify(email, references[name], country)
    }
    expect(
      (await desk.post(`${API}/${references.extended}/extend`, { reason: 'Veel systemen.' })).status,
    ).toBe(200)
    const rejected = await desk.post(`${API}/${references.rejected}/reject`, {
      reason: 'IDENTITY',
      message: 'Wij konden uw identiteit niet vaststellen.',
    })
    expect(rejected.status).toBe(200)
  })
  afterAll(() => desk?.close())

  const rows = async (lang: 'nl' | 'fr') => {
    const csv = await desk.get(`${API}.csv?lang=${lang}`)
    expect(csv.status).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.text.startsWith('\uFEFF')).toBe(true)
    const [header, ...lines] = csv.text.slice(1).replace(/\r\n$/, '').split('\r\n')
    const names = header?.split(';') ?? []
    return lines.map((line) => Object.fromEntries(line.split(';').map((cell, i) => [names[i], cell])))
  }

  it('names its columns in the language of the export', async () => {
    const [nl] = await rows('nl')
    expect(Object.keys(nl ?? {})).toEqual([
      'Referentie',
      'Soort aanvraag',
      'Land',
      'Taal',
      'Status',
      'Ontvangen',
      'Bevestigd',
      'Uiterste datum',
      'Dagen over',
      'Gesloten',
      'Verlengd op',
      'Weigeringsgrond',
    ])
    const [fr] = await rows('fr')
    expect(Object.keys(fr ?? {})).toContain('Motif du refus')
    expect(Object.keys(fr ?? {})[0]).toBe('Référence')
  })

  it("gives times in the request's country's zone with their offset, the extension's date and the refusal's ground", async () => {
    const all = await rows('nl')
    const extended = all.find((row) => row.Referentie === references.extended)
    const rejected = all.find((row) => row.Referentie === references.rejected)
    expect(extended).toMatchObject({
      Land: 'BE',
      Status: 'extended',
      Ontvangen: '2026-11-02T10:00:00+01:00',
      'Verlengd op': '2026-11-02T10:00:00+01:00',
      Weigeringsgrond: '',
    })
    // Due three months after verification (the first month and the extension's two): 2 February, winter time.
    expect(extended?.['Uiterste datum']).toBe('2027-02-02T10:00:00+01:00')
    expect(rejected).toMatchObject({
      Land: 'NL',
      Status: 'rejected',
      Gesloten: '2026-11-02T10:00:00+01:00',
      'Verlengd op': '',
      Weigeringsgrond: 'IDENTITY',
    })
  })
})
