/**
 * What the bench starts and must stop again: the production server (from dist/), the SMTP sink, temporary
 * folders and PostgreSQL schemas. Everything started is registered here and ended when the bench exits, also
 * on an error or Ctrl-C.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'

/** The heap settings `npm start` and the Docker image use. */
const NODE_OPTIONS = '--max-old-space-size=256 --max-semi-space-size=8'
const STARTUP_MS = 90_000

const children = new Set<ChildProcess>()
/** Other process groups started for the bench (Chromium for Lighthouse). */
const groups = new Set<number>()
const folders = new Set<string>()
const asyncCleanups: (() => Promise<void>)[] = []

/** Process groups of the servers still running (each server and its workers form one group), and the rest. */
function killAll(signal: NodeJS.Signals) {
  for (const pid of [...[...children].map((child) => child.pid ?? 0), ...groups]) {
    try {
      if (pid) process.kill(-pid, signal)
    } catch {
      // already gone
    }
  }
}

/** A process group leader the bench started otherwise: killed with the servers if the bench ends early. */
export function killAtExit(pid: number): () => void {
  groups.add(pid)
  return () => groups.delete(pid)
}

process.on('exit', () => {
  killAll('SIGKILL')
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}, stopping what it started`)
    killAll('SIGKILL')
    void cleanUp().finally(() => process.exit(130))
  })
}

/** Ends what cannot be ended synchronously at exit (PostgreSQL schemas, the SMTP sinks). */
export async function cleanUp(): Promise<void> {
  for (const task of asyncCleanups.splice(0).reverse()) {
    await task().catch((error: unknown) => console.error('bench: clean-up failed:', error))
  }
}

/** A folder of its own under the system's temp folder, removed when the bench exits. */
export function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'privacy-bench-'))
  folders.add(folder)
  return folder
}

/** A fresh SQLite database file in a temp folder. */
export function sqliteUrl(name: string): string {
  return `file:${join(tempFolder(), `${name}.sqlite`)}`
}

/** A fresh schema on that PostgreSQL server, dropped at the end of the bench. */
export async function postgresUrl(url: string): Promise<string> {
  const schema = `bench_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query(`CREATE SCHEMA ${schema}`)
  await client.end()
  asyncCleanups.push(async () => {
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await admin.end()
  })
  return `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`
}

/** A TCP port free on loopback at this moment. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolvePort(port))
    })
  })
}

export interface Server {
  base: string
  port: number
  pid: number
  stop(): Promise<void>
}

/**
 * Starts the production server from dist/ on a free port and waits until it answers /livez on a socket of its
 * own: another process (another checkout's bench or tests) may take the port between the choice and the
 * server's bind, and its /livez must not be taken for ours; then the bench tries another port. The server runs
 * in a process group of its own, so that its workers (WEB_CONCURRENCY) end with it.
 */
export async function startServer(root: string, env: Record<string, string>): Promise<Server> {
  const fixed = Number(process.env.BENCH_PORT)
  for (let attempt = 1; ; attempt++) {
    const port = fixed || (await freePort())
    const started = await startOn(root, env, port)
    if (typeof started !== 'string') return started
    if (fixed || attempt === 3) throw new Error(started)
    console.log(`bench: ${started}; trying another port`)
  }
}

/** The server, or why it did not start: a string when the port was taken by another process. */
async function startOn(root: string, env: Record<string, string>, port: number): Promise<Server | string> {
  const child = spawn(process.execPath, ['dist/node/index.mjs'], {
    cwd: root,
    detached: true,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // The staff pages are measured through the development sign-in of nl.localhost.
      STAFF_DEVELOPMENT_SIGN_IN: 'on',
      WEB_CONCURRENCY: process.env.BENCH_WORKERS ?? '1',
      NODE_OPTIONS,
      ...process.env,
      // A stop must not wait for the production drain period.
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  children.add(child)
  const pid = child.pid ?? 0
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  exited.then(() => children.delete(child))
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + STARTUP_MS
  for (;;) {
    const state = await Promise.race([
      exited.then((code) => `exited with code ${code}`),
      ping(`${base}/livez`).then((ok) => (ok ? 'up' : 'down')),
    ])
    if (state === 'up' && listeners(port).some((owner) => owner === pid)) break
    if (state.startsWith('exited')) {
      if (listeners(port).length > 0) return `port ${port} was taken by another process`
      throw new Error(`The server ${state} before it listened`)
    }
    if (Date.now() > deadline) {
      process.kill(-pid, 'SIGKILL')
      throw new Error(`The server did not answer /livez within ${STARTUP_MS / 1000} s`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    base,
    port,
    pid,
    async stop() {
      if (!children.has(child)) return
      const killer = setTimeout(() => process.kill(-pid, 'SIGKILL'), 15_000)
      process.kill(-pid, 'SIGTERM')
      await exited
      clearTimeout(killer)
    },
  }
}

/**
 * The ceiling of one static body on this machine: a bare `node:http` server, with no framework, that answers
 * every request with the same bytes and headers from memory. A body of some 50 kB is bounded by loopback and
 * the load generator more than by any server; the bench prints what ours reaches beside this.
 */
export async function bareServer(body: Buffer, headers: Record<string, string>): Promise<Server> {
  const folder = tempFolder()
  const file = join(folder, 'body')
  writeFileSync(file, body)
  const port = await freePort()
  const script = `
    const body = require('node:fs').readFileSync(process.env.BODY_FILE)
    const headers = JSON.parse(process.env.BODY_HEADERS)
    require('node:http')
      .createServer((request, response) => { response.writeHead(200, headers); response.end(body) })
      .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'))`
  const child = spawn(process.execPath, ['-e', script], {
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      BODY_FILE: file,
      BODY_HEADERS: JSON.stringify({ ...headers, 'content-length': String(body.length) }),
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.add(child)
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  exited.then(() => children.delete(child))
  await new Promise<void>((ready, failed) => {
    child.stdout?.once('data', () => ready())
    child.once('exit', (code) => failed(new Error(`the bare server exited with code ${code}`)))
  })
  const pid = child.pid ?? 0
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    pid,
    async stop() {
      if (!children.has(child)) return
      process.kill(-pid, 'SIGKILL')
      await exited
    },
  }
}

/**
 * The processes listening on this TCP port (Linux /proc: the listening sockets' inodes, and whose open files
 * they are); -1 for a socket whose owner this user cannot see.
 */
function listeners(port: number): number[] {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`
  const inodes = new Set<string>()
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/)
      // local address, and state 0A: LISTEN
      if (fields[1]?.endsWith(hex) && fields[3] === '0A' && fields[9]) inodes.add(fields[9])
    }
  }
  if (inodes.size === 0) return []
  const owners: number[] = []
  for (const id of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      for (const fd of readdirSync(`/proc/${id}/fd`)) {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${id}/fd/${fd}`))?.[1]
        if (inode && inodes.has(inode)) owners.push(Number(id))
      }
    } catch {
      // gone, or not ours to read
    }
  }
  return owners.length > 0 ? owners : [-1]
}

