/** A campaign item as `npm run campaigns:import` takes it (spec §3), with the fields a test sets. */
export const campaignItem = (id: string, overrides: Record<string, unknown> = {}) => ({
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
