import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { enqueueMail, outboxCounts } from '#server/db/outbox-repository.ts'
import { createLogger } from '#server/logger.ts'
import { DATABASES, testDatabaseUrl, testSetup } from '../support/app'
import { refusingSmtpUrl, SmtpSink } from '../support/smtp'

const NL = 'privacy.dpgmedia.nl'
const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

/**
 * The worker's own timer is stopped at once, so that only the test drives it (`runOnce`), at the times
 * its injected clock says: no sleeping.
 */
async function drivenWorker(setup: Awaited<ReturnType<typeof testSetup>>, clock: () => Date) {
  const worker = setup.composition.startWorkers({ retryBaseMs: 10 * MINUTE_MS, clock })
  await worker.stop()
  return worker
}

describe.each(DATABASES)('the outbox clock on %s', (kind) => {
  it('claims and marks sent at the times of the injected clock, not the system clock', async () => {
    const sink = new SmtpSink()
    await sink.start()
    const setup = await testSetup({ DATABASE_URL: await testDatabaseUrl(kind), SMTP_URL: sink.url })
    let now = new Date('2031-03-01T12:00:00.000Z')
    const worker = await drivenWorker(setup, () => now)
    const db = setup.composition.db.db
    try {
      const id = await enqueueMail(
        db,
        { kind: 'test', aboutId: null, to: 'a@example.com', subject: 'S', text: 't', html: '<p>t</p>' },
        '2031-03-01T12:05:00.000Z',
      )
      expect(await worker.runOnce()).toBe(0)
      now = new Date('2031-03-01T12:05:00.000Z')
      expect(await worker.runOnce()).toBe(1)
      const row = await db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      expect(row.sent_at).toBe('2031-03-01T12:05:00.000Z')
      expect(sink.mails).toHaveLength(1)
    } finally {
      await setup.composition.close()
      await sink.stop()
    }
  })
})

describe.each(DATABASES)('a mail that cannot be sent, on %s', (kind) => {
  it('is retried until MAIL_FAIL_AFTER_HOURS, then marked failed, erased, logged once and counted', async () => {
    const lines: Record<string, unknown>[] = []
    const logger = createLogger('info', { write: (line: string) => lines.push(JSON.parse(line)) })
    const setup = await testSetup(
      {
        DATABASE_URL: await testDatabaseUrl(kind),
        SMTP_URL: await refusingSmtpUrl(),
        MAIL_FAIL_AFTER_HOURS: '2',
      },
      logger,
    )
    const db = setup.composition.db.db
    const email = `undeliverable-${kind}@example.com`
    try {
      const res = await request(setup.app)
        .post('/api/privacy-rights/request')
        .set('Host', NL)
        .send({ flowType: 'RIGHT_OF_ACCESS', country: 'NL', language: 'nl', email })
      expect(res.status).toBe(200)
      const queued = await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow()
      const created = Date.parse(queued.created_at)
      let now = new Date(created)
      const worker = await drivenWorker(setup, () => now)
      const row = () =>
        db.selectFrom('mail_outbox').selectAll().where('id', '=', queued.id).executeTakeFirstOrThrow()

      // Failed attempts within the period: retried after the back-off, from the clock's now.
      expect(await worker.runOnce()).toBe(1)
      expect(await row()).toMatchObject({
        attempts: 1,
        failed_at: null,
        to_address: email,
        next_attempt_at: new Date(created + 10 * MINUTE_MS).toISOString(),
      })
      now = new Date(created + 5 * MINUTE_MS)
      expect(await worker.runOnce()).toBe(0)
      now = new Date(created + HOUR_MS)
      expect(await worker.runOnce()).toBe(1)
      expect((await row()).failed_at).toBeNull()

      // The first failed attempt past the period: failed, never tried again.
      now = new Date(created + 2 * HOUR_MS + MINUTE_MS)
      expect(await worker.runOnce()).toBe(1)
      const failed = await row()
      expect(failed).toMatchObject({
        attempts: 3,
        failed_at: now.toISOString(),
        sent_at: null,
        to_address: '',
        text_body: '',
        html_body: '',
        recipient_domain: 'example.com',
        locked_until: null,
      })
      expect(failed.body_sha256).toMatch(/^[0-9a-f]{64}$/)
      expect(failed.last_error).toBeTruthy()
      now = new Date(created + 10 * HOUR_MS)
      expect(await worker.runOnce()).toBe(0)
      expect((await row()).attempts).toBe(3)
      expect(await outboxCounts(db)).toEqual({ queued: 0, sent: 0 })

      const warnings = lines.filter((line) => String(line.msg).startsWith('mail failed'))
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatchObject({ level: 40, mailId: queued.id, kind: queued.kind, attempts: 3 })
      expect(lines.filter((line) => line.msg === 'mail not sent; will retry')).toHaveLength(2)
      expect(JSON.stringify(lines)).not.toContain(email)

      const metrics = (await request(setup.app).get('/metrics')).text
      expect(metrics).toMatch(/^privacy_outbox_failed_mails 1$/m)
      expect(metrics).toMatch(/^privacy_outbox_backlog 0$/m)
    } finally {
      await setup.composition.close()
    }
  })
})
