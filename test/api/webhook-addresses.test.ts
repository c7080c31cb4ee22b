import { join } from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '#server/logger.ts'
import {
  checkWebhookUrl,
  systemAddressPolicy,
  systemAddressPolicyWith,
  type WebhookAddressPolicy,
} from '#server/services/webhook-urls.ts'
import { startWebhookWorker, webhookAdmin, webhookKey } from '#server/services/webhooks.ts'
import { ROOT, testSetup } from '../support/app'
import { testWebhookAddresses } from '../support/dns'
import { WebhookReceiver } from '../support/webhook-receiver'

const BE = 'privacy.dpgmedia.be'
const NEVER = 3_600_000

/**
 * Issue 27: a webhook URL that resolves into this network (loopback, private, link-local, cloud metadata) is
 * refused when it is registered, and again when a delivery is due: checked on the resolved address, which the
 * delivery then connects to, so DNS cannot answer one thing to the check and another to the connection.
 */
describe('webhook URLs may not name this network', () => {
  it.each([
    ['https://169.254.169.254/latest/meta-data', 'address'],
    ['https://10.0.0.1/', 'address'],
    ['https://127.1:5432/', 'address'],
    ['https://[::1]/hooks', 'address'],
    ['https://[::ffff:10.0.0.1]/hooks', 'address'],
    ['https://[fd00:ec2::254]/', 'address'],
    ['https://0x7f.1/', 'address'],
    ['https://metadata.crm.example/hooks', 'address'],
    ['https://intranet.crm.example/hooks', 'address'],
    // One internal address among public ones is enough: the connection could go to it.
    ['https://mixed.crm.example/hooks', 'address'],
    ['https://v6.crm.example/hooks', 'address'],
    ['http://crm.example.be/hooks', 'https'],
    ['https://user:secret@crm.example.be/hooks', 'https'],
    ['ftp://crm.example.be/hooks', 'https'],
  ])('%s is refused (%s)', async (url, rule) => {
    expect(await checkWebhookUrl(url, testWebhookAddresses)).toEqual({ ok: false, rule })
  })

  it('refuses a loopback receiver in production, where the tests’ policy allows one over http', async () => {
    expect(await checkWebhookUrl('http://127.0.0.1:3000/hooks', systemAddressPolicy)).toEqual({
      ok: false,
      rule: 'https',
    })
    expect(await checkWebhookUrl('https://127.0.0.1:3000/hooks', systemAddressPolicy)).toEqual({
      ok: false,
      rule: 'address',
    })
    expect(await checkWebhookUrl('http://127.0.0.1:3000/hooks', testWebhookAddresses)).toMatchObject({
      ok: true,
    })
  })

  it('allows an https receiver inside the operator’s private networks (WEBHOOK_PRIVATE_NETWORKS), and only there', async () => {
    const policy = systemAddressPolicyWith(['10.20.0.0/16', '127.0.0.1'])
    expect(await checkWebhookUrl('https://10.20.3.4/hooks', policy)).toMatchObject({
      ok: true,
      target: { address: '10.20.3.4' },
    })
    expect(await checkWebhookUrl('https://127.0.0.1:8443/hooks', policy)).toMatchObject({ ok: true })
    // Another internal network, and http inside the allowed one, stay refused.
    expect(await checkWebhookUrl('https://10.21.0.1/hooks', policy)).toEqual({ ok: false, rule: 'address' })
    expect(await checkWebhookUrl('https://169.254.169.254/', policy)).toEqual({ ok: false, rule: 'address' })
    expect(await checkWebhookUrl('http://10.20.3.4/hooks', policy)).toEqual({ ok: false, rule: 'https' })
  })

  describe('at registration and at delivery', () => {
    let setup: Awaited<ReturnType<typeof testSetup>>
    const receiver = new WebhookReceiver()
    /** DNS that changes its answer between the registration and the delivery: a rebinding attack. */
    let answer = ['198.51.99.10']
    const rebinding: WebhookAddressPolicy = { resolve: async () => answer }
    beforeAll(async () => {
      await receiver.start()
      setup = await testSetup()
      setup.composition.startWorkers({ outboxIntervalMs: NEVER, webhookIntervalMs: NEVER })
      await setup.composition.services.apiClients.add({ name: 'CRM', country: 'BE', brands: ['HLN'] })
    })
    afterAll(async () => {
      await setup?.composition.close()
      await receiver.stop()
    })
    const key = () => webhookKey(setup.config, join(ROOT, 'data/webhook-signing.key'))

    it('refuses to register an internal address, with the field that is wrong', async () => {
      const admin = webhookAdmin(setup.composition.db, key(), systemAddressPolicy)
      for (const url of ['https://169.254.169.254/', 'https://10.0.0.1/', 'https://127.1:5432/'])
        await expect(admin.register('CRM', url, ['suppression.created'])).rejects.toMatchObject({
          name: 'ValidationFailed',
          fields: [{ field: 'url', rule: 'address' }],
        })
    })

    it('does not connect when the name resolves into this network at delivery', async () => {
      const admin = webhookAdmin(setup.composition.db, key(), rebinding)
      await admin.register('CRM', 'https://rebind.crm.example/hooks', ['suppression.created'])
      answer = ['127.0.0.1']
      const posted = await request(setup.app)
        .post('/api/privacy-rights/request')
        .set('Host', BE)
        .send({
          flowType: 'OBJECTION',
          country: 'BE',
          language: 'nl',
          phoneNumber: '0470 99 88 77',
          brands: ['HLN'],
        })
      expect(posted.status).toBe(200)
      const worker = startWebhookWorker({
        db: setup.composition.db,
        key: key(),
        addresses: rebinding,
        logger: createLogger('silent'),
        intervalMs: NEVER,
      })
      await worker.tick()
      await worker.stop()
      const deliveries = await setup.composition.db.db
        .selectFrom('webhook_deliveries')
        .select(['attempts', 'last_error', 'delivered_at'])
        .execute()
      expect(deliveries).toEqual([
        { attempts: 1, last_error: 'refused: internal address', delivered_at: null },
      ])
    })
  })
})
