/** An import row of a political-ad notice: the required fields, running now, and what the test overrides. */
export const campaignRow = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  status: 'RUNNING',
  sponsorName: `Sponsor ${id}`,
  publicationStartDate: '2026-11-01',
  publicationEndDate: '2026-12-31',
  channel: 'DIGITAL',
  fundingOriginType: 'PRIVATE',
  fundingRegion: 'EU',
  previousPublicationSuspended: false,
  ...overrides,
})
