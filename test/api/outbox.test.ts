import type { Kysely } from 'kysely'
import request from 'supertest'
import { describe, expect, it } from 'vitest'
import {
  bodyHash,
  claimDueMails,
  enqueueMail,
  markFailed,
  markSent,
  markUndeliverable,
  outboxCounts,
} from '#server/db/outbox-repository.ts'
import type { Database } from '#server/db/schema.ts'
import { DATABASES, testDatabaseUrl, testSetup } from '../support/app'
import { SmtpSink } from '../support/smtp'

const NL = 'privacy.dpgmedia.nl'

describe.each(DATABASES)('mail outbox on %s', (kind) => {
  it('loses nothing while SMTP is down: 50 requests, then SMTP starts, 50 mails arrive, none twice', async () => {
    const sink = new SmtpSink()
    await sink.start()
    const port = sink.port
    await sink.stop()
    const setup = await testSetup({
      DATABASE_URL: await testDatabaseUrl(kind),
      SMTP_URL: `smtp://127.0.0.1:${port}`,
    })
    const db = setup.composition.db.db
    // The worker's "now" moves only when the test moves it: every mail is tried exactly once while SMTP is
    // down, and its retry falls due when the test says so, whatever the speed of the machine.
    let now = new Date(Date.now() - 60_000)
    const worker = setup.composition.startWorkers({
      outboxIntervalMs: 20,
      retryBaseMs: 100,
      clock: () => now,
    })
    const attempts = async () =>
      (await db.selectFrom('mail_outbox').select('attempts').execute()).map((row) => Number(row.attempts))
    try {
      for (let i = 0; i < 50; i++) {
        const res = await request(setup.app)
          .post('/api/privacy-rights/request')
          .set('Host', NL)
          .send({
            flowType: 'RIGHT_OF_ACCESS',
            country: 'NL',
            language: 'nl',
            email: `down-${i}@example.com`,
          })
        expect(res.status).toBe(200)
      }
      now = new Date()
      await expect.poll(attempts, { timeout: 30_000 }).toEqual(Array(50).fill(1))
      expect(await outboxCounts(db)).toEqual({ queued: 50, sent: 0 })

      await sink.start(port)
      // Past the first retry (retryBaseMs after the failure).
      now = new Date(now.getTime() + 1_000)
      await expect.poll(() => outboxCounts(db), { timeout: 30_000 }).toEqual({ queued: 0, sent: 50 })
      // Stopped, the worker has nothing in flight: what the sink holds now is all it will ever get.
      await worker.stop()
      const ids = sink.mails.map((mail) => mail.messageId)
      expect(ids).toHaveLength(50)
      expect(new Set(ids).size).toBe(50)
      for (let i = 0; i < 50; i++) expect(sink.to(`down-${i}@example.com`)).toHaveLength(1)
    } finally {
      await worker.stop()
      await setup.composition.close()
      await sink.stop()
    }
  }, 90_000)
})

describe.each(DATABASES)('two instances on one %s database', (kind) => {
  it('send every outbox mail exactly once', async () => {
    const sink = new SmtpSink()
    await sink.start()
    const url = await testDatabaseUrl(kind)
    const a = await testSetup({ DATABASE_URL: url, SMTP_URL: sink.url })
    const b = await testSetup({ DATABASE_URL: url, SMTP_URL: sink.url })
    try {
      const now = new Date().toISOString()
      for (let i = 0; i < 200; i++) {
        await enqueueMail(
          a.composition.db.db,
          {
            kind: 'test',
            aboutId: null,
            to: `m${i}@example.com`,
            subject: `Mail ${i}`,
            text: 'x',
            html: '<p>x</p>',
          },
          now,
        )
      }
      const workers = [
        a.composition.startWorkers({ outboxIntervalMs: 10 }),
        b.composition.startWorkers({ outboxIntervalMs: 10 }),
      ]
      await expect
        .poll(() => outboxCounts(a.composition.db.db), { timeout: 60_000 })
        .toEqual({ queued: 0, sent: 200 })
      // Stopped, the workers have nothing in flight: what the sink holds now is all it will ever get.
      await Promise.all(workers.map((worker) => worker.stop()))
      const ids = sink.mails.map((mail) => mail.messageId)
      expect(ids).toHaveLength(200)
      expect(new Set(ids).size).toBe(200)
    } finally {
      await a.composition.close()
      await b.composition.close()
      await sink.stop()
    }
  }, 90_000)
})

