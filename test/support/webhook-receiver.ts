import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

/**
 * A brand system's webhook endpoint on loopback: verifies every delivery with the `standardwebhooks`
 * package and the endpoint's secret, keeps the verified ones, and answers 503 while `down`.
 */
export class WebhookReceiver {
  readonly received: { id: string; type: string; data: Record<string, unknown> }[] = []
  readonly refused: string[] = []
  down = false
  private server: Server | null = null
  private verifier: Webhook | null = null

  setSecret(secret: string) {
    this.verifier = new Webhook(secret)
  }

  get url() {
    const address = this.server?.address() as AddressInfo | null | undefined
    if (!address) throw new Error('The receiver is not listening')
    return `http://127.0.0.1:${address.port}/hooks`
  }

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        if (this.down) {
          res.writeHead(503).end()
          return
        }
        const body = Buffer.concat(chunks).toString('utf8')
        try {
          const event = this.verifier?.verify(body, req.headers as Record<string, string>) as {
            type: string
            data: Record<string, unknown>
          }
          this.received.push({ id: String(req.headers['webhook-id']), type: event.type, data: event.data })
          res.writeHead(204).end()
        } catch (error) {
          this.refused.push(String(error))
          res.writeHead(400).end()
        }
      })
    })
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve))
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()))
  }
}
