/**
 * A campaign item as `npm run campaigns:import` takes it (spec §3), with what the regulation makes mandatory
 * (issue 18: the sponsor's e-mail, the amounts and their methodology, targeting for a digital ad) and the
 * overrides of a test.
 */
export const campaignItem = <T extends Record<string, unknown>>(id: string, overrides: T = {} as T) => ({
  id,
  status: 'RUNNING',
  sponsorName: `Sponsor ${id}`,
  sponsorEmail: `info@${id}.example`,
  publicationStartDate: '2026-11-01',
  publicationEndDate: '2026-12-31',
  budgetLowerBound: 1000,
  channel: 'DIGITAL',
  fundingOriginType: 'PRIVATE',
  fundingRegion: 'EU',
  amountsMethodology: 'Gefactureerde bedragen, exclusief btw.',
  targetingUsed: false,
  ...overrides,
})

/** A radio ad two weeks before a vote. */
export const BE_VOTE = {
  id: 'be-vote',
  status: 'RUNNING',
  sponsorName: 'Beweging Morgen',
  sponsorEmail: 'info@bewegingmorgen.example',
  publicationStartDate: '2026-09-01',
  publicationEndDate: '2026-10-20',
  channel: 'RADIO',
  fundingOriginType: 'PRIVATE',
  fundingRegion: 'EU',
  budgetUpperBound: 8000,
  amountsMethodology: 'Gefactureerde bedragen per zendmoment, exclusief btw.',
  linkedProcessType: 'ELECTION',
  linkedProcessName: 'Gemeenteraadsverkiezingen',
  linkedProcessDate: '2026-10-14',
  electionInfoUrl: 'https://www.vlaanderenkiest.be',
}
