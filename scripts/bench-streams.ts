/**
 * Issue 30 item 6: exports never stall the instance. One client downloads an export in a loop (the open-data
 * JSON of the notices, then the desk's CSV of the requests) while autocannon measures the favicon on the same
 * server: the favicon's p99 beside the quiet one, and how far the server's resident memory grows meanwhile.
 */
import { request } from 'node:http'
import { resolve } from 'node:path'
import type { Scenario } from './bench-context.ts'
import { seedCampaigns, seedDeskRequests } from './bench-fixtures.ts'
import { residentMb, staffCookie } from './bench-http.ts'
import { type Budget, FAVICON, measure, type Run } from './bench-load.ts'
import { type Server, startServer } from './bench-processes.ts'
import type { Options, Report } from './bench-report.ts'

const root = resolve(import.meta.dirname, '..')
/** Others' p99 while an export loops, at most this many times the quiet p99 (issue 30). */
const P99_GOAL = 2
/** The server's resident memory may grow by this many MB while an export loops. */
const RSS_GOAL_MB = 64

/** The sizes of a run: issue 30's (10,000 notices and requests), or tiny and fast in --quick (CI). */
function sizes(options: Options) {
  const quick = options.quick
  const budget: Budget = quick ? { seconds: 1, requests: 50 } : { seconds: options.seconds }
  return {
    budget,
    connections: quick ? 4 : 50,
    notices: quick ? 200 : 10_000,
    requests: quick ? 300 : 10_000,
  }
}

/** Issue 30: each export looping beside the favicon on one server, on this database. */
export async function streamsTarget(options: Options, report: Report, label: string, databaseUrl: string) {
  const size = sizes(options)
  report.heading(
    `Exports on ${label}: ${size.notices} notices, ${size.requests} requests, ${size.connections} connections on the favicon`,
  )
  await seedCampaigns(databaseUrl, root, size.notices)
  await seedDeskRequests(databaseUrl, root, size.requests)
  const server = await startServer(root, { DATABASE_URL: databaseUrl })
  try {
    const cookie = await staffCookie(server.base, 'privacy-team')
    const exports: { name: string; path: string; headers: Record<string, string> }[] = [
      {
        name: `open-data JSON (${label})`,
        path: '/api/campaign-items.json',
        headers: { host: 'privacy-acc.dpgmedia.nl' },
      },
      {
        name: `desk CSV (${label})`,
        path: '/api/internal-privacy-rights/requests.csv',
        headers: { host: 'nl.localhost', cookie },
      },
    ]
    for (const target of exports) {
      // Once before: what the first export loads for good (code, prepared statements) is no growth.
      const warm = await download(server.base + target.path, target.headers, () => {})
      if (warm !== 200) report.fail(`${target.name}: answered ${warm}`)
      const quiet = await sampled(server, () => measure(server.base, FAVICON, size.connections, size.budget))
      const loaded = await whileLooping(server, target, () =>
        measure(server.base, FAVICON, size.connections, size.budget),
      )
      judge(report, target.name, quiet, loaded)
    }
  } finally {
    await server.stop()
  }
}

function judge(
  report: Report,
  name: string,
  quiet: { result: Run; growthMb: number },
  loaded: { run: Run; downloads: number; bytes: number; growthMb: number; failure: string | null },
) {
  if (loaded.failure) report.fail(`${name}: ${loaded.failure}`)
  if (loaded.run.unexpected > 0) report.fail(`${name}: ${loaded.run.unexpected} favicon answers not 200`)
  const p99Ratio = loaded.run.p99 / Math.max(quiet.result.p99, 1)
  console.log(
    `${name}: ${loaded.downloads} whole downloads, ${(loaded.bytes / 1e6).toFixed(1)} MB read while the favicon was measured; favicon ${quiet.result.rps.toFixed(0)}/s p99 ${quiet.result.p99} ms quiet (RSS growth ${quiet.growthMb.toFixed(0)} MB), ${loaded.run.rps.toFixed(0)}/s p99 ${loaded.run.p99} ms beside the export`,
  )
  console.log(
    `${name}: favicon p99 ÷ quiet ${p99Ratio.toFixed(2)} ${report.judge(`${name}: favicon p99 ÷ quiet`, p99Ratio.toFixed(2), `≤ ${P99_GOAL}`, p99Ratio <= P99_GOAL)}; RSS growth ${loaded.growthMb.toFixed(0)} MB ${report.judge(`${name}: RSS growth`, `${loaded.growthMb.toFixed(0)} MB`, `≤ ${RSS_GOAL_MB} MB`, loaded.growthMb <= RSS_GOAL_MB)}`,
  )
}

/**
 * Runs `work` while one client downloads the export again and again (reading every byte, keeping none), and
 * the server's resident memory is sampled: its growth over the value before the loop began.
 */
async function whileLooping(
  server: Server,
  target: { path: string; headers: Record<string, string> },
  work: () => Promise<Run>,
) {
  let running = true
  let downloads = 0
  let bytes = 0
  let failure: string | null = null
  const loop = (async () => {
    while (running) {
      const status = await download(server.base + target.path, target.headers, (n) => {
        bytes += n
      })
      if (status !== 200) {
        failure = `answered ${status}`
        return
      }
      downloads++
    }
  })()
  try {
    const { result, growthMb } = await sampled(server, work)
    return { run: result, downloads, bytes, growthMb, failure }
  } finally {
    running = false
    await loop.catch((error: unknown) => {
      failure = String(error)
    })
  }
}

/** Runs `work` while the server's resident memory is sampled every 50 ms: its growth over the value before. */
export async function sampled<T>(
  server: Server,
  work: () => Promise<T>,
): Promise<{ result: T; growthMb: number }> {
  const before = residentMb(server.pid)
  let peak = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(server.pid))
  }, 50)
  try {
    const result = await work()
    return { result, growthMb: peak - before }
  } finally {
    clearInterval(sampler)
  }
}

/** One download, its bytes counted and dropped as they come; answers its status. */
export function download(
  url: string,
  headers: Record<string, string>,
  counted: (bytes: number) => void,
): Promise<number> {
  return new Promise((resolveAnswer, reject) => {
    request(url, { headers: { ...headers, 'accept-encoding': 'identity' }, timeout: 60_000 }, (response) => {
      response.on('data', (chunk: Buffer) => counted(chunk.length))
      response.on('end', () => resolveAnswer(response.statusCode ?? 0))
      response.on('error', reject)
    })
      .on('error', reject)
      .on('timeout', function (this: ReturnType<typeof request>) {
        this.destroy(new Error(`${url}: no answer within 60 s`))
      })
      .end()
  })
}

/** The scenario scripts/bench.ts lists: target `streams`, once per database. */
export const streamsScenario: Scenario = {
  targets: ['streams'],
  async run(bench) {
    for (const [label, url] of bench.databases)
      await streamsTarget(bench.options, bench.report, label, await url())
  },
}
