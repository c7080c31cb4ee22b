import { beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '#server/db/database.ts'
import { importCampaigns } from '#server/services/campaign-import.ts'
import { createComplaintDesk } from '#server/services/complaint-desk.ts'
import type { DeskActor } from '#server/services/desk.ts'
import { InvalidTransition, NotFound, NoticeNotCorrected, ValidationFailed } from '#server/services/errors.ts'
import { type ComplaintDeps, submitComplaint } from '#server/services/political-ad-complaints.ts'
import { type Site, togglesFrom } from '#shared/site.ts'
import { BE_VOTE } from '../support/campaigns'
import { memoryDb } from './memory-db'

/**
 * Issue 31 item 5: every complaint rule on the service functions themselves, on the injected clock and an
 * in-memory SQLite database: no HTTP, no router, no SMTP (the outbox rows are what a mail is at this layer).
 */
const MAILBOX = { NL: 'politieke-advertenties@dpgmedia.nl', BE: 'politieke-advertenties@dpgmedia.be' }
const site: Site = {
  host: 'privacy-acc.dpgmedia.be',
  country: 'BE',
  environment: 'non-production',
  toggles: togglesFrom(['POLITICAL_ADS']),
  origin: 'https://privacy-acc.dpgmedia.be',
}
const lisa: DeskActor = {
  subject: 'lisa',
  issuer: 'https://login.example',
  email: 'lisa.desk@dpgmedia.nl',
  name: 'Lisa',
  countries: ['BE'],
}

describe('the political-ad complaint rules, without HTTP', () => {
  let db: Db
  let now = new Date('2026-10-01T10:00:00Z')
  const clock = () => now
  let noticesChanged = 0
  const desk = () =>
    createComplaintDesk({
      db,
      mailbox: MAILBOX,
      noticeOrigin: () => 'https://privacy-acc.dpgmedia.be',
      noticesChanged: () => {
        noticesChanged += 1
      },
      clock,
    })
  const deps = (): ComplaintDeps => ({
    db,
    emailDomainCheck: async () => true,
    mailLimit: { allows: async () => true },
    complaintMailbox: MAILBOX,
    clock,
    includeSamples: false,
  })
  const complain = async (campaignId = 'be-vote') => {
    const body = {
      name: 'Camille Dupont',
      email: 'Camille@Example.be ',
      explanation: 'Le payeur manque.',
      reason: 'NOTICE_INCORRECT' as const,
      campaignId,
      locale: 'fr_be' as const,
    }
    return (await submitComplaint(deps(), body, site)).reference
  }
  const mails = () => db.db.selectFrom('mail_outbox').select(['kind', 'to_address', 'subject']).execute()

  beforeEach(async () => {
    now = new Date('2026-10-01T10:00:00Z')
    noticesChanged = 0
    db = await memoryDb()
    await importCampaigns(db, [BE_VOTE], { country: 'BE', now })
  })

  it('stores a complaint as received, due in 48 hours before a vote, and queues both mails', async () => {
    const reference = await complain()
    const view = await desk().detail(lisa, reference.toLowerCase())
    expect(view).toMatchObject({ status: 'received', email: 'camille@example.be', closedAt: null })
    expect(view.dueAt).toBe('2026-10-03T10:00:00.000Z')
    expect(view.timeline.map((event) => event.kind)).toContain('received')
    expect((await mails()).map((mail) => mail.to_address).sort()).toEqual(
      ['camille@example.be', MAILBOX.BE].sort(),
    )
  })

  it('refuses a complaint about an unknown notice', async () => {
    await expect(complain('nowhere')).rejects.toBeInstanceOf(ValidationFailed)
  })

  it('is reviewed once; a complaint of another country is not found', async () => {
    const reference = await complain()
    expect((await desk().review(lisa, reference)).status).toBe('under_review')
    await expect(desk().review(lisa, reference)).rejects.toBeInstanceOf(InvalidTransition)
    await expect(desk().review({ ...lisa, countries: ['NL'] }, reference)).rejects.toBeInstanceOf(NotFound)
  })

  it('closes "notice corrected" only after a newer version of the notice, naming it, and mails the outcome', async () => {
    const reference = await complain()
    await expect(desk().close(lisa, reference, 'notice_corrected', 'Corrigé.')).rejects.toBeInstanceOf(
      NoticeNotCorrected,
    )
    now = new Date('2026-10-01T11:00:00Z')
    const withPayer = { ...BE_VOTE, payerName: 'Fonds Morgen', payerEmail: 'fonds@morgen.example' }
    expect(await importCampaigns(db, [withPayer], { country: 'BE', now })).toMatchObject({ changed: 1 })
    const closed = await desk().close(lisa, reference, 'notice_corrected', 'Corrigé.')
    expect(closed).toMatchObject({ status: 'notice_corrected', closedAt: now.toISOString() })
    expect(closed.timeline).toContainEqual(expect.objectContaining({ kind: 'notice-corrected', detail: '2' }))
    expect((await mails()).filter((mail) => mail.kind === 'complaint-outcome')).toHaveLength(1)
    expect(noticesChanged).toBe(1)
  })

  it('suspends the ad with a new version of the notice, and refuses any further closing; notes stay', async () => {
    const reference = await complain()
    const closed = await desk().close(lisa, reference, 'ad_suspended', 'Suspendue.')
    expect(closed.status).toBe('ad_suspended')
    expect(closed.timeline).toContainEqual(expect.objectContaining({ kind: 'notice-suspended', detail: '2' }))
    await expect(desk().close(lisa, reference, 'dismissed', 'x')).rejects.toBeInstanceOf(InvalidTransition)
    await expect(desk().review(lisa, reference)).rejects.toBeInstanceOf(InvalidTransition)
    const noted = await desk().note(lisa, reference, 'Sponsor informé.')
    expect(noted.timeline).toContainEqual(expect.objectContaining({ kind: 'note', text: 'Sponsor informé.' }))
  })

  it('dismisses from received or under review, and lists open ones first', async () => {
    const first = await complain()
    const second = await complain()
    await desk().review(lisa, second)
    expect((await desk().close(lisa, first, 'dismissed', 'Rien à corriger.')).status).toBe('dismissed')
    const { items, total } = await desk().list(lisa, { limit: 25, offset: 0 })
    expect(total).toBe(2)
    expect(items.map((item) => item.reference)).toEqual([second, first])
  })
})
