import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { Webhook } from 'standardwebhooks'
import { selfSignedCertificate } from '../support/certificate'

/**
 * The parties around the site in the load test: the mail server every mail goes to, and the brand systems'
 * webhook endpoint. Both keep only what the reconciliation counts, so that at 100 mails a second the load
 * generator's own process does not become the bottleneck (no MIME parsing: the raw text is read).
 */

/** One mail as the sink saw it: its recipients, its Message-ID and, for a verification mail, its token. */
export interface SeenMail {
  messageId: string | null
  to: string[]
  token: string | null
}

export class MailSink {
  readonly mails: SeenMail[] = []
  /** Called for each verification mail, with its recipient and token. */
  onVerification: (to: string, token: string) => void = () => {}
  /** Awaited before the server accepts a mail (a test cuts the database there: the sender's next step). */
  beforeAccept: (mail: SeenMail) => Promise<void> | void = () => {}
  private server: SMTPServer | null = null
  port = 0

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: 1024 * 1024,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, '')
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase())
          const token = /verify-email\?token=3D([\w-]+)|verify-email\?token=([\w-]+)/.exec(raw)
          const messageId = /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(raw)?.[1] ?? null
          const mail = { to, messageId, token: token ? (token[1] ?? token[2] ?? null) : null }
          this.mails.push(mail)
          if (mail.token) for (const address of to) this.onVerification(address, mail.token)
          Promise.resolve(this.beforeAccept(mail)).then(() => callback(), callback)
        })
      },
    })
    // A client that drops its connection (an instance killed mid-mail) is its problem, not the sink's.
    server.on('error', () => {})
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    this.port = (server.server.address() as AddressInfo).port
    this.server = server
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = null
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** One verified delivery: its Standard Webhooks id, event type and data. */
export interface SeenDelivery {
  endpoint: string
  id: string
  type: string
  data: Record<string, unknown>
  /** When it arrived: milliseconds since `WebhookEndpoint.origin` (the run's start, as its fault windows). */
  at: number
}

/**
 * The brand systems' https endpoint (`/hooks/{name}`), with a certificate made now for 127.0.0.1 that the
 * instances trust (NODE_EXTRA_CA_CERTS); verifies each delivery with the endpoint's signing secret.
 */
export class WebhookEndpoint {
  readonly deliveries: SeenDelivery[] = []
  readonly refused: string[] = []
  /** The moment (performance.now()) each delivery's `at` counts from. */
  origin = performance.now()
  readonly certificate: string
  private readonly key: string
  private readonly verifiers = new Map<string, Webhook>()
  private server: Server | null = null

  constructor(dir: string) {
    const made = selfSignedCertificate(dir, '127.0.0.1', ['IP:127.0.0.1'])
    this.certificate = made.certFile
    this.key = made.keyFile
  }

  url(name: string): string {
    const address = this.server?.address() as AddressInfo | null
    if (!address) throw new Error('The endpoint is not listening')
    return `https://127.0.0.1:${address.port}/hooks/${name}`
  }

  setSecret(name: string, secret: string): void {
    this.verifiers.set(name, new Webhook(secret))
  }

  async start(): Promise<void> {
    const server = createServer(
      { cert: readFileSync(this.certificate), key: readFileSync(this.key) },
      (req, res) => {
        const chunks: Buffer[] = []
        req.on('data', (chunk: Buffer) => chunks.push(chunk))
        req.on('end', () => {
          const name = (req.url ?? '').replace('/hooks/', '')
          try {
            const body = Buffer.concat(chunks).toString('utf8')
            const verifier = this.verifiers.get(name)
            if (!verifier) throw new Error(`no endpoint ${name}`)
            const event = verifier.verify(body, req.headers as Record<string, string>) as {
              type: string
              data: Record<string, unknown>
            }
            this.deliveries.push({
              endpoint: name,
              id: String(req.headers['webhook-id']),
              type: event.type,
              data: event.data,
              at: performance.now() - this.origin,
            })
            res.writeHead(204).end()
          } catch (error) {
            this.refused.push(String(error))
            res.writeHead(400).end()
          }
        })
      },
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    this.server = server
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = null
    server?.closeAllConnections()
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
