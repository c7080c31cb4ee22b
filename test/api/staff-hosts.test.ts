import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importCampaigns } from '#server/services/campaign-import.ts'
import { DATABASES } from '../support/app'
import { campaignItem } from '../support/campaigns'
import { DESK_API, type DeskBench, deskTestSetup, MAILBOX } from '../support/desk'

/**
 * Issue 26: staff reach the desk on the staff hosts of the deployed host tables: the table the Docker image
 * runs with (config/hosts.production.json), and the acceptance table. The public hosts keep the spec's
 * toggles: no desk there.
 */

const START = new Date('2026-11-02T09:00:00Z')
const PRODUCTION = 'config/hosts.production.json'
const ACCEPTANCE = 'config/hosts.acceptance.json'
const QUEUE_PAGE = '/nl/internal-privacy-rights/requests'

describe.each(DATABASES)('the production table on %s', (kind) => {
  let desk: DeskBench
  beforeAll(async () => {
    desk = await deskTestSetup(
      kind,
      START,
      { SITE_HOSTS_FILE: PRODUCTION, FATHOM_SITE_ID: 'ABCDEFGH' },
      { staffHost: 'privacy-intern.dpgmedia.nl' },
    )
  })
  afterAll(() => desk?.close())

  it.each([
    ['privacy-intern.dpgmedia.nl', 'NL'],
    ['privacy-intern.dpgmedia.be', 'BE'],
  ])(
    '%s is the staff host of %s: signed out, the desk sends to sign-in; signed in, it opens',
    async (host) => {
      const signedOut = await request(desk.app).get(QUEUE_PAGE).set('Host', host)
      expect(signedOut.status).toBe(302)
      expect(signedOut.headers.location).toBe(
        '/nl/internal-privacy-rights/sign-in?returnTo=%2Fnl%2Finternal-privacy-rights%2Frequests',
      )
      // The session of the NL staff host is no session of the BE one: each host its own cookie.
      if (host === 'privacy-intern.dpgmedia.nl') {
        expect((await desk.get(DESK_API)).status).toBe(200)
        expect((await desk.get(QUEUE_PAGE)).status).toBe(200)
      }
    },
  )

  it.each(['privacy.dpgmedia.nl', 'privacy.dpgmedia.be'])(
    'the public host %s has no staff area: its pages and API answer 404, with a session or without',
    async (host) => {
      for (const path of [
        QUEUE_PAGE,
        '/nl/internal-privacy-rights/direct-marketing',
        '/nl/internal-privacy-rights/sign-in',
      ])
        expect((await request(desk.app).get(path).set('Host', host)).status, path).toBe(404)
      expect((await desk.get(DESK_API, desk.cookies.lisa, host)).status).toBe(404)
    },
  )

  it('the team mail of a request confirmed on the public site links to the request on the staff host', async () => {
    const email = desk.email('intern', 'NL')
    const reference = await desk.submit(email, 'NL')
    await desk.verify(email, reference, 'NL')
    const [team] = await desk.sink.waitFor(
      (mail) => JSON.stringify(mail.to).includes(MAILBOX.NL) && (mail.subject ?? '').includes(reference),
    )
    expect(team?.text).toContain(
      `https://privacy-intern.dpgmedia.nl/nl/internal-privacy-rights/requests/${reference}`,
    )
    expect((await desk.get(`${DESK_API}/${reference}`)).body).toMatchObject({ reference, status: 'open' })
  })

  it('a desk note sent twice with one Idempotency-Key on the Belgian staff host is written once (issue 30)', async () => {
    const email = desk.email('intern-note', 'BE')
    const reference = await desk.submit(email, 'BE')
    await desk.verify(email, reference, 'BE')
    const key = `production-${reference}-note-key`
    const note = () =>
      request(desk.app)
        .post(`${DESK_API}/${reference}/notes`)
        .set('Host', 'privacy-intern.dpgmedia.be')
        .set('Cookie', desk.cookies.lisa)
        .set('Origin', 'https://privacy-intern.dpgmedia.be')
        .set('Idempotency-Key', key)
        .send({ text: 'Appelé la demandeuse.' })
    expect([(await note()).status, (await note()).status]).toEqual([200, 200])
    const detail = await desk.get(`${DESK_API}/${reference}`, desk.cookies.lisa, 'privacy-intern.dpgmedia.be')
    expect(detail.body.timeline.filter((event: { kind: string }) => event.kind === 'note')).toHaveLength(1)
  })

  it('the staff host is never indexed nor measured; the public host is measured', async () => {
    const staff = await request(desk.app).get('/nl').set('Host', 'privacy-intern.dpgmedia.nl')
    expect(staff.status).toBe(200)
    expect(staff.headers['x-robots-tag']).toBe('noindex, nofollow')
    expect(staff.text).toContain('<meta name="robots" content="noindex, nofollow">')
    expect(staff.text).not.toContain('data-site="ABCDEFGH"')
    const again = await request(desk.app).get('/nl').set('Host', 'privacy-intern.dpgmedia.nl')
    expect(again.headers['x-robots-tag']).toBe('noindex, nofollow')
    const open = await request(desk.app).get('/nl').set('Host', 'privacy.dpgmedia.nl')
    expect(open.headers['x-robots-tag']).toBeUndefined()
    expect(open.text).not.toContain('name="robots"')
    expect(open.text).toContain('data-site="ABCDEFGH"')
  })
})

describe.each(DATABASES)('the acceptance table on %s', (kind) => {
  let desk: DeskBench
  beforeAll(async () => {
    desk = await deskTestSetup(
      kind,
      START,
      { SITE_HOSTS_FILE: ACCEPTANCE, POLITICAL_ADS_MAILBOX_BE: 'klachten-be@desk.test' },
      { staffHost: 'privacy-intern-acc.dpgmedia.be' },
    )
  })
  afterAll(() => desk?.close())

  it('a complaint on the public acceptance site: the team mail links to the complaint on the staff host, the desk opens it', async () => {
    const answer = await request(desk.app)
      .post('/api/political-ad-complaint')
      .set('Host', 'privacy-acc.dpgmedia.be')
      .send({
        name: 'Camille',
        email: `plainte-${kind}@example.be`,
        explanation: 'Le payeur manque dans l’avis.',
        reason: 'NOTICE_INCORRECT',
        campaignId: 'sample-be-2026-001',
        locale: 'fr_be',
      })
    expect(answer.status).toBe(200)
    const reference = answer.body.reference as string
    const [team] = await desk.sink.waitFor((mail) =>
      JSON.stringify(mail.to).includes('klachten-be@desk.test'),
    )
    expect(team?.text).toContain(
      `https://privacy-intern-acc.dpgmedia.be/nl/internal-privacy-rights/complaints/${reference}`,
    )
    const complaint = await desk.get(`/api/internal-privacy-rights/complaints/${reference}`)
    expect(complaint.status).toBe(200)
    // The public acceptance host has no desk.
    expect(
      (
        await desk.get(
          `/api/internal-privacy-rights/complaints/${reference}`,
          desk.cookies.lisa,
          'privacy-acc.dpgmedia.be',
        )
      ).status,
    ).toBe(404)
  })

  it('a notice imported for real shows on the public host and the staff host alike', async () => {
    await importCampaigns(desk.setup.composition.db, [campaignItem('be-real-1')], { country: 'BE' })
    for (const host of ['privacy-acc.dpgmedia.be', 'privacy-intern-acc.dpgmedia.be'])
      expect(
        (await request(desk.app).get('/api/campaign-items/be-real-1').set('Host', host)).status,
        host,
      ).toBe(200)
  })
})
