import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REFERENCE_PATTERN } from '#server/db/references.ts'
import { DATABASES, type DatabaseKind, testDatabaseUrl } from '../support/app'
import { DESK_API, type DeskBench, deskTestSetup, MAILBOX, SITES, STAFF_HOST } from '../support/desk'

/**
 * Issue 26: an upgrade keeps every row usable. The fixture is a database made by the first landed release
 * (be2a94b), seeded through that release's own API (test/fixtures/first-release: an access request confirmed,
 * an erasure request left unconfirmed, an objection, a contact message and a complaint). Today's code opens it,
 * migrates it, and the desk handles the old request and the old complaint.
 */

const FIXTURE = join(import.meta.dirname, '../fixtures/first-release')
interface Seed {
  seededAt: string
  email: Record<'access' | 'erasure' | 'objection' | 'contact' | 'complaint', string>
  pendingToken: string
}
const SEEDS = JSON.parse(readFileSync(join(FIXTURE, 'seed.json'), 'utf8')) as Record<DatabaseKind, Seed>
const COMPLAINTS_API = '/api/internal-privacy-rights/complaints'
const DAY_MS = 86_400_000
/** The day of a moment in the Low Countries, as references are dated: `yymmdd`. */
const dayOf = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Amsterdam',
    year: '2-digit',
    month: '2-digit',
    day: '2-digit',
  })
    .format(new Date(iso))
    .replace(/-/g, '')

/** A copy of the fixture, as a database of its own for this test: its DATABASE_URL. */
async function firstReleaseDatabase(kind: DatabaseKind): Promise<string> {
  if (kind === 'sqlite') {
    const file = join(mkdtempSync(join(tmpdir(), 'first-release-')), 'privacy.sqlite')
    copyFileSync(join(FIXTURE, 'privacy.sqlite'), file)
    return `file:${file}`
  }
  const url = await testDatabaseUrl('postgres')
  const schema = /search_path%3D(\w+)/.exec(url)?.[1]
  if (!schema) throw new Error(`no schema in ${url}`)
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    await client.query(readFileSync(join(FIXTURE, 'postgres.sql'), 'utf8').replaceAll('__SCHEMA__', schema))
  } finally {
    await client.end()
  }
  return url
}

