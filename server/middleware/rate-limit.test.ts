import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually, freePort } from '#test/support/waiting.ts'
import { createLogger } from '../logger'
import { memoryRateLimitStore, redisRateLimitStore } from '../rate-limit-store'
import { connectRateLimitStore } from '../redis-rate-limit'

const REDIS_URL = process.env.TEST_REDIS_URL

describe('memoryRateLimitStore', () => {
  it('counts hits per key in a window that starts at the first hit and restarts after windowMs', async () => {
    let now = 1_000_000
    const store = memoryRateLimitStore({ now: () => now })
    expect(await store.hit('a', 60_000)).toBe(1)
    now += 30_000
    expect(await store.hit('a', 60_000)).toBe(2)
    expect(await store.hit('b', 60_000)).toBe(1)
    now += 29_999
    expect(await store.hit('a', 60_000)).toBe(3)
    now += 1
    expect(await store.hit('a', 60_000)).toBe(1)
    // 'b' started 30 s after 'a': its window is its own.
    expect(await store.hit('b', 60_000)).toBe(2)
  })

  it('peeks at a count without counting, and sees 0 once the window has passed', async () => {
    let now = 1_000_000
    const store = memoryRateLimitStore({ now: () => now })
    expect(await store.peek('c')).toBe(0)
    await store.hit('c', 60_000)
    await store.hit('c', 60_000)
    expect(await store.peek('c')).toBe(2)
    expect(await store.peek('c')).toBe(2)
    now += 60_000
    expect(await store.peek('c')).toBe(0)
  })

  it('holds a bounded number of counters through a flood of new keys, an address under attack staying', async () => {
    let now = 1_000_000
    const store = memoryRateLimitStore({ now: () => now, maxKeys: 1_000 })
    expect(await store.hit('mail:verification:victim', 86_400_000)).toBe(1)
    for (let i = 0; i < 10_000; i++) {
      await store.hit(`mail:verification:${i}`, 86_400_000)
      // The address under attack keeps being hit: it stays, with its count.
      if (i % 500 === 0) await store.hit('mail:verification:victim', 86_400_000)
    }
    expect(store.size).toBe(1_000)
    expect(await store.hit('mail:verification:victim', 86_400_000)).toBe(22)
    expect(await store.hit('mail:verification:0', 86_400_000)).toBe(1)
    now += 86_400_001
    expect(await store.hit('mail:verification:victim', 86_400_000)).toBe(1)
  })

  it('forgets a key once its window is over: a day of unique keys does not pile up', async () => {
    let now = 1_000_000
    const store = memoryRateLimitStore({ now: () => now })
    for (let minute = 0; minute < 24 * 60; minute++) {
      for (let i = 0; i < 50; i++) await store.hit(`client-${minute}-${i}`, 60_000)
      now += 60_000
    }
    // Only the keys of the last minute or so are left, not 72,000.
    expect(store.size).toBeLessThanOrEqual(100)
    // A 24-hour window keeps its keys for 24 hours, then lets them go as new ones come.
    await store.hit('recipient-a', 24 * 3600_000)
    now += 24 * 3600_000
    await store.hit('recipient-b', 24 * 3600_000)
    expect(await store.hit('recipient-a', 24 * 3600_000)).toBe(1)
  })

  it('holds at most maxKeys keys per window length, pushing out keys hit once, oldest first', async () => {
    const now = 1_000_000
    const store = memoryRateLimitStore({ now: () => now, maxKeys: 100 })
    await store.hit('early', 60_000)
    for (let i = 0; i < 1000; i++) await store.hit(`flood-${i}`, 60_000)
    for (let i = 0; i < 1000; i++) await store.hit(`day-${i}`, 24 * 3600_000)
    expect(store.size).toBe(200)
    // The oldest key hit once was pushed out: within its window it counts from 1 again.
    expect(await store.hit('early', 60_000)).toBe(1)
    expect(await store.hit('flood-999', 60_000)).toBe(2)
  })

  it('never forgets a key at its limit for a flood of new keys', async () => {
    let now = 1_000_000
    const store = memoryRateLimitStore({ now: () => now, maxKeys: 100 })
    for (let i = 0; i < 3; i++) await store.hit('victim', 24 * 3600_000)
    // Ten times the capacity of unique keys, an hour later: each is hit once.
    now += 3600_000
    for (let i = 0; i < 1000; i++) await store.hit(`unique-${i}`, 24 * 3600_000)
    expect(store.size).toBeLessThanOrEqual(100)
    expect(await store.hit('victim', 24 * 3600_000)).toBe(4)
    // Keys hit more than once go, oldest first, only when the keys hit once are all gone.
    for (let i = 0; i < 150; i++) {
      await store.hit(`repeat-${i}`, 24 * 3600_000)
      await store.hit(`repeat-${i}`, 24 * 3600_000)
    }
    expect(store.size).toBe(100)
    expect(await store.hit('repeat-149', 24 * 3600_000)).toBe(3)
    expect(await store.hit('victim', 24 * 3600_000)).toBe(1)
  })
})

