import { createConnection, createServer, type Server, type Socket } from 'node:net'

/**
 * A TCP proxy on loopback in front of a real server, to play the database's failures: `forward` passes bytes
 * both ways; `hang` accepts connections and never answers (new and open ones alike); `refuse` closes the
 * port and every connection. `forward` again restores service on the same port.
 */
export class FaultyProxy {
  private mode: 'forward' | 'hang' | 'refuse' = 'forward'
  private server: Server | null = null
  private readonly sockets = new Set<Socket>()
  port = 0

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    await this.listen(0)
  }

  hang(): void {
    this.mode = 'hang'
  }

  async refuse(): Promise<void> {
    this.mode = 'refuse'
    const server = this.server
    this.server = null
    for (const socket of this.sockets) socket.destroy()
    if (server) await new Promise((resolve) => server.close(resolve))
  }

  async forward(): Promise<void> {
    if (!this.server) await this.listen(this.port)
    this.mode = 'forward'
  }

  async stop(): Promise<void> {
    await this.refuse()
  }

  private listen(port: number): Promise<void> {
    const server = createServer((client) => this.accept(client))
    this.server = server
    return new Promise((resolve) =>
      server.listen(port, '127.0.0.1', () => {
        this.port = (server.address() as { port: number }).port
        resolve()
      }),
    )
  }

  private accept(client: Socket): void {
    this.track(client)
    if (this.mode !== 'forward') return
    const upstream = createConnection(this.targetPort, this.targetHost)
    this.track(upstream)
    client.on('data', (chunk) => {
      if (this.mode === 'forward') upstream.write(chunk)
    })
    upstream.on('data', (chunk) => {
      if (this.mode === 'forward') client.write(chunk)
    })
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  }

  private track(socket: Socket): void {
    this.sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => this.sockets.delete(socket))
  }
}
