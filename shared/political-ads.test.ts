import { describe, expect, it } from 'vitest'
import { earlierVersions, type Notice, type NoticeVersion } from './political-ads'

const current: Notice = {
  id: 'hist-1',
  status: 'RUNNING',
  sponsorName: 'Stichting Herziening',
  sponsorEmail: 'info@herziening.example',
  publicationStartDate: '2026-10-01',
  publicationEndDate: '2026-12-31',
  budgetLowerBound: 1000,
  budgetUpperBound: 5000,
  channel: 'PRINT',
  fundingOriginType: 'PRIVATE',
  fundingRegion: 'EU',
  payerName: 'Fonds Nieuw',
  payerEmail: 'info@fondsnieuw.example',
  suspensions: [{ date: '2026-11-02', complaint: 'NL-261101-K7Q2M' }],
  previousPublicationSuspended: true,
  amountsCurrency: 'EUR',
  version: 3,
  changedAt: '2026-11-02T10:00:00.000Z',
}

/** Newest first, as the API answers them: version 2 gained a suspension, version 1 a higher budget and a payer. */
const versions: NoticeVersion[] = [
  { version: 2, replacedAt: '2026-11-02T10:00:00.000Z', changed: ['suspensions'], previous: {} },
  {
    version: 1,
    replacedAt: '2026-10-15T08:00:00.000Z',
    changed: ['budgetUpperBound', 'payerEmail', 'payerName', 'sponsorAddress'],
    previous: { budgetUpperBound: 2000, sponsorAddress: 'Markt 1, 3511 AA Utrecht' },
  },
]

describe('earlierVersions (issue 18)', () => {
  it('rebuilds each earlier version from the one after it and the fields that one changed', () => {
    const [second, first] = earlierVersions(current, versions)
    const {
      previousPublicationSuspended: _flag,
      amountsCurrency: _currency,
      version: _version,
      changedAt: _changedAt,
      suspensions: _suspensions,
      ...fields
    } = current
    // Version 2 had no suspension yet; nothing else differed.
    expect(second).toEqual(fields)
    // Version 1: the unchanged lower bound, its own upper bound, no payer yet, an address given up later.
    expect(first).toEqual({
      ...fields,
      budgetUpperBound: 2000,
      payerName: undefined,
      payerEmail: undefined,
      sponsorAddress: 'Markt 1, 3511 AA Utrecht',
    })
    expect(first).not.toHaveProperty('payerName')
    expect(first).not.toHaveProperty('version')
    expect(first).not.toHaveProperty('previousPublicationSuspended')
  })

  it('has nothing to rebuild for a notice that never changed', () => {
    expect(earlierVersions(current, [])).toEqual([])
  })
})
