/**
 * Issue 30 item 5: uncached answers are not a lever. On one server with the production default of
 * PAGE_RENDERS_PER_MINUTE:
 * 1. what a page nobody asked for yet costs: a new search, a not-found path and a new political-ads text
 *    filter, each from a fresh client address (X-Forwarded-For behind TRUST_PROXY, so the limit never
 *    refuses them), beside the cached home page in turn (home, uncached, home, …);
 * 2. what one greedy client does to the others: autocannon measures cached pages from 127.0.0.1 quiet, then
 *    while one client from 127.0.9.9 sends unique searches as fast as its connections allow (the limit
 *    counts it), then while the same client hides behind a new address for each request (the limit cannot
 *    see it: what the renders alone cost the others, not judged).
 */
import { resolve } from 'node:path'
import { Worker } from 'node:worker_threads'
import autocannon from 'autocannon'
import type { Scenario } from './bench-context.ts'
import { seedCampaigns } from './bench-fixtures.ts'
import type { Budget } from './bench-load.ts'
import { type Server, sqliteUrl, startServer } from './bench-processes.ts'
import type { Report } from './bench-report.ts'

const root = resolve(import.meta.dirname, '..')
const NL = 'privacy.dpgmedia.nl'
/** The acceptance host: the political-ads pages are on there. */
const ACC = 'privacy-acc.dpgmedia.nl'
const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'br, gzip' }
/** The greedy client's own address, and how many requests it keeps in flight. */
const GREEDY_ADDRESS = '127.0.9.9'
const GREEDY_CONNECTIONS = 8
/** What the others ask for: cached pages. */
const CACHED = ['/nl', '/nl/about', '/nl/privacy-rights', '/nl/phone']

export interface RendersSize {
  quick: boolean
  budget: Budget
  connections: number
  campaigns: number
}

interface Run {
  rps: number
  p99: number
  statuses: Record<string, number>
  errors: number
}

let serial = 0
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`
/** A documentation address (RFC 5737) per request: a fresh client each time, as the app sees it. */
const freshClient = () => `198.51.${(serial >> 8) & 255}.${serial & 255}`

/** One autocannon run; `next` makes each request's path and its client's address. */
async function load(
  base: string,
  connections: number,
  budget: Budget,
  host: string,
  next: () => { path: string; client?: string },
): Promise<Run> {
  // A render can take a second on a loaded machine: a --quick run gets a few, not one second, to answer.
  const seconds = budget.requests ? Math.max(budget.seconds, 3) : budget.seconds
  const result = await autocannon({
    url: `${base}/`,
    headers: { host, ...BROWSER },
    connections: budget.requests ? Math.min(connections, budget.requests) : connections,
    duration: seconds,
    ...(budget.requests ? { maxOverallRequests: budget.requests, sampleInt: 100 } : {}),
    excludeErrorStats: false,
    requests: [
      {
        setupRequest: (req) => {
          const { path, client } = next()
          return {
            ...req,
            path,
            headers: { ...req.headers, ...(client ? { 'x-forwarded-for': client } : {}) },
          }
        },
      },
    ],
  })
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
  )
  // No answer at all is a failure too, not a rate of 0.
  if (result.requests.total === 0) statuses.none = 0
  return {
    rps: result.requests.total / Math.max(result.duration, 0.001),
    p99: result.latency.p99,
    statuses,
    errors: result.errors,
  }
}

/**
 * A client sending unique searches back to back on its connections until stopped, in a worker thread of
 * its own: its loop must not share the event loop of the autocannon run that measures the others.
 */
const GREEDY = `
const { workerData, parentPort } = require('node:worker_threads')
const { Agent, request } = require('node:http')
const { base, host, localAddress, connections, rotate, headers } = workerData
const agent = new Agent({ keepAlive: true, maxSockets: connections, localAddress })
const url = new URL(base)
const statuses = {}
let running = true
let n = 0
parentPort.on('message', () => { running = false })
const one = () => new Promise((done) => {
  n++
  const extra = rotate ? { 'x-forwarded-for': '203.0.' + ((n >> 8) & 255) + '.' + (n & 255) } : {}
  const req = request({ host: url.hostname, port: url.port, agent, path: '/nl/search?q=greedy+' + Date.now().toString(36) + n,
    headers: { host, ...headers, ...extra } }, (res) => {
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1
    res.resume()
    res.on('end', done)
  })
  req.on('error', () => done())
  req.end()
})
Promise.all(Array.from({ length: connections }, async () => { while (running) await one() }))
  .then(() => { agent.destroy(); parentPort.postMessage(statuses) })
