import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASES, testDatabaseUrl, testSetup } from '../support/app'
import { runRetentionAt } from '../support/retention'
import { WebhookReceiver } from '../support/webhook-receiver'

const BE = 'privacy.dpgmedia.be'
const MINUTE = 60_000
/** Background polls never run: each test polls by hand, with the clock where it wants it. */
const NEVER = 1_000_000_000

describe.each(DATABASES)('webhooks to brand systems on %s', (kind) => {
  let now = new Date()
  const clock = () => now
  const receiver = new WebhookReceiver()
  let setup: Awaited<ReturnType<typeof testSetup>>

  beforeAll(async () => {
    await receiver.start()
    setup = await testSetup({ DATABASE_URL: await testDatabaseUrl(kind) }, undefined, { clock })
    setup.composition.startWorkers({ outboxIntervalMs: NEVER, webhookIntervalMs: NEVER, clock })
    await setup.composition.services.apiClients.add({ name: 'HLN CRM', country: 'BE', brands: ['HLN'] })
    await setup.composition.services.apiClients.add({ name: 'Ids only', country: 'BE', contactData: false })
    const admin = setup.composition.webhooks.admin
    const endpoint = await admin.register('HLN CRM', receiver.url, [
      'suppression.created',
      'request.verified',
    ])
    expect(endpoint.secret).toMatch(/^whsec_/)
    receiver.setSecret(endpoint.secret)
  })
  afterAll(async () => {
    await setup?.composition.close()
    await receiver.stop()
  })

  const tick = () => setup.composition.webhooks.worker?.tick()
  const objection = (brands: string[], phoneNumber: string) =>
    request(setup.app)
      .post('/api/privacy-rights/request')
      .set('Host', BE)
      .send({ flowType: 'OBJECTION', country: 'BE', language: 'nl', phoneNumber, brands })

  it('signs a suppression.created event that the receiver verifies, with the client brands only', async () => {
    const before = receiver.received.length
    const answer = await objection(['HLN', 'DM'], '+32470111222')
    expect(answer.status).toBe(200)
    await tick()
    const events = receiver.received.slice(before)
    expect(receiver.refused).toEqual([])
    expect(events).toHaveLength(1)
    expect(events[0]?.type).toBe('suppression.created')
    expect(events[0]?.data).toMatchObject({
      reference: answer.body.reference,
      suppressions: [{ brandKey: 'HLN', channel: 'PHONE', phoneNumber: '+32470111222' }],
    })
    // Nothing for a brand outside the client's list.
    await objection(['DM'], '+32470111333')
    await tick()
    expect(receiver.received.slice(before)).toHaveLength(1)
    // Delivered: the body, which held a phone number, is erased; the record goes with the mail records.
    const db = setup.composition.db.db
    const delivered = await db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('delivered_at', 'is not', null)
      .execute()
    expect(delivered.length).toBeGreaterThan(0)
    expect(delivered.every((row) => row.payload === '')).toBe(true)
    const later = new Date(now.getTime() + (setup.config.retention.mailRecordDays + 1) * 86_400_000)
    expect((await runRetentionAt(setup, later))?.webhookDeliveries).toBeGreaterThanOrEqual(delivered.length)
  })

  it('delivers exactly once across a 2-minute outage of the receiver', async () => {
    const before = receiver.received.length
    receiver.down = true
    await objection(['HLN'], '+32470444555')
    const start = now
    try {
      for (let elapsed = 0; elapsed <= 2 * MINUTE; elapsed += 15_000) {
        now = new Date(start.getTime() + elapsed)
        await tick()
      }
      expect(receiver.received.length).toBe(before)
      receiver.down = false
      // The back-off (30 s, 60 s, 120 s …) brings the retry within the next few minutes.
      for (let elapsed = 2 * MINUTE; elapsed <= 6 * MINUTE; elapsed += 15_000) {
        now = new Date(start.getTime() + elapsed)
        await tick()
      }
    } finally {
      now = start
    }
    const events = receiver.received.slice(before)
    expect(events).toHaveLength(1)
    expect(new Set(receiver.received.map((event) => event.id)).size).toBe(receiver.received.length)
  })

  it('gives up after 3 days and lists the delivery as failed', async () => {
    receiver.down = true
    await objection(['HLN'], '+32470666777')
    const start = now
    try {
      for (let hours = 0; hours <= 73; hours += 1) {
        now = new Date(start.getTime() + hours * 60 * MINUTE)
        await tick()
      }
    } finally {
      now = start
      receiver.down = false
    }
    const failed = await setup.composition.webhooks.admin.failed()
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatchObject({
      client: 'HLN CRM',
      event_type: 'suppression.created',
      last_error: 'HTTP 503',
    })
  })

  it('refuses an endpoint that is not https, and an unknown event', async () => {
    const admin = setup.composition.webhooks.admin
    await expect(
      admin.register('HLN CRM', 'http://crm.example.be/hooks', ['request.verified']),
    ).rejects.toThrow()
    await expect(
      admin.register('HLN CRM', 'https://crm.example.be/hooks', ['request.deleted']),
    ).rejects.toThrow()
    await expect(
      admin.register('Nobody', 'https://crm.example.be/hooks', ['request.verified']),
    ).rejects.toThrow()
  })
})

describe.runIf(DATABASES.includes('postgres'))('webhooks from two instances on one PostgreSQL', () => {
  it('deliver each event exactly once', async () => {
    const receiver = new WebhookReceiver()
    await receiver.start()
    const url = await testDatabaseUrl('postgres')
    const a = await testSetup({ DATABASE_URL: url, WEBHOOK_SIGNING_KEY: 'k'.repeat(40) })
    const b = await testSetup({ DATABASE_URL: url, WEBHOOK_SIGNING_KEY: 'k'.repeat(40) })
    try {
      await a.composition.services.apiClients.add({ name: 'Call centre', country: 'BE' })
      const endpoint = await a.composition.webhooks.admin.register('Call centre', receiver.url, [
        'suppression.created',
      ])
      receiver.setSecret(endpoint.secret)
      a.composition.startWorkers({ outboxIntervalMs: NEVER, webhookIntervalMs: 20 })
      b.composition.startWorkers({ outboxIntervalMs: NEVER, webhookIntervalMs: 20 })
      for (let i = 0; i < 40; i++) {
        const app = i % 2 ? a.app : b.app
        const answer = await request(app)
          .post('/api/privacy-rights/request')
          .set('Host', BE)
          .send({
            flowType: 'OBJECTION',
            country: 'BE',
            language: 'nl',
            phoneNumber: `+3247000${String(i).padStart(4, '0')}`,
            brands: ['HLN'],
          })
        expect(answer.status).toBe(200)
      }
      await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(40)
      expect(new Set(receiver.received.map((event) => event.id)).size).toBe(40)
      expect(receiver.refused).toEqual([])
    } finally {
      await a.composition.close()
      await b.composition.close()
      await receiver.stop()
    }
  }, 60_000)
})
