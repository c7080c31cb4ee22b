import { describe, expect, it } from 'vitest'
import type { CampaignItem } from '#shared/political-ads.ts'
import { campaignFigures } from './format'

const item: CampaignItem = {
  id: 'nl-2026-004',
  status: 'RUNNING',
  sponsorName: 'Partij Noordelijke Samenhang',
  publicationStartDate: '2026-11-10',
  publicationEndDate: '2026-11-26',
  budgetLowerBound: 5000,
  budgetUpperBound: 7500,
  reachLowerBound: 25000,
  reachUpperBound: 60000,
  channel: 'DIGITAL',
  fundingOriginType: 'PRIVATE',
  fundingRegion: 'EU',
}

/** Intl separates with no-break and narrow no-break spaces; the tests read them as plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ')

describe('campaignFigures (spec §9)', () => {
  it('shows both bounds as a range: budget in euros without decimals, reach as numbers', () => {
    const figures = campaignFigures(item, 'nl', 'NL')
    expect(plain(figures.budget ?? '')).toBe('€ 5.000 – € 7.500')
    expect(plain(figures.reach ?? '')).toBe('25.000 – 60.000')
  })

  it.each([
    ['only a lower bound', { budgetLowerBound: 5000, budgetUpperBound: undefined }, '> € 5.000'],
    ['only an upper bound', { budgetLowerBound: undefined, budgetUpperBound: 8000 }, '< € 8.000'],
    ['a lower bound of zero', { budgetLowerBound: 0, budgetUpperBound: undefined }, '> € 0'],
  ])('shows %s as %s', (_name, bounds, shown) => {
    expect(plain(campaignFigures({ ...item, ...bounds }, 'nl', 'NL').budget ?? '')).toBe(shown)
  })

  it('has no figure, not a dash, without bounds: the page then says the figure was not given', () => {
    const figures = campaignFigures(
      { ...item, budgetLowerBound: undefined, budgetUpperBound: undefined, reachLowerBound: undefined },
      'nl',
      'NL',
    )
    expect(figures.budget).toBeUndefined()
    expect(plain(figures.reach ?? '')).toBe('< 60.000')
  })

  it('marks a reach with one bound the same way', () => {
    const figures = campaignFigures({ ...item, reachLowerBound: undefined }, 'nl', 'BE')
    expect(plain(figures.reach ?? '')).toBe('< 60.000')
  })

  it('rounds a budget with cents to whole euros', () => {
    const figures = campaignFigures(
      { ...item, budgetLowerBound: 1234.56, budgetUpperBound: 99.4 },
      'nl',
      'NL',
    )
    expect(plain(figures.budget ?? '')).toBe('€ 1.235 – € 99')
  })

  it('writes the period as a Dutch long-format date range', () => {
    expect(campaignFigures(item, 'nl', 'NL').period).toBe('10 november 2026 – 26 november 2026')
  })

  it('formats a French page of the Belgian site in French', () => {
    const figures = campaignFigures(item, 'fr', 'BE')
    expect(figures.period).toBe('10 novembre 2026 – 26 novembre 2026')
    expect(plain(figures.budget ?? '')).toBe('5 000 € – 7 500 €')
    expect(plain(figures.reach ?? '')).toBe('25 000 – 60 000')
  })

  it('formats the English overlay as Dutch (spec §4: English falls back to Dutch)', () => {
    expect(campaignFigures(item, 'en', 'NL')).toEqual(campaignFigures(item, 'nl', 'NL'))
  })

  it.each([
    ['nl', { campaignContextNoteNl: 'Nederlands', campaignContextNoteFr: 'Français' }, 'Nederlands'],
    ['fr', { campaignContextNoteNl: 'Nederlands', campaignContextNoteFr: 'Français' }, 'Français'],
    ['fr', { campaignContextNoteNl: 'Nederlands' }, 'Nederlands'],
    ['nl', { campaignContextNoteFr: 'Français' }, 'Français'],
    ['nl', {}, undefined],
    ['nl', { campaignContextNoteNl: '  ', campaignContextNoteFr: 'Français' }, 'Français'],
    ['fr', { campaignContextNoteNl: '', campaignContextNoteFr: ' \n' }, undefined],
  ] as const)('on a %s page shows the note %o as %s', (lang, notes, shown) => {
    expect(campaignFigures({ ...item, ...notes }, lang, 'BE').note).toBe(shown)
  })
})