describe.each(DATABASES)('one instance sending in parallel on %s', (kind) => {
  const enqueue = async (db: Kysely<Database>, count: number, prefix: string) => {
    const now = new Date().toISOString()
    for (let i = 0; i < count; i++) {
      await enqueueMail(
        db,
        {
          kind: 'test',
          aboutId: null,
          to: `${prefix}${i}@example.com`,
          subject: `${prefix} ${i}`,
          text: 'x',
          html: '<p>x</p>',
        },
        now,
      )
    }
  }

  it('sends batches claimed at the same moment each exactly once, over SMTP_MAX_CONNECTIONS pooled connections', async () => {
    const sink = new SmtpSink()
    await sink.start()
    const setup = await testSetup({
      DATABASE_URL: await testDatabaseUrl(kind),
      SMTP_URL: sink.url,
      SMTP_MAX_CONNECTIONS: '3',
    })
    const db = setup.composition.db.db
    // Only the test drives the worker: three batches (of 3 connections × 10) claimed and sent at once.
    const worker = setup.composition.startWorkers({ outboxIntervalMs: 60_000 })
    await worker.stop()
    try {
      await enqueue(db, 100, 'parallel-')
      expect(await Promise.all([worker.runOnce(), worker.runOnce(), worker.runOnce()])).toEqual([30, 30, 30])
      expect(await outboxCounts(db)).toEqual({ queued: 10, sent: 90 })
      const ids = sink.mails.map((mail) => mail.messageId)
      expect(ids).toHaveLength(90)
      expect(new Set(ids).size).toBe(90)
      // Pooled: a few connections carry every mail, never more than three open at once.
      expect(sink.peakConnections).toBeLessThanOrEqual(3)
      expect(sink.connections).toBeLessThanOrEqual(3)
      // Every sent mail is erased in the batch's one UPDATE, with the hash of what was sent.
      const rows = await db.selectFrom('mail_outbox').selectAll().where('sent_at', 'is not', null).execute()
      expect(rows).toHaveLength(90)
      for (const row of rows) {
        expect(row).toMatchObject({ to_address: '', text_body: '', html_body: '', locked_until: null })
        expect(row.body_sha256).toBe(bodyHash({ text: 'x', html: '<p>x</p>' }))
      }
    } finally {
      await setup.composition.close()
      await sink.stop()
    }
  })

  it('drains a backlog with its own timer, two batches in flight, every mail once', async () => {
    const sink = new SmtpSink()
    await sink.start()
    const setup = await testSetup({ DATABASE_URL: await testDatabaseUrl(kind), SMTP_URL: sink.url })
    const db = setup.composition.db.db
    try {
      await enqueue(db, 400, 'backlog-')
      const worker = setup.composition.startWorkers({ outboxIntervalMs: 10 })
      await expect.poll(() => outboxCounts(db), { timeout: 60_000 }).toEqual({ queued: 0, sent: 400 })
      await worker.stop()
      const ids = sink.mails.map((mail) => mail.messageId)
      expect(ids).toHaveLength(400)
      expect(new Set(ids).size).toBe(400)
      // SMTP_MAX_CONNECTIONS (5) connections at most, each reused for up to 100 mails.
      expect(sink.peakConnections).toBeLessThanOrEqual(5)
      expect(sink.connections).toBeLessThan(20)
    } finally {
      await setup.composition.close()
      await sink.stop()
    }
  }, 90_000)
})

describe.each(DATABASES)('a stalled instance on %s', (kind) => {
  it('cannot re-open or give up a mail another instance took over once its claim ran out', async () => {
    const setup = await testSetup({ DATABASE_URL: await testDatabaseUrl(kind) })
    const { db, dialect } = setup.composition.db
    try {
      const t0 = new Date('2026-11-25T10:00:00Z')
      const id = await enqueueMail(
        db,
        { kind: 'test', aboutId: null, to: 'stalled@example.com', subject: 's', text: 'x', html: '<p>x</p>' },
        t0.toISOString(),
      )
      const [first] = await claimDueMails(db, dialect, t0, 10, 60_000)
      // Instance A stalls past its claim; instance B claims the mail again.
      const later = new Date(t0.getTime() + 61_000)
      const [second] = await claimDueMails(db, dialect, later, 10, 60_000)
      expect(first?.id).toBe(id)
      expect(second?.id).toBe(id)
      expect(second?.claim).not.toBe(first?.claim)
      if (!first || !second) throw new Error('claimed')
      const row = () =>
        db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
      // A's late failure and late giving up change nothing: B holds the mail.
      await markFailed(db, first, 'ECONNECTION', later.toISOString())
      expect(await markUndeliverable(db, first, 'ECONNECTION', later.toISOString())).toBe(false)
      expect(await row()).toMatchObject({ attempts: 0, locked_until: second.claim, failed_at: null })
      expect((await row()).to_address).toBe('stalled@example.com')
      // B sends it; a late failure of B's (or A's) cannot re-open it after that.
      await markSent(db, [{ ...second, sentAt: later.toISOString() }])
      await markFailed(db, second, 'ETIMEDOUT', later.toISOString())
      expect(await row()).toMatchObject({ sent_at: later.toISOString(), attempts: 0, failed_at: null })
    } finally {
      await setup.composition.close()
    }
  })
})
