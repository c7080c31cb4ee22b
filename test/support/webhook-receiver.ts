import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

export interface ReceivedEvent {
  id: string
  type: string
  data: Record<string, unknown>
  /** The body exactly as it came. */
  body: string
  /** Its Standard Webhooks headers as they came. */
  headers: Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>
}

/**
 * A brand system's webhook endpoint on loopback: verifies every delivery with the `standardwebhooks`
 * package and the endpoint's secret, keeps the verified ones, and answers 503 while `down`. While `hold`,
 * a delivery waits in `held` until the test answers it (a slow receiver, an instance that stalls).
 */
export class WebhookReceiver {
  readonly received: ReceivedEvent[] = []
  readonly refused: string[] = []
  readonly held: { id: string; answer(status: number): void }[] = []
  down = false
  hold = false
  private server: Server | null = null
  private verifier: Webhook | null = null
  private waiting: (() => boolean)[] = []

  setSecret(secret: string) {
    this.verifier = new Webhook(secret)
  }

  get url() {
    const address = this.server?.address() as AddressInfo | null | undefined
    if (!address) throw new Error('The receiver is not listening')
    return `http://127.0.0.1:${address.port}/hooks`
  }

  /** Resolves once `count` deliveries have been held in all. */
  whenHeld(count: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.held.length < count) return false
        resolve()
        return true
      }
      if (!check()) this.waiting.push(check)
    })
  }

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        const answer = (status: number) => {
          if (status < 200 || status >= 300) {
            res.writeHead(status).end()
            return
          }
          try {
            const event = this.verifier?.verify(body, req.headers as Record<string, string>) as {
              type: string
              data: Record<string, unknown>
            }
            this.received.push({
              id: String(req.headers['webhook-id']),
              type: event.type,
              data: event.data,
              body,
              headers: {
                'webhook-id': String(req.headers['webhook-id']),
                'webhook-timestamp': String(req.headers['webhook-timestamp']),
                'webhook-signature': String(req.headers['webhook-signature']),
              },
            })
            res.writeHead(status).end()
          } catch (error) {
            this.refused.push(String(error))
            res.writeHead(400).end()
          }
        }
        if (this.hold) {
          this.held.push({ id: String(req.headers['webhook-id']), answer })
          this.waiting = this.waiting.filter((check) => !check())
        } else answer(this.down ? 503 : 204)
      })
    })
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve))
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()))
  }
}