function ping(url: string): Promise<boolean> {
  return new Promise((done) => {
    request(url, { timeout: 2000 }, (response) => {
      response.resume()
      done(response.statusCode === 200)
    })
      .on('error', () => done(false))
      .on('timeout', function (this: ReturnType<typeof request>) {
        this.destroy()
        done(false)
      })
      .end()
  })
}

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** One request with the headers given (fetch() may not set Host); the body as sent, not decoded. */
export function send(
  base: string,
  path: string,
  headers: Record<string, string>,
  options: { method?: string; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolveAnswer, reject) => {
    request(base + path, { method: options.method ?? 'GET', headers, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolveAnswer({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      )
    })
      .on('error', reject)
      .on('timeout', function (this: ReturnType<typeof request>) {
        this.destroy(new Error(`${path}: no answer within 30 s`))
      })
      .end(options.body)
  })
}

/** Resident memory of the server and its workers together, in MB (Linux /proc, VmRSS). */
export function residentMb(pid: number): number {
  const rss = (id: string | number) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0) / 1024
    } catch {
      return 0
    }
  }
  const workers = readdirSync('/proc').filter((id) => {
    if (!/^\d+$/.test(id)) return false
    try {
      // The parent's pid is the second field after the command name in parentheses.
      return readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(pid)
    } catch {
      return false
    }
  })
  return rss(pid) + workers.reduce((total, id) => total + rss(id), 0)
}

export interface MailSink {
  url: string
  /** Mails received, and distinct recipients among them (a mail sent twice counts once there). */
  received(): number
  recipients(): number
  /** When the first and the latest mail arrived (performance.now()). */
  firstAt(): number
  lastAt(): number
  /** Resolves when `count` mails have arrived, or after `timeoutMs`. */
  waitFor(count: number, timeoutMs: number): Promise<boolean>
}

/** A local SMTP server that accepts and discards mail, so the outbox poller works as in production. */
export async function mailSink(): Promise<MailSink> {
  let received = 0
  let first = 0
  let last = 0
  const to = new Set<string>()
  const waiters: { count: number; done: (ok: boolean) => void }[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      to.add(address.address)
      callback()
    },
    onData(stream, _session, callback) {
      stream.resume()
      stream.on('end', () => {
        received++
        last = performance.now()
        if (received === 1) first = last
        for (const waiter of waiters.filter((w) => received >= w.count)) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.done(true)
        }
        callback()
      })
    },
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()))
  asyncCleanups.push(() => new Promise<void>((done) => server.close(() => done())))
  const port = (server.server.address() as { port: number }).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    recipients: () => to.size,
    firstAt: () => first,
    lastAt: () => last,
    waitFor(count, timeoutMs) {
      if (received >= count) return Promise.resolve(true)
      return new Promise((done) => {
        const waiter = { count, done }
        waiters.push(waiter)
        setTimeout(() => {
          const index = waiters.indexOf(waiter)
          if (index === -1) return
          waiters.splice(index, 1)
          done(false)
        }, timeoutMs).unref()
      })
    },
  }
}

/**
 * The staff pages need a session: the development sign-in of the local host nl.localhost (the server runs on
 * the built-in host table, without an identity provider). Answers the session cookie's name=value.
 */
export async function staffCookie(base: string, role: 'customer-service' | 'privacy-team'): Promise<string> {
  const body = `email=bench%40dpgmedia.nl&name=Bench&role=${role}`
  const answer = await send(
    base,
    '/nl/internal-privacy-rights/sign-in/development',
    {
      host: 'nl.localhost',
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(body.length),
    },
    { method: 'POST', body },
  )
  const setCookie = answer.headers['set-cookie']
  const cookie = (Array.isArray(setCookie) ? setCookie : []).find((c) =>
    c.startsWith('__Host-staff-session='),
  )
  if (!cookie) throw new Error(`The development sign-in answered ${answer.status} without a session`)
  return cookie.split(';')[0] ?? ''
}
