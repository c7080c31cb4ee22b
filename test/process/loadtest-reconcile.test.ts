import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunResult } from '../load/loadtest'
import { MailSink } from '../load/parties'
import {
  type Check,
  emptyLedger,
  failedChecks,
  type Ledger,
  readRows,
  reconcile,
  resentDeliveries,
  resentMessages,
} from '../load/reconcile'
import { report } from '../load/report'
import { Stats } from '../load/stats'
import { testDatabaseUrl, testSetup } from '../support/app'
import { eventually } from '../support/waiting'

const NL = 'privacy.dpgmedia.nl'
const BE = 'privacy.dpgmedia.be'

/**
 * Issue 30: the load test's reconciliation finds a lost and a doubled row. Real requests through the real app
 * and its outbox on SQLite, checked as the load test checks them (all zeros), then one stored request deleted
 * and one contact message stored twice: the checks name both, and the run's verdict is a failure (exit 1).
 */
describe('the load test’s reconciliation', () => {
  const sink = new MailSink()
  let setup: Awaited<ReturnType<typeof testSetup>>
  let stopWorker: () => Promise<void>
  const ledger: Ledger = emptyLedger()

  beforeAll(async () => {
    await sink.start()
    setup = await testSetup({ DATABASE_URL: await testDatabaseUrl('sqlite'), SMTP_URL: sink.url })
    const worker = setup.composition.startWorkers({ outboxIntervalMs: 20 })
    stopWorker = () => worker.stop()
    sink.onVerification = (to, token) => {
      const host = to.endsWith('.be') ? BE : NL
      void request(setup.app)
        .post('/nl/verify-email')
        .set('Host', host)
        .type('form')
        .send({ token })
        .then((answer) => {
          if (String(answer.headers.location).endsWith('/email-verified')) ledger.verified.add(to)
        })
    }
    for (const [index, country] of (['NL', 'BE', 'NL'] as const).entries()) {
      const email = `reconcile-${index}@example.${country.toLowerCase()}`
      const answer = await request(setup.app)
        .post('/api/privacy-rights/request')
        .set('Host', country === 'NL' ? NL : BE)
        .send({
          flowType: 'OBJECTION',
          country,
          language: 'nl',
          email,
          brands: country === 'NL' ? ['AD'] : ['HLN'],
        })
      expect(answer.status).toBe(200)
      ledger.requests.push({ email, flowType: 'OBJECTION', country })
    }
    for (const index of [0, 1]) {
      const email = `reconcile-contact-${index}@example.be`
      const answer = await request(setup.app)
        .post('/api/contact?locale=nl_be')
        .set('Host', BE)
        .send({ name: 'Anne', email, question: 'Waar blijft mijn krant?', subject: 'delivery' })
      expect(answer.status).toBe(200)
      ledger.contacts.push(email)
    }
    await eventually('every requester to confirm', () => ledger.verified.size === 3)
  })
  afterAll(async () => {
    await stopWorker()
    await setup.composition.close()
    await sink.stop()
  })

  const check = async () =>
    reconcile(
      ledger,
      { mails: sink.mails, deliveries: [], clients: [], faults: [] },
      await readRows(setup.composition.db.db),
    )
  const named = (checks: Check[], name: string) => checks.find((one) => one.name === name)
  const verdict = (checks: Check[], webhooksResent = 0) => {
    const result: RunResult = {
      stats: new Stats(0, () => []),
      checks,
      faults: [],
      seconds: 60,
      drained: true,
      webhooksRefused: 0,
      resent: 0,
      webhooksResent,
      webhooksDoubled: [],
    }
    // One quiet page, so that the run's only possible failure is the reconciliation.
    result.stats.record('page', { status: 200, headers: {}, body: '', ms: 5 }, 0)
    return report(result, { seconds: 60, scale: 0.1, json: null, judgeLatency: true }, [0, 0, 0], [0, 0, 0])
  }

  it('finds nothing lost or doubled in what the app stored, and passes', async () => {
    const checks = await check()
    expect(failedChecks(checks)).toEqual([])
    expect(named(checks, 'privacy requests answered 2xx, stored once')).toMatchObject({
      expected: 3,
      lost: 0,
    })
    expect(named(checks, 'verification mails, one message each')).toMatchObject({
      expected: 3,
      lost: 0,
      doubled: 0,
    })
    expect(verdict(checks).failed).toBe(false)
  })

  it('allows a webhook sent again only after an instance was killed, and fails the run on any other', async () => {
    const rows = {
      ...(await readRows(setup.composition.db.db)),
      deliveries: [
        {
          id: 'msg_1',
          endpoint_id: 'nl',
          event_type: 'suppression.created',
          delivered_at: '2026-11-29T00:00:00Z',
        },
      ],
    }
    const arrival = (at: number) => ({
      endpoint: 'nl',
      id: 'msg_1',
      type: 'suppression.created',
      data: {},
      at,
    })
    const killed = { name: 'instance-killed', from: 30_000, to: 33_000 } as const
    const webhooks = (deliveries: ReturnType<typeof arrival>[]) => {
      const checks = reconcile(ledger, { mails: sink.mails, deliveries, clients: [], faults: [killed] }, rows)
      return { checks, check: named(checks, 'webhook deliveries received once') }
    }

    // Its receiver's 2xx 4 s before the kill, not yet marked: sent again once the claim lapsed.
    const afterKill = [arrival(26_000), arrival(95_000)]
    expect(resentDeliveries(afterKill, [killed])).toEqual({ resent: 1, unexplained: [] })
    const allowed = webhooks(afterKill)
    expect(allowed.check).toEqual({
      name: 'webhook deliveries received once',
      expected: 1,
      lost: 0,
      doubled: 0,
    })
    const passed = verdict(allowed.checks, 1)
    expect(passed.failed).toBe(false)
    expect(passed.table).toContain('1 webhooks were sent again with the same webhook-id')

    // Long before the kill (or with no fault at all), a second arrival is a double.
    const early = [arrival(5_000), arrival(95_000)]
    expect(resentDeliveries(early, [killed])).toEqual({ resent: 0, unexplained: ['msg_1'] })
    const doubled = webhooks(early)
    expect(doubled.check).toMatchObject({ lost: 0, doubled: 1 })
    expect(verdict(doubled.checks).failed).toBe(true)
    expect(webhooks([]).check).toMatchObject({ lost: 1, doubled: 0 })
  })

  it('names a lost request and a doubled contact message, and fails the run', async () => {
    const db = setup.composition.db.db
    await db.deleteFrom('verification_tokens').execute()
    await db.deleteFrom('marketing_suppressions').where('email', '=', 'reconcile-1@example.be').execute()
    await db.deleteFrom('request_events').execute()
    await db.deleteFrom('mail_outbox').execute()
    await db.deleteFrom('privacy_requests').where('email', '=', 'reconcile-1@example.be').execute()
    const contact = await db
      .selectFrom('contact_messages')
      .selectAll()
      .where('email', '=', 'reconcile-contact-0@example.be')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('contact_messages')
      .values({ ...contact, id: randomUUID(), reference: null })
      .execute()

    const checks = await check()
    expect(named(checks, 'privacy requests answered 2xx, stored once')).toMatchObject({ lost: 1, doubled: 0 })
    expect(named(checks, 'verification clicks confirmed, verified once')).toMatchObject({ lost: 1 })
    expect(named(checks, 'contact messages answered 2xx, stored once')).toMatchObject({ lost: 0, doubled: 1 })
    const outcome = verdict(checks)
    expect(outcome.failed).toBe(true)
    expect(outcome.table).toMatch(/contact messages answered 2xx, stored once\s+2\s+0\s+1/)
    expect(outcome.table).toContain('FAILED')
  })

  it('tells a message sent again (its Message-ID) from a second message (another one)', async () => {
    const mail = sink.mails.find((one) => one.token && one.to.includes('reconcile-0@example.nl'))
    if (!mail?.messageId) throw new Error('no verification mail with a Message-ID')
    sink.mails.push({ ...mail })
    expect(resentMessages(sink.mails)).toBe(1)
    expect(named(await check(), 'verification mails, one message each')).toMatchObject({ doubled: 0 })
    sink.mails.push({ ...mail, messageId: '<another@privacy.dpgmedia.nl>' })
    expect(named(await check(), 'verification mails, one message each')).toMatchObject({ doubled: 1 })
  })
})
