import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { BRANDS } from '#server/brands.ts'
import { migrate, openDatabase } from '#server/db/database.ts'
import { claimDueDeliveries, markAttemptFailed } from '#server/db/webhook-delivery-repository.ts'
import { enqueueDelivery } from '#server/db/webhook-repository.ts'
import { createApiClientService } from '#server/services/api-clients.ts'
import { endpointSecret, webhookKey } from '#server/services/webhooks.ts'
import { ROOT } from '../support/app'

const run = promisify(execFile)
const SIGNING_KEY = 'operator-commands-test-signing-key-0123456789'

/** The bundled command as the image runs it (`npm run api-clients` there is `node dist/scripts/api-clients.mjs`). */
const apiClients = (databaseUrl: string, ...args: string[]) =>
  run(process.execPath, ['dist/scripts/api-clients.mjs', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      WEBHOOK_SIGNING_KEY: SIGNING_KEY,
    },
  })
const freshDatabase = () => `file:${join(mkdtempSync(join(tmpdir(), 'operator-')), 'commands.sqlite')}`
const secretIn = (stdout: string) => /^pss_[\w-]{43}$/m.exec(stdout)?.[0] ?? ''

/** The same database, opened by the test as the app opens it. */
async function database(url: string) {
  const db = openDatabase(url, ROOT)
  await migrate(db.db, db.dialect)
  return db
}

describe('operator commands, bundled as in the image', () => {
  it('api-clients adds a client (its secret shown once), lists it and revokes it', async () => {
    const url = freshDatabase()
    const added = await apiClients(url, 'add', '--name', 'HLN CRM', '--country', 'BE', '--brands', 'HLN,HUMO')
    expect(added.stdout).toMatch(/^pss_[\w-]{43}$/m)
    // An objection to a brand stores each of its keys: the client gets them all, and is told so.
    expect(added.stdout).toContain('HLN → HLN, HLN_DIGITAL')
    expect(added.stdout).toContain('HUMO → HUMO, HUMO_DIGITAL')
    const listed = await apiClients(url, 'list')
    expect(listed.stdout).toContain('HLN CRM\tBE\tHLN, HLN_DIGITAL, HUMO, HUMO_DIGITAL\tlive')
    expect(listed.stdout).not.toContain('pss_')
    await apiClients(url, 'revoke', '--name', 'HLN CRM')
    expect((await apiClients(url, 'list')).stdout).toContain('revoked')
    await expect(apiClients(url, 'add', '--name', 'X')).rejects.toMatchObject({ code: 2 })
  }, 30_000)

  it('api-clients add refuses a brand key the country does not have, naming the keys it has', async () => {
    const url = freshDatabase()
    const typo = apiClients(url, 'add', '--name', 'HLN CRM', '--country', 'BE', '--brands', 'HLN,HLM')
    await expect(typo).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/unknown brand key HLM; the country's keys are .*HLN, HLN_DIGITAL/),
      stdout: expect.not.stringContaining('pss_'),
    })
    // A key of the other country is unknown here too; nothing was added.
    await expect(
      apiClients(url, 'add', '--name', 'HLN CRM', '--country', 'BE', '--brands', 'AD'),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('unknown brand key AD') })
    expect((await apiClients(url, 'list')).stdout).toBe('')
  }, 30_000)

  it('api-clients rotate prints a new secret and keeps the old one working; an unknown client is refused', async () => {
    const url = freshDatabase()
    const old = secretIn((await apiClients(url, 'add', '--name', 'DM CRM', '--country', 'BE')).stdout)
    const rotated = await apiClients(url, 'rotate', '--name', 'DM CRM')
    expect(rotated.stdout).toContain('the previous one works for 24 hours more')
    const fresh = secretIn(rotated.stdout)
    expect(fresh).not.toBe('')
    expect(fresh).not.toBe(old)
    const db = await database(url)
    try {
      const clients = createApiClientService({ db, brands: BRANDS })
      expect((await clients.authenticate(old))?.name).toBe('DM CRM')
      expect((await clients.authenticate(fresh))?.name).toBe('DM CRM')
    } finally {
      await db.close()
    }
    await expect(apiClients(url, 'rotate', '--name', 'Nobody')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Live client "Nobody" not found'),
    })
    await expect(apiClients(url, 'rotate')).rejects.toMatchObject({ code: 2 })
  }, 30_000)

  it('api-clients webhook registers an endpoint (its signing secret shown), disables it, and deliveries --failed lists what was given up', async () => {
    const url = freshDatabase()
    const hooks = 'https://crm.example.be/hooks'
    await apiClients(url, 'add', '--name', 'HLN CRM', '--country', 'BE')
    expect((await apiClients(url, 'deliveries', '--failed')).stdout).toBe('No failed deliveries.\n')
    const registered = await apiClients(
      url,
      'webhook',
      '--name',
      'HLN CRM',
      '--url',
      hooks,
      '--events',
      'suppression.created,request.verified',
    )
    const secret = /^whsec_\S+$/m.exec(registered.stdout)?.[0]
    const db = await database(url)
    try {
      const endpoint = await db.db.selectFrom('webhook_endpoints').select('id').executeTakeFirstOrThrow()
      // The secret the receiver gets is the one the deliveries are signed with.
      expect(secret).toBe(endpointSecret(webhookKey({ webhookSigningKey: SIGNING_KEY }, ''), endpoint.id))
      expect((await apiClients(url, 'list')).stdout).toContain(
        `\twebhook\t${hooks}\tsuppression.created,request.verified\tlive`,
      )
      // One delivery given up on after 3 days, one still waiting.
      const now = new Date()
      const queue = async (id: string) =>
        enqueueDelivery(
          db.db,
          {
            id,
            endpointId: endpoint.id,
            eventType: 'suppression.created',
            payload: '{"type":"suppression.created"}',
          },
          now.toISOString(),
        )
      await queue('msg_given_up')
      const [claimed] = await claimDueDeliveries(db.db, db.dialect, now, 1, 60_000)
      if (!claimed) throw new Error('nothing to claim')
      await markAttemptFailed(db.db, claimed, 'HTTP 503', null, now.toISOString())
      await queue('msg_waiting')
    } finally {
      await db.close()
    }
    const failed = (await apiClients(url, 'deliveries', '--failed')).stdout
    expect(failed).toMatch(
      /\tHLN CRM\tsuppression\.created\thttps:\/\/crm\.example\.be\/hooks\t1 attempts\tHTTP 503\tmsg_given_up\n$/,
    )
    const disabled = await apiClients(url, 'webhook', '--name', 'HLN CRM', '--url', hooks, '--disable')
    expect(disabled.stdout).toContain('(1 waiting deliveries cancelled)')
    expect((await apiClients(url, 'list')).stdout).toMatch(
      /\twebhook\thttps:\/\/crm\.example\.be\/hooks\t\S+\tdisabled \d{4}-/,
    )
    expect((await apiClients(url, 'deliveries', '--failed')).stdout).toMatch(
      /\t0 attempts\tcancelled: endpoint disabled\tmsg_waiting\n/,
    )
    await expect(
      apiClients(url, 'webhook', '--name', 'HLN CRM', '--url', hooks, '--disable'),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('not found'),
    })
    await expect(
      apiClients(
        url,
        'webhook',
        '--name',
        'HLN CRM',
        '--url',
        'http://crm.example.be/hooks',
        '--events',
        'request.verified',
      ),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('url (https)') })
  }, 60_000)
})
