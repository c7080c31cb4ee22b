/**
 * Load runs with autocannon, always side by side with a static file served by the same process: favicon,
 * target, favicon, target, …, favicon. Each target's rate and p99 are divided by the mean of the favicon runs
 * just before and after it, so a machine that gets busier or quieter during the bench moves both alike.
 */
import autocannon from 'autocannon'
import { type Answer, send } from './bench-http.ts'

/** How long each run lasts: seconds under load, and (--quick) at most this many requests. */
export interface Budget {
  seconds: number
  /** --quick: a run ends after this many answers, or after `seconds`, whichever comes first. */
  requests?: number
}

export interface Target {
  name: string
  /** The address shown in the table (with `next`, the first of many). */
  path: string
  headers: Record<string, string>
  /** The status every answer must have (200 unless said). */
  expect?: number
  method?: 'GET' | 'POST'
  /** A fresh path or body for each request (unique submits, unique search texts). */
  next?: () => { path?: string; body?: string }
  /** With `next`: every path it gives in turn, so nginx can send the same bytes for each (bench-nginx.ts). */
  variants?: string[]
  /** What the nginx goals judge it as (bench-versus.ts): a cached page, a static file, an API answer. */
  kind?: 'page' | 'static' | 'answer'
  goal?: { ratio?: number; p99Ratio?: number; noTimeouts?: boolean }
}

export interface Run {
  requests: number
  seconds: number
  rps: number
  p50: number
  p99: number
  /** Answers with the expected status. */
  ok: number
  /** Answers with another status, connection errors, and time-outs (10 s without an answer). */
  unexpected: number
  errors: number
  timeouts: number
  statuses: Record<string, number>
}

export interface Row {
  target: Target
  run: Run
  /** The neighbouring favicon runs' mean rate and p99. */
  favicon: { rps: number; p99: number }
  ratio: number
  p99Ratio: number
  /** One request before the load: what a browser would get (encoding and size on the wire). */
  probe: string
  /** The same bytes from nginx, measured right after the target (full runs where nginx is installed). */
  nginx?: Run
}

/** nginx sending the same bytes (bench-nginx.ts): its address, and whether it has this target's. */
export interface Mirror {
  base: string
  has(target: Target): boolean
}

export const FAVICON: Target = {
  name: 'favicon.svg',
  path: '/favicon.svg',
  headers: { host: 'privacy.dpgmedia.nl', 'accept-encoding': 'br, gzip' },
}

export async function measure(
  base: string,
  target: Target,
  connections: number,
  budget: Budget,
): Promise<Run> {
  const requests: autocannon.Request[] | undefined = target.next
    ? [
        {
          setupRequest: (request) => {
            const variant = target.next?.() ?? {}
            return { ...request, ...(variant.path ? { path: variant.path } : {}), body: variant.body }
          },
        },
      ]
    : undefined
  const result = await autocannon({
    url: base + target.path,
    method: target.method ?? 'GET',
    headers: target.headers,
    connections: budget.requests ? Math.min(connections, budget.requests) : connections,
    duration: budget.seconds,
    // A short run ends at the first check after its last answer: check often.
    ...(budget.requests ? { maxOverallRequests: budget.requests, sampleInt: 100 } : {}),
    // Every latency counts, also of the expected 404s.
    excludeErrorStats: false,
    ...(requests ? { requests } : {}),
  })
  const expected = target.expect ?? 200
  const statuses: Record<string, number> = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
  )
  const ok = statuses[String(expected)] ?? 0
  const answered = Object.values(statuses).reduce((total, n) => total + n, 0)
  return {
    requests: result.requests.total,
    seconds: result.duration,
    rps: result.requests.total / Math.max(result.duration, 0.001),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    unexpected: answered - ok + result.errors,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    statuses,
  }
}

/** What one plain request answers: status, content encoding and size on the wire. */
export async function probe(base: string, target: Target): Promise<{ text: string; error?: string }> {
  const variant = target.next?.() ?? {}
  let answer: Answer
  try {
    answer = await send(base, variant.path ?? target.path, target.headers, {
      method: target.method ?? 'GET',
      ...(variant.body ? { body: variant.body } : {}),
    })
  } catch (error) {
    return { text: 'no answer', error: `${target.name}: ${(error as Error).message}` }
  }
  const encoding = String(answer.headers['content-encoding'] ?? 'identity')
  const text = `${answer.status} ${encoding} ${kB(answer.body.length)}`
  const expected = target.expect ?? 200
  return answer.status === expected
    ? { text }
    : {
        text,
        error: `${target.name}: ${variant.path ?? target.path} answered ${answer.status}, not ${expected}`,
      }
}

/**
 * favicon, target, favicon, target, …, favicon, at the same connection count; with a mirror, favicon, target,
 * the target's bytes from nginx, favicon, …. Answers a row per target with its ratios to the neighbouring
 * favicon runs, and its nginx run.
 */
export async function alternate(
  base: string,
  targets: Target[],
  options: { connections: number; budget: Budget; onError: (message: string) => void; mirror?: Mirror },
): Promise<Row[]> {
  const { connections, budget } = options
  const rows: Row[] = []
  let before = await measure(base, FAVICON, connections, budget)
  for (const target of targets) {
    const probed = await probe(base, target)
    if (probed.error) options.onError(probed.error)
    const run = await measure(base, target, connections, budget)
    const nginx = options.mirror?.has(target)
      ? await measure(options.mirror.base, { ...target, expect: 200 }, connections, budget)
      : undefined
    if (nginx && nginx.unexpected > 0)
      options.onError(`${target.name} from nginx: ${describeFailures(nginx)}`)
    const after = await measure(base, FAVICON, connections, budget)
    const favicon = { rps: (before.rps + after.rps) / 2, p99: (before.p99 + after.p99) / 2 }
    for (const faviconRun of [before, after])
      if (faviconRun.unexpected > 0) options.onError(`favicon.svg: ${describeFailures(faviconRun)}`)
    if (run.unexpected > 0) options.onError(`${target.name}: ${describeFailures(run)}`)
    rows.push({
      target,
      run,
      favicon,
      ratio: run.rps / favicon.rps,
      // A p99 of 0 ms (all under a millisecond) counts as 1 ms.
      p99Ratio: Math.max(run.p99, 1) / Math.max(favicon.p99, 1),
      probe: probed.text,
      ...(nginx ? { nginx } : {}),
    })
    before = after
  }
  return rows
}

function describeFailures(run: Run): string {
  const statuses = Object.entries(run.statuses)
    .map(([code, n]) => `${n}× ${code}`)
    .join(', ')
  return `${run.unexpected} failed of ${run.requests + run.errors} (${statuses}; ${run.errors} connection errors, ${run.timeouts} time-outs)`
}

export function kB(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`
}
