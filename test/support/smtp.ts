import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A real SMTP server on loopback that keeps every mail it receives, parsed. */
export class SmtpSink {
  readonly mails: ParsedMail[] = []
  private server: SMTPServer | null = null
  port = 0
  /** SMTP connections opened so far, and the most that were open at one moment. */
  connections = 0
  peakConnections = 0
  private open = 0

  async start(port = 0): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect: (_session, callback) => {
        this.connections++
        this.open++
        this.peakConnections = Math.max(this.peakConnections, this.open)
        callback()
      },
      onClose: () => {
        this.open--
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.mails.push(mail)
            callback()
          })
          .catch(callback)
      },
    })
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()))
    this.port = (server.server.address() as AddressInfo).port
    this.server = server
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = null
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  to(address: string): ParsedMail[] {
    return this.mails.filter((mail) => JSON.stringify(mail.to).includes(address))
  }

  /** Waits until `count` mails match. */
  async waitFor(
    predicate: (mail: ParsedMail) => boolean,
    count = 1,
    timeoutMs = 15_000,
  ): Promise<ParsedMail[]> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.mails.filter(predicate)
      if (found.length >= count) return found
      if (Date.now() > deadline) throw new Error(`Waited for ${count} mails, got ${found.length}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
}

/** A loopback SMTP address where nothing listens: every connection is refused. */
export async function refusingSmtpUrl(): Promise<string> {
  const sink = new SmtpSink()
  await sink.start()
  const url = sink.url
  await sink.stop()
  return url
}
