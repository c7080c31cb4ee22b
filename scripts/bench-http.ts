/**
 * The bench's HTTP helpers and small servers of its own: one plain request, a bare node:http server with one
 * body (the ceiling of a static answer), the SMTP sink the outbox drains into, the staff sign-in, and the
 * server's resident memory. Split from bench-processes.ts (issue 31).
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { atCleanUp, freePort, type Server, tempFolder, track } from './bench-processes.ts'

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
  const exited = track(child)
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
      if (child.exitCode !== null || child.signalCode !== null) return
      process.kill(-pid, 'SIGKILL')
      await exited
    },
  }
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
  /** With `keep`: `pattern` in the text of the latest mail (whose subject matches), once one arrives. */
  match(pattern: RegExp, subject?: RegExp): Promise<RegExpExecArray>
}

/**
 * A local SMTP server that accepts and discards mail, so the outbox poller works as in production; with
 * `keep`, it keeps the text of each mail (a few, for a scenario that follows a link or a code in one).
 */
export async function mailSink(options: { keep?: boolean } = {}): Promise<MailSink> {
  const kept: { subject: string; text: string }[] = []
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
      if (options.keep)
        void simpleParser(stream).then(
          (mail) => kept.push({ subject: mail.subject ?? '', text: mail.text ?? '' }),
          () => kept.push({ subject: '', text: '' }),
        )
      else stream.resume()
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
  atCleanUp(() => new Promise<void>((done) => server.close(() => done())))
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
    async match(pattern, subject = /./) {
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
        for (const mail of kept.toReversed()) {
          const found = subject.test(mail.subject) ? pattern.exec(mail.text) : null
          if (found) return found
        }
        await new Promise((wait) => setTimeout(wait, 50))
      }
      throw new Error(`No mail matched ${pattern} within 30 s`)
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
