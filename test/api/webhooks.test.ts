import { join } from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '#server/logger.ts'
import type { OutboxWorker } from '#server/mail/outbox-worker.ts'
import { WEBHOOK_BATCH } from '#server/services/webhook-worker.ts'
import { startWebhookWorker, webhookKey } from '#server/services/webhooks.ts'
import { DATABASES, ROOT, runRetention, testDatabaseUrl, testSetup } from '../support/app'
import { testWebhookAddresses } from '../support/dns'
import { openApiSchemas, pointerPart } from '../support/openapi'
import { SmtpSink } from '../support/smtp'
import { confirmByMail as confirmRequest } from '../support/verification'
import { type ReceivedEvent, WebhookReceiver } from '../support/webhook-receiver'

const BE = 'privacy.dpgmedia.be'
const MINUTE = 60_000
/** Background polls never run: each test polls by hand, with the clock where it wants it. */
const NEVER = 1_000_000_000

describe.each(DATABASES)('webhooks to brand systems on %s', (kind) => {
  let now = new Date()
  const clock = () => now
  const receiver = new WebhookReceiver()
  /** The endpoint of a client registered with --ids-only: ids and references, never contact data. */
  const idsOnlyReceiver = new WebhookReceiver()
  const sink = new SmtpSink()
  let setup: Awaited<ReturnType<typeof testSetup>>
  let outbox: OutboxWorker

  beforeAll(async () => {
    await Promise.all([receiver.start(), idsOnlyReceiver.start(), sink.start()])
    setup = await testSetup({ DATABASE_URL: await testDatabaseUrl(kind), SMTP_URL: sink.url }, undefined, {
      clock,
    })
    outbox = setup.composition.startWorkers({ outboxIntervalMs: NEVER, webhookIntervalMs: NEVER, clock })
    await setup.composition.services.apiClients.add({ name: 'HLN CRM', country: 'BE', brands: ['HLN'] })
    await setup.composition.services.apiClients.add({ name: 'Ids only', country: 'BE', contactData: false })
    const admin = setup.composition.webhooks.admin
    const events = ['suppression.created', 'request.verified']
    const endpoint = await admin.register('HLN CRM', receiver.url, events)
    expect(endpoint.secret).toMatch(/^whsec_/)
    receiver.setSecret(endpoint.secret)
    idsOnlyReceiver.setSecret((await admin.register('Ids only', idsOnlyReceiver.url, events)).secret)
  })
  afterAll(async () => {
    await setup?.composition.close()
    await Promise.all([receiver.stop(), idsOnlyReceiver.stop(), sink.stop()])
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
    expect((await runRetention(setup, later))?.webhookDeliveries).toBeGreaterThanOrEqual(delivered.length)
  })

  it('sends a backlog beyond one batch in one run of the timer: polled again at once after a full batch (issue 30)', async () => {
    const phones = Array.from({ length: 25 }, (_, i) => `+32470550${String(i).padStart(3, '0')}`)
    for (const phone of phones) expect((await objection(['HLN'], phone)).status).toBe(200)
    const mine = () =>
      receiver.received.filter((event) =>
        (event.data.suppressions as { phoneNumber?: string }[] | undefined)?.some((row) =>
          phones.includes(row.phoneNumber ?? ''),
        ),
      ).length
    // 50 deliveries due (HLN CRM's and the ids-only client's): one poll sends one batch of them.
    await tick()
    expect(WEBHOOK_BATCH).toBeLessThan(50)
    expect(mine()).toBeLessThan(phones.length)
    // What the timer runs: a poll after every full batch, until one comes back short.
    await setup.composition.webhooks.worker?.drain()
    expect(mine()).toBe(phones.length)
    expect(receiver.refused).toEqual([])
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
    // The --ids-only client's receiver was up: only HLN CRM's delivery failed.
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

  async function confirmByMail(email: string) {
    await outbox.runOnce()
    const confirm = await confirmRequest(setup.app, sink, BE, email)
    expect(confirm.headers.location).toBe('/nl/email-verified')
  }

  /** Each delivery is what the served OpenAPI document's `webhooks` section says it is: body and headers. */
  async function expectDescribed(events: ReceivedEvent[]) {
    const { body: document } = await request(setup.app).get('/api/openapi.json').set('Host', BE)
    const schemas = openApiSchemas(document)
    for (const event of events) {
      const operation = `/webhooks/${pointerPart(event.type)}/post`
      const validate = schemas.at(`${operation}/requestBody/content/application~1json/schema`)
      expect(validate(JSON.parse(event.body)), JSON.stringify(validate.errors)).toBe(true)
      const parameters = document.webhooks[event.type].post.parameters as { name: string; in: string }[]
      expect(parameters.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual(
        Object.keys(event.headers).map((name) => `header ${name}`),
      )
      parameters.forEach((parameter, index) => {
        const value = event.headers[parameter.name as keyof ReceivedEvent['headers']]
        expect(
          schemas.at(`${operation}/parameters/${index}/schema`)(value),
          `${parameter.name}: ${value}`,
        ).toBe(true)
      })
    }
  }

  it('announces a verified objection to every subscriber, with contact data only for a client allowed it', async () => {
    const email = `lezer-${kind}@example.be`
    const full = receiver.received.length
    const bare = idsOnlyReceiver.received.length
    const answer = await request(setup.app)
      .post('/api/privacy-rights/request')
      .set('Host', BE)
      .send({
        flowType: 'OBJECTION',
        country: 'BE',
        language: 'nl',
        email,
        phoneNumber: '+32470123987',
        brands: ['HLN'],
        communicationTypes: ['EMAIL', 'PHONE', 'POSTAL'],
        userInfo: {
          firstName: 'An',
          lastName: 'Peeters',
          address: {
            street: 'Veldstraat',
            houseNumber: '12',
            postalCode: '9000',
            city: 'Gent',
            country: 'BE',
          },
        },
      })
    expect(answer.status).toBe(200)
    const reference = answer.body.reference as string
    await tick()
    // Nothing until the requester confirms.
    expect(receiver.received.length).toBe(full)
    await confirmByMail(email)
    await tick()
    const ofRequest = (events: ReceivedEvent[]) => events.filter((e) => e.data.reference === reference)
    const toFull = ofRequest(receiver.received.slice(full))
    const toBare = ofRequest(idsOnlyReceiver.received.slice(bare))
    for (const events of [toFull, toBare])
      expect(events.map((event) => event.type).sort()).toEqual(['request.verified', 'suppression.created'])
    const verified = toFull.find((event) => event.type === 'request.verified')
    expect(verified?.data).toEqual({
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      reference,
      flowType: 'OBJECTION',
      verifiedAt: now.toISOString(),
    })
    expect(verified?.body).not.toContain(email)
    expect(toFull.find((event) => event.type === 'suppression.created')?.data.suppressions).toEqual([
      expect.objectContaining({ channel: 'EMAIL', brandKey: 'HLN', email }),
      expect.objectContaining({ channel: 'PHONE', brandKey: 'HLN', phoneNumber: '+32470123987' }),
      expect.objectContaining({
        channel: 'POSTAL',
        brandKey: 'HLN',
        postalAddress: expect.objectContaining({ street: 'Veldstraat', houseNumber: '12', city: 'Gent' }),
      }),
    ])
    // The --ids-only client learns the same suppressions by id and reference, and nothing of the person.
    const created = toBare.find((event) => event.type === 'suppression.created')
    const suppressions = created?.data.suppressions as Record<string, unknown>[]
    expect(suppressions.map((item) => item.channel)).toEqual(['EMAIL', 'PHONE', 'POSTAL'])
    for (const item of suppressions)
      expect(Object.keys(item).sort()).toEqual([
        'brandKey',
        'channel',
        'country',
        'createdAt',
        'id',
        'reference',
      ])
    for (const event of toBare)
      for (const personal of [email, '470123987', 'Veldstraat', 'Gent', 'Peeters'])
        expect(event.body).not.toContain(personal)
    await expectDescribed([...toFull, ...toBare])
    expect([...receiver.refused, ...idsOnlyReceiver.refused]).toEqual([])
  })

  /** A client of its own with one endpoint at a receiver of its own. */
  async function clientWithEndpoint(name: string, brands: string[]) {
    const hooks = new WebhookReceiver()
    await hooks.start()
    await setup.composition.services.apiClients.add({ name, country: 'BE', brands })
    hooks.setSecret(
      (await setup.composition.webhooks.admin.register(name, hooks.url, ['suppression.created'])).secret,
    )
    return hooks
  }
  const deliveriesOf = (client: string) =>
    setup.composition.db.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .innerJoin('api_clients as c', 'c.id', 'e.client_id')
      .select(['d.payload', 'd.delivered_at', 'd.failed_at', 'd.last_error', 'd.attempts', 'e.url'])
      .where('c.name', '=', client)
      .orderBy('d.created_at')
      .execute()
  /**
   * Runs `work` with the clock `ms` on, then sets it back. Within the receiver's tolerance (Standard Webhooks:
   * 5 minutes), so that a delivery wrongly sent would be received, not refused as too new.
   */
  async function later(ms: number, work: () => unknown) {
    const start = now
    now = new Date(start.getTime() + ms)
    try {
      await work()
    } finally {
      now = start
    }
  }

  it('never sends the waiting deliveries of a revoked client: they are cancelled and their bodies erased', async () => {
    const hooks = await clientWithEndpoint('Leaving CRM', ['VTM'])
    try {
      hooks.down = true
      await objection(['VTM'], '+32470700001')
      await tick()
      // One attempt failed; the delivery waits for its retry, with the phone number in its body.
      expect((await deliveriesOf('Leaving CRM'))[0]?.payload).toContain('+32470700001')
      await setup.composition.services.apiClients.revoke('Leaving CRM')
      hooks.down = false
      await later(2 * MINUTE, tick)
      expect(hooks.received).toEqual([])
      expect(await deliveriesOf('Leaving CRM')).toEqual([
        expect.objectContaining({
          payload: '',
          delivered_at: null,
          failed_at: expect.any(String),
          last_error: 'cancelled: client revoked',
        }),
      ])
      // The operator sees why in `deliveries --failed`.
      expect(await setup.composition.webhooks.admin.failed()).toContainEqual(
        expect.objectContaining({ client: 'Leaving CRM', last_error: 'cancelled: client revoked' }),
      )
    } finally {
      await hooks.stop()
    }
  })

  it('disables one endpoint: its waiting deliveries are cancelled, the client keeps its other endpoint', async () => {
    const admin = setup.composition.webhooks.admin
    const first = await clientWithEndpoint('Two endpoints', ['VTM2'])
    const second = new WebhookReceiver()
    await second.start()
    try {
      second.setSecret((await admin.register('Two endpoints', second.url, ['suppression.created'])).secret)
      first.down = true
      await objection(['VTM2'], '+32470700002')
      await tick()
      expect(second.received).toHaveLength(1)
      expect(await admin.disable('Two endpoints', first.url)).toBe(1)
      first.down = false
      await objection(['VTM2'], '+32470700003')
      await later(2 * MINUTE, tick)
      expect(first.received).toEqual([])
      expect(second.received).toHaveLength(2)
      const toFirst = (await deliveriesOf('Two endpoints')).filter((row) => row.url === first.url)
      expect(toFirst).toEqual([
        expect.objectContaining({
          payload: '',
          last_error: 'cancelled: endpoint disabled',
          delivered_at: null,
        }),
      ])
      await expect(admin.disable('Two endpoints', first.url)).rejects.toThrow(/not found/)
      await expect(admin.disable('Nobody', second.url)).rejects.toThrow(/not found/)
    } finally {
      await Promise.all([first.stop(), second.stop()])
    }
  })

  it('cancels, when it claims them, deliveries whose client was revoked or endpoint disabled since they were written', async () => {
    // As when another instance revokes or disables while an event's transaction is still writing them.
    const revoked = await clientWithEndpoint('Revoked meanwhile', ['VTM3'])
    const disabled = await clientWithEndpoint('Disabled meanwhile', ['VTM3'])
    try {
      await objection(['VTM3'], '+32470700004')
      const db = setup.composition.db.db
      const at = now.toISOString()
      await db
        .updateTable('api_clients')
        .set({ revoked_at: at })
        .where('name', '=', 'Revoked meanwhile')
        .execute()
      const endpoint = db.selectFrom('api_clients').select('id').where('name', '=', 'Disabled meanwhile')
      await db
        .updateTable('webhook_endpoints')
        .set({ disabled_at: at })
        .where('client_id', 'in', endpoint)
        .execute()
      await tick()
      expect([...revoked.received, ...disabled.received]).toEqual([])
      expect(await deliveriesOf('Revoked meanwhile')).toEqual([
        expect.objectContaining({ payload: '', last_error: 'cancelled: client revoked' }),
      ])
      expect(await deliveriesOf('Disabled meanwhile')).toEqual([
        expect.objectContaining({ payload: '', last_error: 'cancelled: endpoint disabled' }),
      ])
    } finally {
      await Promise.all([revoked.stop(), disabled.stop()])
    }
  })

  /**
   * Two instances on one database, A and B, each with its own clock: A claims the event's delivery to the
   * client's endpoint and its send stalls; 61 seconds on, its 60-second claim has run out and B claims the
   * delivery too, and its send waits as well. Then `steps` answer the two sends.
   */
  async function stalledAndTakenOver(
    client: string,
    brand: string,
    steps: (run: {
      hooks: WebhookReceiver
      a: { tick(): Promise<void> }
      b: { tick(): Promise<void> }
      aSends: Promise<void>
      bSends: Promise<void>
      at(instance: 'a' | 'b', seconds: number): void
    }) => Promise<void>,
  ) {
    const hooks = await clientWithEndpoint(client, [brand])
    const key = webhookKey(setup.config, join(ROOT, 'data/webhook-signing.key'))
    const start = now
    const clocks = { a: start, b: new Date(start.getTime() + 61_000) }
    const instance = (name: 'a' | 'b') =>
      startWebhookWorker({
        db: setup.composition.db,
        key,
        addresses: testWebhookAddresses,
        logger: createLogger('silent'),
        clock: () => clocks[name],
        intervalMs: NEVER,
      })
    const a = instance('a')
    const b = instance('b')
    try {
      hooks.hold = true
      await objection([brand], '+32470700005')
      const aSends = a.tick()
      await hooks.whenHeld(1)
      const bSends = b.tick()
      await hooks.whenHeld(2)
      hooks.hold = false
      const at = (name: 'a' | 'b', seconds: number) => {
        clocks[name] = new Date(start.getTime() + seconds * 1000)
      }
      await steps({ hooks, a, b, aSends, bSends, at })
    } finally {
      await Promise.all([a.stop(), b.stop()])
      await hooks.stop()
    }
  }

  /** The client's one delivery: delivered `seconds` after the event, in one attempt, with no failure. */
  async function expectDeliveredOnce(client: string, seconds: number) {
    expect(await deliveriesOf(client)).toEqual([
      expect.objectContaining({
        payload: '',
        delivered_at: new Date(now.getTime() + seconds * 1000).toISOString(),
        failed_at: null,
        last_error: null,
        attempts: 1,
      }),
    ])
  }

  it('keeps a stalled instance from closing or re-opening a delivery another instance took over', () =>
    stalledAndTakenOver('Slow CRM', 'VTM4', async ({ hooks, a, aSends, bSends, at }) => {
      // A's send fails at last, 70 s on; it no longer holds the claim, so that changes nothing.
      at('a', 70)
      hooks.held[0]?.answer(503)
      await aSends
      // Past the retry A's failure would have set: A must not send again while B is sending.
      at('a', 110)
      await a.tick()
      expect(hooks.held).toHaveLength(2)
      hooks.held[1]?.answer(204)
      await bSends
      expect(hooks.received).toHaveLength(1)
      await expectDeliveredOnce('Slow CRM', 61)
    }))

  it('records the 2xx a stalled instance got at last, once; the other instance failing later changes nothing', () =>
    stalledAndTakenOver('Late CRM', 'VTMGO', async ({ hooks, b, aSends, bSends, at }) => {
      at('a', 62)
      hooks.held[0]?.answer(204)
      await aSends
      at('b', 63)
      hooks.held[1]?.answer(503)
      await bSends
      await expectDeliveredOnce('Late CRM', 62)
      at('b', 200)
      await b.tick()
      expect(hooks.received).toHaveLength(1)
    }))
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
      // Real time, until the test moves both instances' clocks on.
      let ahead = 0
      const clock = () => new Date(Date.now() + ahead)
      a.composition.startWorkers({ outboxIntervalMs: NEVER, webhookIntervalMs: 20, clock })
      b.composition.startWorkers({ outboxIntervalMs: NEVER, webhookIntervalMs: 20, clock })
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
      // Both instances run on, their clocks past every claim's 60 s and every retry's back-off (at most an
      // hour): a delivery sent but not recorded, or claimed twice, would go out again now, and show among the
      // received or (signed at the moved clock, outside the receiver's tolerance) the refused.
      ahead = 2 * 3600_000
      for (let round = 0; round < 5; round++)
        await Promise.all([a.composition.webhooks.worker?.tick(), b.composition.webhooks.worker?.tick()])
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(receiver.received).toHaveLength(40)
      expect(new Set(receiver.received.map((event) => event.id)).size).toBe(40)
      expect(receiver.refused).toEqual([])
      const deliveries = await a.composition.db.db
        .selectFrom('webhook_deliveries')
        .select(['delivered_at', 'attempts'])
        .execute()
      expect(deliveries).toHaveLength(40)
      expect(deliveries.filter((delivery) => delivery.delivered_at === null)).toEqual([])
    } finally {
      await a.composition.close()
      await b.composition.close()
      await receiver.stop()
    }
  }, 60_000)
})
