import { createHmac } from 'node:crypto'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRANDS } from '#server/brands.ts'
import { createLogger } from '#server/logger.ts'
import { DATABASES, runRetention, testDatabaseUrl, testSetup } from '../support/app'
import { SmtpSink } from '../support/smtp'

const BE = 'privacy.dpgmedia.be'
const NL = 'privacy.dpgmedia.nl'
const DAY_MS = 86_400_000
const BE_KEYS = BRANDS.BE.brands.flatMap((brand) => brand.nroKeys)

/**
 * The README's algorithm, written here and not taken from the app: `keyId.payload.mac`, the payload the
 * base64url of `v1\n{brandKey}\nEMAIL\n{address}`, the mac HMAC-SHA256 with the key over `keyId.payload`.
 */
function unsubscribeToken(keyId: string, key: string, brandKey: string, email: string): string {
  const payload = Buffer.from(`v1\n${brandKey}\nEMAIL\n${email.toLowerCase()}`, 'utf8').toString('base64url')
  const mac = createHmac('sha256', Buffer.from(key, 'base64url'))
    .update(`${keyId}.${payload}`)
    .digest('base64url')
  return `${keyId}.${payload}.${mac}`
}

describe.each(DATABASES)(
  'the reader’s preference centre and one-click unsubscribe on %s (issue 28)',
  (kind) => {
    let now = new Date('2026-11-10T09:00:00Z')
    const sink = new SmtpSink()
    const logLines: string[] = []
    let setup: Awaited<ReturnType<typeof testSetup>>
    const clients = { hln: '', nl: '' }

    beforeAll(async () => {
      await sink.start()
      setup = await testSetup(
        {
          DATABASE_URL: await testDatabaseUrl(kind),
          SMTP_URL: sink.url,
          WEBHOOK_SIGNING_KEY: 'w'.repeat(40),
        },
        createLogger('info', { write: (line: string) => logLines.push(line) }),
        { clock: () => now },
      )
      setup.composition.startWorkers({ outboxIntervalMs: 20, clock: () => now, hourlyJobs: false })
      const api = setup.composition.services.apiClients
      clients.hln = (await api.add({ name: 'HLN mailing', country: 'BE', brands: ['HLN'] })).secret
      clients.nl = (await api.add({ name: 'AD mailing', country: 'NL' })).secret
    })
    afterAll(async () => {
      await setup?.composition.close()
      await sink.stop()
    })

    const post = (host: string, path: string, body: object) =>
      request(setup.app).post(path).set('Host', host).send(body)
    const feed = async (secret: string, host = BE) =>
      (
        await request(setup.app)
          .get('/api/v1/suppressions?limit=1000')
          .set('Host', host)
          .set('Authorization', `Bearer ${secret}`)
      ).body.items as { id: string; brandKey: string; channel: string; email?: string; reference: string }[]
    const linkFor = async (email: string, language: 'nl' | 'fr' = 'fr') => {
      const before = sink.mails.filter((mail) => JSON.stringify(mail.to).includes(email)).length
      const asked = await post(BE, '/api/privacy-rights/preferences/link', { email, country: 'BE', language })
      expect(asked.status).toBe(202)
      const mails = await sink.waitFor((mail) => JSON.stringify(mail.to).includes(email), before + 1)
      return /preferences\?token=([\w-]+)/.exec(mails.at(-1)?.text ?? '')?.[1] ?? ''
    }

    it('mails a link to any address with the same answer, keeps only its hash, and holds to the recipient limit', async () => {
      const token = await linkFor('lezer@example.be')
      expect(token).toMatch(/^[\w-]{43}$/)
      const stored = await setup.composition.db.db.selectFrom('preference_tokens').selectAll().execute()
      expect(JSON.stringify(stored)).not.toContain(token)
      // Beyond RECIPIENT_MAILS_PER_DAY mails to one address: the same 202, no more mail. The outbox is counted
      // by recipient domain: a sent mail's address is erased from its row, so on a quick machine some of the
      // three are already anonymous when the test looks.
      const queuedToDomain = async () =>
        (
          await setup.composition.db.db
            .selectFrom('mail_outbox')
            .select('id')
            .where('recipient_domain', '=', 'example.be')
            .execute()
        ).length
      const queuedBefore = await queuedToDomain()
      for (let i = 0; i < 4; i++)
        expect(
          (
            await post(BE, '/api/privacy-rights/preferences/link', {
              email: 'vol@example.be',
              country: 'BE',
              language: 'nl',
            })
          ).status,
        ).toBe(202)
      // Three were written to the outbox with the requests (the fourth not at all) and all three arrive: no
      // fixed wait, which a loaded machine outlasts.
      expect((await queuedToDomain()) - queuedBefore).toBe(3)
      const toFull = (mail: { to?: unknown }) => JSON.stringify(mail.to).includes('vol@example.be')
      await sink.waitFor(toFull, 3)
      expect(sink.mails.filter(toFull)).toHaveLength(3)
      // A malformed address is refused, an address of another country's site too.
      expect(
        (
          await post(BE, '/api/privacy-rights/preferences/link', {
            email: 'geen-adres',
            country: 'BE',
            language: 'nl',
          })
        ).status,
      ).toBe(400)
      expect(
        (
          await post(BE, '/api/privacy-rights/preferences/link', {
            email: 'a@example.be',
            country: 'NL',
            language: 'nl',
          })
        ).status,
      ).toBe(400)
    })

    it('shows each brand and channel, with an earlier objection marked as applied by its brand', async () => {
      const email = 'toegepast@example.be'
      // An earlier objection, executed at once, that HLN's system confirms.
      const objection = await post(BE, '/api/privacy-rights/request', {
        flowType: 'OBJECTION',
        country: 'BE',
        language: 'nl',
        phoneNumber: '+32470556677',
        brands: ['HLN', 'HLN_DIGITAL'],
        communicationTypes: ['PHONE'],
      })
      expect(objection.status).toBe(200)
      const token = await linkFor(email)
      const empty = await request(setup.app)
        .get(`/api/privacy-rights/preferences?token=${token}`)
        .set('Host', BE)
      expect(empty.status).toBe(200)
      expect(empty.body.brands).toHaveLength(BRANDS.BE.brands.length)
      expect(empty.body.brands[0].channels.map((c: { state: string }) => c.state)).toEqual([
        'allowed',
        'allowed',
        'allowed',
      ])

      const stop = await post(BE, '/api/privacy-rights/preferences/stop', {
        token,
        stops: [{ brandKey: 'HLN', channel: 'EMAIL' }],
      })
      expect(stop.status).toBe(200)
      expect(stop.body.reference).toMatch(/^BE-\d{6}-[2-9A-Z]{5}$/)
      expect(stop.body.created).toBe(2)
      const items = (await feed(clients.hln)).filter((item) => item.reference === stop.body.reference)
      expect(items.map((item) => [item.brandKey, item.channel, item.email])).toEqual([
        ['HLN', 'EMAIL', email],
        ['HLN_DIGITAL', 'EMAIL', email],
      ])
      let hln = stop.body.preferences.brands.find((brand: { name: string }) => brand.name === 'HLN')
      expect(hln.channels[1]).toMatchObject({
        channel: 'EMAIL',
        state: 'stopped',
        applied: false,
        reference: stop.body.reference,
      })
      expect(hln.channels[1].applyBy).toBe(new Date(now.getTime() + 30 * DAY_MS).toISOString())
      for (const item of items)
        expect(
          (
            await request(setup.app)
              .post(`/api/v1/suppressions/${item.id}/applied`)
              .set('Host', BE)
              .set('Authorization', `Bearer ${clients.hln}`)
          ).status,
        ).toBe(200)
      const view = await request(setup.app)
        .get(`/api/privacy-rights/preferences?token=${token}`)
        .set('Host', BE)
      hln = view.body.brands.find((brand: { name: string }) => brand.name === 'HLN')
      expect(hln.channels[1]).toMatchObject({ state: 'stopped', applied: true, applyBy: null })
      expect(hln.channels[1].appliedAt).toBeTruthy()
      // One confirmation mail, with the reference.
      const confirmations = await sink.waitFor(
        (mail) =>
          JSON.stringify(mail.to).includes(email) && (mail.subject ?? '').includes(stop.body.reference),
      )
      expect(confirmations).toHaveLength(1)
      // The same stop again: nothing new, no mail.
      const again = await post(BE, '/api/privacy-rights/preferences/stop', {
        token,
        stops: [{ brandKey: 'HLN_DIGITAL', channel: 'EMAIL' }],
      })
      expect(again.body).toMatchObject({ reference: null, created: 0 })
    })

    it('stops everything for every brand in one action: one suppression per brand key and channel, none twice', async () => {
      const email = 'alles@example.be'
      const token = await linkFor(email)
      const first = await post(BE, '/api/privacy-rights/preferences/stop', {
        token,
        stops: [{ brandKey: 'DM', channel: 'EMAIL' }],
      })
      expect(first.body.created).toBe(2)
      // Phone needs its number, validated as in the forms; post its name and address.
      const noNumber = await post(BE, '/api/privacy-rights/preferences/stop', {
        token,
        stops: [{ brandKey: 'DM', channel: 'PHONE' }],
      })
      expect(noNumber.status).toBe(400)
      expect(noNumber.body.error.fields).toContainEqual({ field: 'phoneNumber', rule: 'required' })
      const all = await post(BE, '/api/privacy-rights/preferences/stop', {
        token,
        all: true,
        phoneNumber: '+32470112233',
        userInfo: {
          firstName: 'Sam',
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
      expect(all.status, JSON.stringify(all.body)).toBe(200)
      // Every key × three channels, but the two e-mail stops of De Morgen made before.
      expect(all.body.created).toBe(BE_KEYS.length * 3 - 2)
      const db = setup.composition.db.db
      const rows = await db
        .selectFrom('marketing_suppressions as s')
        .innerJoin('privacy_requests as r', 'r.id', 's.request_id')
        .select(['s.brand_key', 's.channel'])
        .where('r.email', '=', email)
        .execute()
      const pairs = rows.map((row) => `${row.brand_key}|${row.channel}`)
      expect(new Set(pairs).size).toBe(pairs.length)
      expect(pairs).toHaveLength(BE_KEYS.length * 3)
      const repeated = await post(BE, '/api/privacy-rights/preferences/stop', {
        token,
        all: true,
        phoneNumber: '+32470112233',
        userInfo: {
          firstName: 'Sam',
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
      expect(repeated.body).toMatchObject({ reference: null, created: 0 })
      // Counted for /metrics per country and channel.
      const metrics = await setup.composition.services.metrics.render()
      expect(metrics.body).toMatch(/privacy_preference_stops_total\{country="BE",channel="PHONE"\} \d+/)
    })

    it('ends a link after 7 days, and the retention job removes it', async () => {
      const token = await linkFor('zeven@example.be')
      const later = new Date(now.getTime() + 7 * DAY_MS + 1000)
      const saved = now
      now = later
      try {
        expect(
          (await request(setup.app).get(`/api/privacy-rights/preferences?token=${token}`).set('Host', BE))
            .status,
        ).toBe(404)
        expect((await post(BE, '/api/privacy-rights/preferences/stop', { token, all: true })).status).toBe(
          404,
        )
        expect((await runRetention(setup, later))?.preferenceLinks).toBeGreaterThanOrEqual(1)
      } finally {
        now = saved
      }
    })

    it('unsubscribes by one click with a token made by the README’s algorithm; GET changes nothing; a tampered token is 404', async () => {
      const { keyId, key } = await setup.composition.services.unsubscribe.newKey('HLN mailing')
      expect(Buffer.from(key, 'base64url')).toHaveLength(32)
      const email = 'klik@example.be'
      const token = unsubscribeToken(keyId, key, 'HLN', email)
      const suppressionsOf = async () => (await feed(clients.hln)).filter((item) => item.email === email)
      const page = await request(setup.app).get(`/u/${token}`).set('Host', BE)
      expect(page.status).toBe(200)
      expect(page.text).toContain('Ja, meld me af')
      expect(page.headers['set-cookie']).toBeUndefined()
      expect(await suppressionsOf()).toEqual([])
      // RFC 8058: the mailbox provider's POST, from elsewhere.
      const click = await request(setup.app)
        .post(`/u/${token}`)
        .set('Host', BE)
        .set('Origin', 'https://mail.example.com')
        .type('form')
        .send('List-Unsubscribe=One-Click')
      expect(click.status).toBe(200)
      expect(click.headers.location).toBeUndefined()
      expect(click.headers['set-cookie']).toBeUndefined()
      expect((await suppressionsOf()).map((item) => [item.brandKey, item.channel])).toEqual([
        ['HLN', 'EMAIL'],
        ['HLN_DIGITAL', 'EMAIL'],
      ])
      // Again: nothing more.
      expect(
        (
          await request(setup.app)
            .post(`/u/${token}`)
            .set('Host', BE)
            .type('form')
            .send('List-Unsubscribe=One-Click')
        ).status,
      ).toBe(200)
      expect(await suppressionsOf()).toHaveLength(2)
      // Tampered, another brand than the client's, another country's site, a key of no one: 404, nothing made.
      const other = 'ander@example.be'
      for (const [bad, host] of [
        [`${token.slice(0, -2)}AA`, BE],
        [unsubscribeToken(keyId, key, 'VTMGO', other), BE],
        [unsubscribeToken(keyId, key, 'HLN', other), NL],
        [unsubscribeToken('uk_AAAAAAAAAAAAAAAA', key, 'HLN', other), BE],
        [unsubscribeToken(keyId, Buffer.alloc(32, 1).toString('base64url'), 'HLN', other), BE],
      ] as const) {
        expect(
          (
            await request(setup.app)
              .post(`/u/${bad}`)
              .set('Host', host)
              .type('form')
              .send('List-Unsubscribe=One-Click')
          ).status,
        ).toBe(404)
        expect((await request(setup.app).get(`/u/${bad}`).set('Host', host)).status).toBe(404)
      }
      expect((await feed(clients.hln)).filter((item) => item.email === other)).toEqual([])
      // The path, which names the address, is never logged.
      expect(logLines.join('\n')).not.toContain(token)
      expect(logLines.some((line) => line.includes('/u/{token}'))).toBe(true)
      const metrics = await setup.composition.services.metrics.render()
      expect(metrics.body).toContain('privacy_one_click_unsubscribes_total{country="BE",channel="EMAIL"} 2')
    })

    it('keeps a rotated key working for 30 days', async () => {
      const old = await setup.composition.services.unsubscribe.newKey('HLN mailing')
      const fresh = await setup.composition.services.unsubscribe.newKey('HLN mailing')
      expect(fresh.keyId).not.toBe(old.keyId)
      const click = (pair: typeof old, email: string) =>
        request(setup.app)
          .post(`/u/${unsubscribeToken(pair.keyId, pair.key, 'HLN', email)}`)
          .set('Host', BE)
          .type('form')
          .send('List-Unsubscribe=One-Click')
      const saved = now
      try {
        now = new Date(saved.getTime() + 29 * DAY_MS)
        expect((await click(old, 'oud-29@example.be')).status).toBe(200)
        now = new Date(saved.getTime() + 31 * DAY_MS)
        expect((await click(old, 'oud-31@example.be')).status).toBe(404)
        expect((await click(fresh, 'nieuw-31@example.be')).status).toBe(200)
      } finally {
        now = saved
      }
    })
  },
)

describe('the README’s one-click unsubscribe test vector', () => {
  it('is what the algorithm gives', async () => {
    const { readFileSync } = await import('node:fs')
    const { ROOT } = await import('../support/app')
    const readme = readFileSync(`${ROOT}/README.md`, 'utf8').replace(/\n\s+/g, ' ')
    const keyId = /`keyId=(uk_[\w-]+)`/.exec(readme)?.[1] ?? ''
    const key = /`key=([\w-]{43})`/.exec(readme)?.[1] ?? ''
    const token = /token `(uk_[\w.-]+)`/.exec(readme)?.[1] ?? ''
    expect(Buffer.from(key, 'base64url')).toEqual(Buffer.from(Array.from({ length: 32 }, (_, i) => i)))
    expect(unsubscribeToken(keyId, key, 'HLN', 'lezer@example.be')).toBe(token)
  })
})
