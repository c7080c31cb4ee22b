import { Agent, request } from 'node:http'

/**
 * The load's HTTP client: every request to nginx on loopback, from one of many loopback addresses
 * (127.0.x.y), so that nginx and the app see many visitors, as they would, and each visitor's own limits
 * (RATE_LIMIT_PER_MINUTE) apply as in production instead of being raised for the test.
 */

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  ms: number
}

export interface Call {
  method: 'GET' | 'POST'
  path: string
  host: string
  /** A JSON body, or a form (URLSearchParams). */
  body?: unknown
  headers?: Record<string, string>
  /** Which visitor: the loopback address is chosen from it. */
  visitor: number
}

const VISITORS = 1000
const agents = new Map<number, Agent>()

function agentOf(visitor: number): Agent {
  const slot = Math.abs(visitor) % VISITORS
  let agent = agents.get(slot)
  if (!agent) {
    const address = `127.0.${1 + Math.floor(slot / 250)}.${1 + (slot % 250)}`
    agent = new Agent({ keepAlive: true, maxSockets: 8, localAddress: address })
    agents.set(slot, agent)
  }
  return agent
}

export function send(port: number, call: Call, timeoutMs = 30_000): Promise<Answer> {
  const started = performance.now()
  let payload: string | undefined
  const headers: Record<string, string> = { host: call.host, ...call.headers }
  if (call.body instanceof URLSearchParams) {
    payload = call.body.toString()
    headers['content-type'] = 'application/x-www-form-urlencoded'
  } else if (call.body !== undefined) {
    payload = JSON.stringify(call.body)
    headers['content-type'] = 'application/json'
  }
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload))
  return new Promise((resolve) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: call.method,
        path: call.path,
        headers,
        agent: agentOf(call.visitor),
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        )
        response.on('error', () =>
          resolve({ status: 0, headers: {}, body: '', ms: performance.now() - started }),
        )
      },
    )
    // Status 0: no answer at all (the connection failed or timed out), counted as an error of its own.
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')))
    outgoing.on('error', () => resolve({ status: 0, headers: {}, body: '', ms: performance.now() - started }))
    outgoing.end(payload)
  })
}

export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy()
  agents.clear()
}
