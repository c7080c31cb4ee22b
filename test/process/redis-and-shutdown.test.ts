import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { request } from 'node:http'
import { delimiter, join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { killHard, startServer, stopProcesses, track } from '../support/server-process'
import { eventually, freePort } from '../support/waiting'

/**
 * The real server process (server/index.ts on the production build), because what is under test is what
 * happens around the app: start-up, Redis outages, signals and exit codes.
 */

const UNAVAILABLE = 'redis unavailable; rate-limit counters in memory'
const AVAILABLE_AGAIN = 'redis available again'
const CONTACT = JSON.stringify({ name: 'Jan', email: 'jan@example.com', question: 'Hallo' })
const HOST = 'privacy.dpgmedia.nl'

const execFileAsync = promisify(execFile)

afterEach(stopProcesses)

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)))
}

interface Answer {
  status: number
  ms: number
}

/** One request on its own connection, so a closed listener shows as a refused connection. */
function send(port: number, method: string, path: string, body?: string): Promise<Answer> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: { Host: HOST, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const postContact = (port: number) => send(port, 'POST', '/api/contact?locale=nl_nl', CONTACT)

describe('Redis is optional', () => {
  it('unreachable at start-up: the server listens, is ready, answers forms fast and warns once', async () => {
    const app = await startServer({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` })
    expect((await send(app.port, 'GET', '/readyz')).status).toBe(200)
    const first = await postContact(app.port)
    expect(first.status).toBe(200)
    expect(first.ms).toBeLessThan(1500)
    await eventually('the warning', () => app.count(UNAVAILABLE) > 0)
    // Reconnect attempts follow each other within this time; none of them may log again.
    await sleep(2_500)
    const again = await postContact(app.port)
    expect(again.status).toBe(200)
    expect(again.ms).toBeLessThan(1500)
    expect(app.count(UNAVAILABLE)).toBe(1)
    expect(app.count(AVAILABLE_AGAIN)).toBe(0)
  }, 60_000)

  const redisInstalled = onPath('redis-server') && onPath('redis-cli')
  it.skipIf(!redisInstalled)(
    redisInstalled
      ? 'going down while running: forms stay fast, one warning, and counters go back to Redis when it returns'
      : 'going down while running (skipped: redis-server or redis-cli is not on PATH)',
    async () => {
      const redisPort = await freePort()
      let redis = await startRedis(redisPort)
      const app = await startServer({ REDIS_URL: `redis://127.0.0.1:${redisPort}` })

      // The client connects in the background: the first POSTs may still count in memory.
      await eventually('a counter in Redis', async () => {
        expect((await postContact(app.port)).status).toBe(200)
        return (await rateKeys(redisPort)).length > 0
      })
      expect(app.count(UNAVAILABLE)).toBe(0)

      await killHard(redis)
      for (let i = 0; i < 3; i++) {
        const answer = await postContact(app.port)
        expect(answer.status).toBe(200)
        expect(answer.ms).toBeLessThan(1500)
      }
      await eventually('the warning', () => app.count(UNAVAILABLE) > 0)

      redis = await startRedis(redisPort)
      await eventually('Redis to be back', () => app.count(AVAILABLE_AGAIN) > 0, 20_000)
      // The restarted Redis is empty: a key in it can only come from POSTs made now.
      expect(await rateKeys(redisPort)).toEqual([])
      expect((await postContact(app.port)).status).toBe(200)
      expect((await rateKeys(redisPort)).length).toBeGreaterThan(0)
      expect(app.count(UNAVAILABLE)).toBe(1)
      expect(app.count(AVAILABLE_AGAIN)).toBe(1)
    },
    60_000,
  )
})

/** A throw-away Redis without persistence, so a restart starts empty. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  )
  track(child)
  await eventually('redis-server to answer', async () => {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`)
    try {
      const { stdout } = await execFileAsync('redis-cli', ['-p', String(port), 'ping'])
      return stdout.trim() === 'PONG'
    } catch {
      return false
    }
  })
  return child
}

async function rateKeys(port: number): Promise<string[]> {
  const { stdout } = await execFileAsync('redis-cli', ['-p', String(port), '--raw', 'keys', 'rate:*'])
  return stdout.split('\n').filter(Boolean)
}

describe('SIGTERM', () => {
  it('drains: /readyz answers 503 at once, requests are served for the drain period, then it exits 0', async () => {
    const app = await startServer({ SHUTDOWN_DRAIN_SECONDS: '2' })
    // Renders the page once, so the request during the drain is not the slow first render.
    expect((await send(app.port, 'GET', '/nl')).status).toBe(200)
    expect((await send(app.port, 'GET', '/readyz')).status).toBe(200)

    const signalled = performance.now()
    app.child.kill('SIGTERM')
    await eventually('the drain to start', () => app.count('shutting down: draining') > 0, 5_000)
    expect((await send(app.port, 'GET', '/readyz')).status).toBe(503)
    expect((await send(app.port, 'GET', '/livez')).status).toBe(200)
    expect((await send(app.port, 'GET', '/nl')).status).toBe(200)
    expect((await postContact(app.port)).status).toBe(200)
    // All of the above happened inside the drain, not after it.
    expect(app.count('drained; closing the listener')).toBe(0)
    // Issue 26: a draining /readyz is no error; the log says info (pino: 30), never error (50).
    const probes = app.records().filter((line) => line.msg === 'request' && line.path === '/readyz')
    expect(probes.map((line) => [line.status, line.level])).toEqual([
      [200, 30],
      [503, 30],
    ])

    const code = await Promise.race([app.exit, sleep(10_000, 'still running', { ref: false })])
    expect(code).toBe(0)
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(1_900)
  }, 60_000)
})
