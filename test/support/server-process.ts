import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './app'
import { eventually, freePort } from './waiting'

/**
 * The real server process (server/index.ts on the production build) for the process tests: what is under
 * test happens around the app (start-up, outages, signals), or across processes (an operator command).
 */

const children: ChildProcess[] = []
const tempDirs: string[] = []

/** Ends every process started here (and tracked), and removes their folders: for `afterEach`. */
export async function stopProcesses(): Promise<void> {
  await Promise.all(children.splice(0).map(killHard))
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
}

/** A process of the test's own (a Redis) that stopProcesses ends too. */
export function track(child: ChildProcess): void {
  children.push(child)
}

export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}

export interface ServerProcess {
  child: ChildProcess
  port: number
  /** The process's own folder: its SQLite database is `x.sqlite` there. */
  dir: string
  /** Its DATABASE_URL, for an operator command on the same database. */
  databaseUrl: string
  /** Messages logged so far (pino's `msg`), in order. */
  messages(): string[]
  /** The log lines so far as pino wrote them (level, msg and fields); lines that are not JSON are left out. */
  records(): Record<string, unknown>[]
  count(msg: string): number
  exit: Promise<number | null>
}

/**
 * Starts the built server (dist/node/index.mjs, as `npm start` and the image run it; `npm test` builds
 * first) and resolves once it listens; its log is kept to count messages.
 */
export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'privacy-process-'))
  tempDirs.push(dir)
  const port = await freePort()
  const databaseUrl = `file:${join(dir, 'x.sqlite')}`
  const child = spawn(process.execPath, ['dist/node/index.mjs'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      SITE_HOSTS_FILE: 'test/fixtures/hosts.json',
      DATABASE_URL: databaseUrl,
      EMAIL_DOMAIN_CHECK: 'off',
      LOG_LEVEL: 'info',
      // A closed port: mails stay in the outbox instead of landing in data/mail/.
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      // Else the server writes a key file under the project's data/.
      STAFF_SESSION_SECRET: randomBytes(32).toString('hex'),
      WEB_CONCURRENCY: '1',
      RATE_LIMIT_PER_MINUTE: '1000',
      PAGE_RENDERS_PER_MINUTE: '0',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  const messages: string[] = []
  const records: Record<string, unknown>[] = []
  let output = ''
  let partial = ''
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk
    const lines = (partial + chunk).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) {
      messages.push(messageOf(line))
      const record = recordOf(line)
      if (record) records.push(record)
    }
  })
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk
  })
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const count = (msg: string) => messages.filter((m) => m === msg).length
  let exited = false
  void exit.then(() => {
    exited = true
  })
  await eventually(
    'the server to listen',
    () => {
      if (exited) throw new Error(`the server exited before listening:\n${output}`)
      return count('listening') > 0
    },
    45_000,
  )
  return {
    child,
    port,
    dir,
    databaseUrl,
    messages: () => [...messages],
    records: () => [...records],
    count,
    exit,
  }
}

function recordOf(line: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(line)
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null
  } catch {
    return null
  }
}

function messageOf(line: string): string {
  try {
    return (JSON.parse(line) as { msg?: string }).msg ?? line
  } catch {
    return line
  }
}