describe.each(DATABASES)('a database of the first release, opened by today’s code, on %s', (kind) => {
  const seed = SEEDS[kind]
  let desk: DeskBench
  beforeAll(async () => {
    // An hour after the old release made it: the unconfirmed request's link (72 hours) still works.
    const start = new Date(Date.parse(seed.seededAt) + 3_600_000)
    desk = await deskTestSetup(kind, start, { DATABASE_URL: await firstReleaseDatabase(kind) })
  })
  afterAll(() => desk?.close())

  const rows = async (table: 'privacy_requests' | 'contact_messages' | 'political_ad_complaints') =>
    desk.setup.composition.db.db
      .selectFrom(table)
      .select(['id', 'reference', 'created_at', 'country'])
      .orderBy('created_at')
      .execute()
  const requestOf = async (email: string) =>
    desk.setup.composition.db.db
      .selectFrom('privacy_requests')
      .select(['reference', 'status', 'due_at', 'created_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow()

  it('gives every old request, contact message and complaint a reference of the usual form, dated its day', async () => {
    const all = [
      ...(await rows('privacy_requests')),
      ...(await rows('contact_messages')),
      ...(await rows('political_ad_complaints')),
    ]
    expect(all).toHaveLength(5)
    for (const row of all) {
      expect(row.reference, row.id).toMatch(REFERENCE_PATTERN)
      expect(row.reference?.slice(0, 9)).toBe(`${row.country}-${dayOf(row.created_at)}`)
    }
    expect(new Set(all.map((row) => row.reference)).size).toBe(all.length)
  })

  it('gives the old complaint the due date of docs/decisions/004 (14 days), not its receipt, and a timeline', async () => {
    const [complaint] = await desk.setup.composition.db.db
      .selectFrom('political_ad_complaints')
      .select(['reference', 'created_at', 'due_at', 'campaign_id', 'status'])
      .execute()
    expect(complaint?.due_at).toBe(
      new Date(Date.parse(complaint?.created_at ?? '') + 14 * DAY_MS).toISOString(),
    )
    expect(complaint?.status).toBe('received')
    // The sample it was about kept its complaint when the samples got their own ids.
    expect(complaint?.campaign_id).toBe('sample-be-2026-001')
  })

  it('moves the samples the old release loaded to sample- ids, with no duplicate beside them', async () => {
    const notices = await desk.setup.composition.db.db
      .selectFrom('campaign_items')
      .select(['id', 'is_sample'])
      .orderBy('id')
      .execute()
    expect(notices).toHaveLength(28)
    expect(
      notices.every((notice) => /^sample-(nl|be)-2026-\d{3}$/.test(notice.id) && notice.is_sample === 1),
    ).toBe(true)
  })

  it('handles the old confirmed access request on the desk: opened by its reference, extended, completed', async () => {
    const old = await requestOf(seed.email.access)
    expect(old.status).toBe('open')
    const detail = await desk.detail(old.reference ?? '')
    expect(detail).toMatchObject({
      reference: old.reference,
      status: 'open',
      dueAt: old.due_at,
      originalDueAt: old.due_at,
    })
    expect(detail.timeline.map((event) => event.kind)).toEqual(['received', 'verified'])
    const queue = await desk.get(`${DESK_API}?status=open`)
    expect(queue.body.items.map((item: { reference: string }) => item.reference)).toContain(old.reference)
    expect((await desk.get(`/nl/internal-privacy-rights/requests/${old.reference}`)).status).toBe(200)

    const extended = await desk.post(`${DESK_API}/${old.reference}/extend`, {
      reason: 'Uw gegevens staan bij veel merken.',
    })
    expect(extended.status).toBe(200)
    expect(extended.body.status).toBe('extended')
    const completed = await desk.post(`${DESK_API}/${old.reference}/complete`, {
      message: 'Hierbij uw gegevens.',
    })
    expect(completed.status).toBe(200)
    expect(completed.body.status).toBe('completed')
    const replies = await desk.mailsAbout(seed.email.access, old.reference ?? '', /./, 2)
    expect(replies.map((mail) => mail.subject)).toEqual([
      expect.stringContaining(`[${old.reference}]`),
      expect.stringContaining(`[${old.reference}]`),
    ])
  })

  it('confirms the old unconfirmed request after the upgrade: the team mail links to it on the desk, never to …/null', async () => {
    const old = await requestOf(seed.email.erasure)
    expect(old.status).toBe('pending')
    const confirmed = await request(desk.app)
      .post('/fr/verify-email')
      .set('Host', SITES.BE)
      .type('form')
      .send({ token: seed.pendingToken })
    expect(confirmed.headers.location).toBe('/fr/email-verified')
    const [team] = await desk.sink.waitFor(
      (mail) =>
        JSON.stringify(mail.to).includes(MAILBOX.BE) && (mail.subject ?? '').includes(`[${old.reference}]`),
    )
    expect(team?.text).toMatch(new RegExp(`/internal-privacy-rights/requests/${old.reference}\\b`))
    expect(team?.text).not.toContain('/null')
    const rejected = await desk.post(`${DESK_API}/${old.reference}/reject`, {
      reason: 'IDENTITY',
      message: 'Nous ne pouvons pas établir votre identité.',
    })
    expect(rejected.status).toBe(200)
    expect(rejected.body.status).toBe('rejected')
  })

  it('opens the old objection, executed, with its suppressions', async () => {
    const old = await requestOf(seed.email.objection)
    const detail = await desk.detail(old.reference ?? '')
    expect(detail).toMatchObject({ status: 'executed', channels: [expect.any(String)] })
    expect(detail.timeline.map((event) => event.kind)).toEqual(['received', 'verified', 'executed'])
    expect(detail.fulfilment.map((row) => `${row.brandKey}:${row.channel}`).sort()).toEqual([
      'AD:EMAIL',
      'AD_DIGITAL:EMAIL',
    ])
  })

  it('handles the old complaint on the complaints desk: listed, opened by its reference, reviewed, closed', async () => {
    const [row] = await rows('political_ad_complaints')
    const reference = row?.reference ?? ''
    const list = await desk.get(COMPLAINTS_API)
    expect(list.body.items.map((item: { reference: string }) => item.reference)).toContain(reference)
    const detail = await desk.get(`${COMPLAINTS_API}/${reference}`)
    expect(detail.status).toBe(200)
    expect(detail.body.timeline.map((event: { kind: string }) => event.kind)).toEqual(['received'])
    expect((await desk.get(`/nl/internal-privacy-rights/complaints/${reference}`)).status).toBe(200)
    expect((await desk.post(`${COMPLAINTS_API}/${reference}/review`, {})).body.status).toBe('under_review')
    const closed = await desk.post(`${COMPLAINTS_API}/${reference}/close`, {
      outcome: 'dismissed',
      message: 'L’avis était complet.',
    })
    expect(closed.status).toBe(200)
    expect(closed.body.status).toBe('dismissed')
    const [outcome] = await desk.sink.waitFor(
      (mail) =>
        JSON.stringify(mail.to).includes(seed.email.complaint) &&
        (mail.subject ?? '').includes(`[${reference}]`),
    )
    expect(outcome).toBeDefined()
  })
  it('writes a note sent twice with one Idempotency-Key once on the old request and the old complaint (issue 30)', async () => {
    const [complaint] = await rows('political_ad_complaints')
    const old = await requestOf(seed.email.access)
    for (const path of [`${DESK_API}/${old.reference}`, `${COMPLAINTS_API}/${complaint?.reference}`]) {
      const note = () =>
        request(desk.app)
          .post(`${path}/notes`)
          .set('Host', STAFF_HOST)
          .set('Cookie', desk.cookies.lisa)
          .set('Idempotency-Key', `first-release-${kind}-note-key`)
          .send({ text: 'Na de upgrade gebeld.' })
      const answers = [await note(), await note()]
      expect(answers.map((answer) => answer.status)).toEqual([200, 200])
      const timeline = (await desk.get(path)).body.timeline as { kind: string; text?: string }[]
      expect(timeline.filter((event) => event.kind === 'note')).toHaveLength(1)
      expect(timeline.at(-1)).toMatchObject({ kind: 'note', text: 'Na de upgrade gebeld.' })
    }
  })
})
