import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { enqueueMail, outboxCounts } from '../../server/db/outbox-repository'
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
    const worker = setup.composition.startWorkers({ outboxIntervalMs: 50, retryBaseMs: 100 })
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
      await new Promise((resolve) => setTimeout(resolve, 500))
      const failed = await setup.composition.db.db
        .selectFrom('mail_outbox')
        .select('attempts')
        .where('attempts', '>', 0)
        .execute()
      expect(failed.length).toBeGreaterThan(0)
      expect((await outboxCounts(setup.composition.db.db)).sent).toBe(0)

      await sink.start(port)
      await sink.waitFor(() => true, 50, 30_000)
      await new Promise((resolve) => setTimeout(resolve, 500))
      const ids = sink.mails.map((mail) => mail.messageId)
      expect(ids).toHaveLength(50)
      expect(new Set(ids).size).toBe(50)
      for (let i = 0; i < 50; i++) expect(sink.to(`down-${i}@example.com`)).toHaveLength(1)
      expect(await outboxCounts(setup.composition.db.db)).toEqual({ queued: 0, sent: 50 })
    } finally {
      await worker.stop()
      await setup.composition.close()
      await sink.stop()
    }
  }, 60_000)
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
      await sink.waitFor(() => true, 200, 30_000)
      await new Promise((resolve) => setTimeout(resolve, 500))
      await Promise.all(workers.map((worker) => worker.stop()))
      const ids = sink.mails.map((mail) => mail.messageId)
      expect(ids).toHaveLength(200)
      expect(new Set(ids).size).toBe(200)
    } finally {
      await a.composition.close()
      await b.composition.close()
      await sink.stop()
    }
  }, 60_000)
})