`

function greedyClient(base: string, rotate: boolean): () => Promise<Record<string, number>> {
  const worker = new Worker(GREEDY, {
    eval: true,
    workerData: {
      base,
      host: NL,
      localAddress: GREEDY_ADDRESS,
      connections: GREEDY_CONNECTIONS,
      rotate,
      headers: BROWSER,
    },
  })
  const finished = new Promise<Record<string, number>>((done, failed) => {
    worker.once('message', done)
    worker.once('error', failed)
  })
  return async () => {
    worker.postMessage('stop')
    const statuses = await finished
    await worker.terminate()
    return statuses
  }
}

const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—')
const counts = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([code, n]) => `${n}×${code}`)
    .join(' ')

/** Part 1: each uncached answer's rate beside the cached home page's, home runs before and after each. */
async function renderCost(server: Server, size: RendersSize, report: Report) {
  const home = () => load(server.base, size.connections, size.budget, NL, () => ({ path: '/nl' }))
  const kinds: [string, string, () => string, number][] = [
    ['uncached search', NL, () => `/nl/search?q=cookies+${unique()}`, 200],
    ['uncached not-found', NL, () => `/nl/no-such-page-${unique()}`, 404],
    ['uncached text filter', ACC, () => `/nl/political-ads?text=${unique()}`, 200],
  ]
  console.log(`${'target'.padEnd(22)}   req/s  p99 ms  home req/s  × home  answers`)
  let before = await home()
  for (const [name, host, path, expected] of kinds) {
    const run = await load(server.base, size.connections, size.budget, host, () => ({
      path: path(),
      client: freshClient(),
    }))
    const after = await home()
    const homeRate = (before.rps + after.rps) / 2
    const ratio = run.rps / homeRate
    const wrong = Object.entries(run.statuses).filter(([code]) => code !== String(expected))
    if (wrong.length > 0 || run.errors > 0)
      report.fail(
        `${name}: answers ${counts(run.statuses)}, ${run.errors} errors (expected only ${expected})`,
      )
    const mark = report.judge(`${name}: rate ÷ cached home's`, `${fixed(ratio, 2)}×`, '≥ 0.1×', ratio >= 0.1)
    console.log(
      `${name.padEnd(22)} ${fixed(run.rps).padStart(7)} ${fixed(run.p99).padStart(7)} ${fixed(homeRate).padStart(11)} ${fixed(ratio, 2).padStart(7)}  ${counts(run.statuses)}  ${mark}`,
    )
    before = after
  }
}

/** Part 2: the others' p99 on cached pages, quiet and beside a greedy client. */
async function greedyNeighbour(server: Server, size: RendersSize, report: Report) {
  let n = 0
  const others = () =>
    load(server.base, size.connections, size.budget, NL, () => ({
      path: CACHED[n++ % CACHED.length] ?? '/nl',
    }))
  const beside = async (rotate: boolean) => {
    const stop = greedyClient(server.base, rotate)
    const run = await others()
    return { run, greedy: await stop() }
  }
  const quiet = await others()
  const limited = await beside(false)
  const unlimited = await beside(true)
  const quietAgain = await others()
  const quietP99 = (quiet.p99 + quietAgain.p99) / 2
  const ratio = limited.run.p99 / quietP99
  const unlimitedRatio = unlimited.run.p99 / quietP99
  for (const run of [quiet, limited.run, unlimited.run, quietAgain])
    if (Object.keys(run.statuses).some((code) => code !== '200') || run.errors > 0)
      report.fail(
        `cached pages beside a greedy client: answers ${counts(run.statuses)}, ${run.errors} errors`,
      )
  console.log(
    `\nothers (cached pages from 127.0.0.1, ${size.connections} connections): quiet ${fixed(quiet.rps)} req/s p99 ${fixed(quiet.p99)} ms, after ${fixed(quietAgain.rps)} req/s p99 ${fixed(quietAgain.p99)} ms`,
  )
  console.log(
    `beside one greedy client (${GREEDY_ADDRESS}, ${GREEDY_CONNECTIONS} connections of unique searches, it got ${counts(limited.greedy)}): ${fixed(limited.run.rps)} req/s p99 ${fixed(limited.run.p99)} ms, ${fixed(ratio, 2)}× quiet ${report.judge('others’ page p99 beside a greedy client: ÷ quiet', `${fixed(ratio, 2)}×`, '≤ 2×', ratio <= 2)}`,
  )
  console.log(
    `the same client behind a new address per request (the limit cannot see it; it got ${counts(unlimited.greedy)}): ${fixed(unlimited.run.rps)} req/s p99 ${fixed(unlimited.run.p99)} ms, ${fixed(unlimitedRatio, 2)}× quiet (not judged: what unlimited renders cost)`,
  )
}

/** The whole scenario on its own server (SQLite, `size.campaigns` notices for the text filter). */
export async function rendersTarget(size: RendersSize, report: Report): Promise<void> {
  report.heading(
    `Uncached answers (issue 30): ${size.connections} connections, PAGE_RENDERS_PER_MINUTE at its default`,
  )
  const url = sqliteUrl('renders')
  await seedCampaigns(url, root, size.campaigns)
  // One trusted hop: part 1's fresh clients and part 2's hidden one come by X-Forwarded-For. An empty
  // PAGE_RENDERS_PER_MINUTE is the default (the bench's other servers run without the limit).
  const server = await startServer(root, { DATABASE_URL: url, TRUST_PROXY: '1', PAGE_RENDERS_PER_MINUTE: '' })
  try {
    await renderCost(server, size, report)
    await greedyNeighbour(server, size, report)
  } finally {
    await server.stop()
  }
}

/** The scenario scripts/bench.ts lists: target `renders`. */
export const rendersScenario: Scenario = {
  targets: ['renders'],
  run: (bench) =>
    bench.runs('renders')
      ? rendersTarget({ ...bench.size, quick: bench.options.quick }, bench.report)
      : Promise.resolve(),
}
