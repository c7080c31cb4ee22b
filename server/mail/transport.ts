import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import nodemailer from 'nodemailer'

export interface MailMessage {
  /** Stable per outbox row, so a receiver can tell a resend from a new mail. */
  messageId: string
  from: string
  to: string
  replyTo?: string
  subject: string
  text: string
  html: string
}

/**
 * A Message-ID on the sending domain (RFC 5322: `<id@domain>`, the domain one the sender controls): the
 * outbox row's id, so a resend of one mail has the same one, at the domain of the address it comes from.
 */
export function messageIdFor(id: string, from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from
  const domain = address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
  return `<${id}@${domain}>`
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>
  close(): void
}

/**
 * SMTP in production; without SMTP_URL, each mail becomes an .eml file under `folder`.
 * SMTP connections are pooled: up to `maxConnections` stay open, each carrying up to 100 mails (nodemailer's
 * default, which relays accept) before it is replaced. The options go in one object with the URL: passed
 * beside a URL string, nodemailer takes them for message defaults and opens a connection per mail.
 */
export function createTransport(
  smtpUrl: string | null,
  folder: string,
  pool: { maxConnections: number },
): MailTransport {
  if (smtpUrl) {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: pool.maxConnections,
      maxMessages: 100,
    })
    return {
      async send(message) {
        await transport.sendMail(message)
      },
      close: () => transport.close(),
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message) {
      const info = await transport.sendMail(message)
      mkdirSync(folder, { recursive: true, mode: 0o700 })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.messageId.replace(/[^\w-]/g, '')}.eml`
      // A mail holds personal data (issue 27): readable by the server's own user only.
      writeFileSync(join(folder, name), info.message as Buffer, { mode: 0o600 })
    },
    close: () => transport.close(),
  }
}
