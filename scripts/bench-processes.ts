/**
 * What the bench starts and must stop again: the production server (from dist/), the SMTP sink, temporary
 * folders and PostgreSQL schemas. Everything started is registered here and ended when the bench exits, also
 * on an error or Ctrl-C.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

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

/** Registers a child process, killed with its group when the bench exits; resolves when it has exited. */
export function track(child: ChildProcess): Promise<void> {
  children.add(child)
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  exited.then(() => children.delete(child))
  return exited
}

/** Work for the end of the bench that cannot be done synchronously at exit (schemas, sinks). */
export function atCleanUp(task: () => Promise<void>): void {
  asyncCleanups.push(task)
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

/** The production server from dist/ on that port, in a process group of its own; not waited for. */
export function spawnServer(root: string, env: Record<string, string>, port: number) {
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
  const pid = child.pid ?? 0
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  const gone = track(child)
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const killer = setTimeout(() => process.kill(-pid, 'SIGKILL'), 15_000)
    process.kill(-pid, 'SIGTERM')
    await gone
    clearTimeout(killer)
  }
  return { pid, exited, stop, base: `http://127.0.0.1:${port}` }
}

/** The server, or why it did not start: a string when the port was taken by another process. */
async function startOn(root: string, env: Record<string, string>, port: number): Promise<Server | string> {
  const { pid, exited, stop, base } = spawnServer(root, env, port)
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
  return { base, port, pid, stop }
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
