import { createRequire } from 'node:module'
import type { createClient as CreateClient } from 'redis'
import type { Logger } from './logger'
import { memoryRateLimitStore, type RateLimitStore, redisRateLimitStore } from './rate-limit-store'

/**
 * A slower answer costs a form POST more than a counter kept in memory for a moment is worth. Not shorter:
 * on a busy machine a healthy Redis's answer can wait a few hundred milliseconds for the event loop.
 */
const COMMAND_TIMEOUT_MS = 1_000
/** After a failed or slow command, skip Redis this long: a hanging Redis costs one wait, not one per POST. */
const COOL_OFF_MS = 5_000
/** At start-up, how long the first requests may wait for a Redis that is coming up with this instance. */
export const STARTUP_WAIT_MS = 1_000
/** Requests never wait for a connection, so this only bounds a blackholed address; shorter misfires under load. */
const CONNECT_TIMEOUT_MS = 2_000

export interface RateLimitConnection {
  store: RateLimitStore
  /**
   * Resolves once Redis is ready or after `ms`, whichever comes first (never rejects): at start-up, so that
   * instances starting together share their counters from the first request while a Redis that is down
   * holds nothing up.
   */
  ready(ms: number): Promise<void>
  /** Never waits for Redis: an unreachable Redis must not hold up shutting down. */
  close(): Promise<void>
}

/**
 * Rate-limit counters in Redis when it answers, in memory when it does not: Redis only shares counters
 * between instances, so its outage must not hold up start-up or the forms. Commands are not queued while it
 * is away (they would add seconds to every POST), and the client keeps reconnecting until closed.
 */
export function connectRateLimitStore(url: string, logger: Logger): RateLimitConnection {
  // Loaded only when REDIS_URL is set: the client's modules cost a start without Redis some 10% (issue 30).
  const { createClient } = createRequire(import.meta.url)('redis') as { createClient: typeof CreateClient }
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Never give up: Redis coming back must be picked up without a restart.
      reconnectStrategy: (retries) => Math.min((retries + 1) * 200, 5_000),
    },
  })
  const health = redisHealth(logger)
  // Without an 'error' listener the client's errors would crash the process; each reconnect attempt emits one.
  client.on('error', (error: unknown) => health.down(error))
  client.on('ready', () => health.up())
  client.connect().catch((error: unknown) => {
    // Only a closed client stops the connect loop; anything else is an outage the 'error' event reported.
    if (!health.closed) health.down(error)
  })

  const redis = redisRateLimitStore(client)
  const memory = memoryRateLimitStore()
  let skipUntil = 0

  const either = async (viaRedis: () => Promise<number>, inMemory: () => Promise<number>) => {
    if (health.closed || !client.isReady || Date.now() < skipUntil) return inMemory()
    try {
      const count = await withTimeout(viaRedis(), COMMAND_TIMEOUT_MS)
      health.up()
      return count
    } catch (error) {
      skipUntil = Date.now() + COOL_OFF_MS
      health.down(error)
      return inMemory()
    }
  }
  const store: RateLimitStore = {
    hit: (key, windowMs) =>
      either(
        () => redis.hit(key, windowMs),
        () => memory.hit(key, windowMs),
      ),
    peek: (key) =>
      either(
        () => redis.peek(key),
        () => memory.peek(key),
      ),
  }

  return {
    store,
    ready(ms) {
      if (client.isReady) return Promise.resolve()
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms)
        function done() {
          clearTimeout(timer)
          client.off('ready', done)
          resolve()
        }
        client.once('ready', done)
      })
    },
    async close() {
      health.close()
      // destroy(), not close(): close() waits for pending commands, which never end while Redis is away.
      client.destroy()
    },
  }
}

/** One warning when an outage starts and one note when it ends, however many errors come in between. */
function redisHealth(logger: Logger) {
  let state: 'unknown' | 'up' | 'down' | 'closed' = 'unknown'
  return {
    get closed() {
      return state === 'closed'
    },
    close() {
      state = 'closed'
    },
    down(error: unknown) {
      if (state === 'down' || state === 'closed') return
      state = 'down'
      logger.warn({ err: error }, 'redis unavailable; rate-limit counters in memory')
    },
    up() {
      if (state === 'closed') return
      if (state === 'down') logger.info('redis available again')
      state = 'up'
    },
  }
}

/**
 * Rejects after `ms` without cancelling the work: a slow PEXPIRE still reaches Redis, so the counter it
 * belongs to does not outlive its window. When the event loop was stalled (a busy machine), the timer and
 * the reply are due together and timers run first: setImmediate lets the reply, already read, win.
 */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => setImmediate(() => reject(new Error(`redis did not answer within ${ms} ms`))),
      ms,
    )
    timer.unref()
  })
  // The losing side's rejection must not surface as an unhandled rejection.
  work.catch(() => {})
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}