describe.skipIf(!REDIS_URL)('redisRateLimitStore against TEST_REDIS_URL', () => {
  const client = createClient({ url: REDIS_URL })
  const prefix = `test-${randomBytes(6).toString('hex')}`
  beforeAll(async () => {
    await client.connect()
  })
  afterAll(async () => {
    const keys = await client.keys(`rate:${prefix}:*`)
    if (keys.length > 0) await client.del(keys)
    client.destroy()
  })

  it('counts in one key per client whose expiry, set at the first hit, ends the window', async () => {
    const store = redisRateLimitStore(client)
    expect(await store.hit(`${prefix}:a`, 60_000)).toBe(1)
    expect(await store.hit(`${prefix}:a`, 60_000)).toBe(2)
    const ttl = await client.pTTL(`rate:${prefix}:a`)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(60_000)
  })

  it('peeks at a count without counting', async () => {
    const store = redisRateLimitStore(client)
    expect(await store.peek(`${prefix}:p`)).toBe(0)
    await store.hit(`${prefix}:p`, 60_000)
    expect(await store.peek(`${prefix}:p`)).toBe(1)
    expect(await store.peek(`${prefix}:p`)).toBe(1)
  })

  it('starts again at 1 once the window has passed', async () => {
    const store = redisRateLimitStore(client)
    expect(await store.hit(`${prefix}:b`, 300)).toBe(1)
    expect(await store.hit(`${prefix}:b`, 300)).toBe(2)
    await sleep(400)
    expect(await store.hit(`${prefix}:b`, 300)).toBe(1)
  })
})

/** A logger that keeps the messages it was given, to count warnings. */
function capturingLogger() {
  const messages: string[] = []
  const logger = createLogger('info', {
    write(line: string) {
      messages.push((JSON.parse(line) as { msg: string }).msg)
    },
  })
  return { logger, count: (msg: string) => messages.filter((m) => m === msg).length }
}

describe('connectRateLimitStore', () => {
  it('with Redis unreachable: counts in memory at once and warns once, however often it reconnects', async () => {
    const { logger, count } = capturingLogger()
    const connection = connectRateLimitStore(`redis://127.0.0.1:${await freePort()}`, logger)
    try {
      const started = performance.now()
      expect(await connection.store.hit('k', 60_000)).toBe(1)
      expect(await connection.store.hit('k', 60_000)).toBe(2)
      expect(performance.now() - started).toBeLessThan(500)
      await eventually('one warning', () => count('redis unavailable; rate-limit counters in memory') === 1)
      // Reconnect attempts come 200, 400, 600 ms apart: several fail in this time.
      await sleep(1_500)
      expect(count('redis unavailable; rate-limit counters in memory')).toBe(1)
      expect(await connection.store.hit('k', 60_000)).toBe(3)
    } finally {
      await connection.close()
    }
  })

  it('closes at once while Redis is unreachable', async () => {
    const connection = connectRateLimitStore(`redis://127.0.0.1:${await freePort()}`, createLogger('silent'))
    await sleep(300)
    const started = performance.now()
    await connection.close()
    expect(performance.now() - started).toBeLessThan(100)
    expect(await connection.store.hit('k', 60_000)).toBe(1)
  })

  it.skipIf(!REDIS_URL)('counts in Redis once it is connected, without a warning', async () => {
    const { logger, count } = capturingLogger()
    const connection = connectRateLimitStore(REDIS_URL ?? '', logger)
    const client = createClient({ url: REDIS_URL })
    await client.connect()
    const key = `test-${randomBytes(6).toString('hex')}`
    try {
      // The first hits may come before the client is ready and stay in memory.
      await eventually('the condition', async () => {
        await connection.store.hit(key, 60_000)
        return (await client.exists(`rate:${key}`)) === 1
      })
      const before = Number(await client.get(`rate:${key}`))
      expect(await connection.store.hit(key, 60_000)).toBe(before + 1)
      expect(count('redis unavailable; rate-limit counters in memory')).toBe(0)
    } finally {
      await client.del(`rate:${key}`)
      client.destroy()
      await connection.close()
    }
  })
})
