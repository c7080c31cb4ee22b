import type { Answer } from './http'

/** A fault's window, in ms since the run started: answers in it are judged by the fault's own rule. */
export interface FaultWindow {
  name: 'instance-killed' | 'postgres-down' | 'redis-down'
  from: number
  to: number
}

interface Bucket {
  count: number
  ms: number[]
  /** Answers by class: 2xx, 3xx, 4xx, 429, 503 (with Retry-After), other (5xx, no answer). */
  classes: Record<string, number>
}

/** An answer the goals do not allow: not 2xx/3xx/4xx, and not a 503 with Retry-After while PostgreSQL is down. */
export interface BrokenAnswer {
  route: string
  at: number
  status: number
  retryAfter: boolean
}

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0)

/** How long after PostgreSQL is back a 503 still counts as its (pools reconnect, a query retried once). */
const RECOVERY_MS = 15_000

export class Stats {
  /** minute → route → bucket */
  private readonly minutes = new Map<number, Map<string, Bucket>>()
  readonly broken: BrokenAnswer[] = []
  /** Page latencies outside every fault window (and its recovery), for the p99 goal. */
  readonly quietPageMs: number[] = []
  /** Answers other than 2xx/3xx by the fault whose window (and recovery) they fell in, or 'none'. */
  readonly byFault = new Map<string, Map<string, number>>()
  /** Requests the generator could not start because too many were still waiting (the generator's own limit). */
  skipped = 0

  constructor(
    private readonly started: number,
    private readonly faults: () => readonly FaultWindow[],
  ) {}

  record(route: string, answer: Answer, startedAt: number): void {
    const at = startedAt - this.started
    const minute = Math.floor(at / 60_000)
    const routes = this.minutes.get(minute) ?? new Map<string, Bucket>()
    this.minutes.set(minute, routes)
    const bucket = routes.get(route) ?? { count: 0, ms: [], classes: {} }
    routes.set(route, bucket)
    bucket.count++
    bucket.ms.push(answer.ms)
    const retryAfter = answer.headers['retry-after'] !== undefined
    const kind = classOf(answer.status, retryAfter)
    bucket.classes[kind] = (bucket.classes[kind] ?? 0) + 1
    const end = at + answer.ms
    const inFault = (name: FaultWindow['name'], grace: number) =>
      this.faults().some((fault) => fault.name === name && end >= fault.from && at <= fault.to + grace)
    if (kind !== '2xx' && kind !== '3xx') {
      const fault = this.faults().find((one) => end >= one.from && at <= one.to + RECOVERY_MS)?.name ?? 'none'
      const counts = this.byFault.get(fault) ?? new Map<string, number>()
      this.byFault.set(fault, counts)
      const key = `${route} ${answer.status}`
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
    if (kind === 'other' || (kind === '503' && !inFault('postgres-down', RECOVERY_MS)))
      this.broken.push({ route, at, status: answer.status, retryAfter })
    if (route === 'page' && !this.faults().some((fault) => end >= fault.from && at <= fault.to + RECOVERY_MS))
      this.quietPageMs.push(answer.ms)
  }

  /** The per-minute table: rate, p50, p99 and answers by class, per route. */
  table(): MinuteRow[] {
    const rows: MinuteRow[] = []
    for (const [minute, routes] of [...this.minutes].sort(([a], [b]) => a - b)) {
      for (const [route, bucket] of [...routes].sort(([a], [b]) => a.localeCompare(b))) {
        const sorted = [...bucket.ms].sort((a, b) => a - b)
        rows.push({
          minute: minute + 1,
          route,
          perSecond: bucket.count / 60,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          classes: bucket.classes,
        })
      }
    }
    return rows
  }
}

export interface MinuteRow {
  minute: number
  route: string
  perSecond: number
  p50: number
  p99: number
  classes: Record<string, number>
}

function classOf(status: number, retryAfter: boolean): string {
  if (status === 429) return '429'
  if (status === 503 && retryAfter) return '503'
  if (status >= 200 && status < 300) return '2xx'
  if (status >= 300 && status < 400) return '3xx'
  if (status >= 400 && status < 500) return '4xx'
  return 'other'
}
