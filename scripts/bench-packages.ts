/**
 * Issue 30 item 4: bounded memory on large files. A brand system uploads a 100 MB access package (as many
 * files of the per-file limit as the per-request limit holds), the requester downloads it, and ten requesters
 * download it at once while autocannon measures a cached page on the same server. Goals (full runs): the
 * server's resident memory grows by at most 64 MB during the upload and during a download, and the page's
 * p99 beside ten downloads stays within 2× its quiet p99 (measured before and after the downloads). `--quick`
 * runs the same with a package of 1 MB.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { MAX_FILE_BYTES, MAX_REQUEST_FILE_BYTES } from '#shared/privacy-rights/tasks.ts'
import { BROWSER, NL, ROOT, type Scenario } from './bench-context.ts'
import { seedTaskClient } from './bench-fixtures.ts'
import { mailSink, send } from './bench-http.ts'
import { type Budget, measure, type Run, type Target } from './bench-load.ts'
import { completedPackage, type Package, taskOf, uploadPdf, verifiedAccess } from './bench-package-seed.ts'
import { type Server, startServer, track } from './bench-processes.ts'
import type { Options, Report } from './bench-report.ts'
import { download, sampled } from './bench-streams.ts'

/** The server's resident memory may grow by this many MB during the upload, and during a download. */
const RSS_GOAL_MB = 64
/** A page's p99 beside ten package downloads, at most this many times its quiet p99. */
const P99_GOAL = 2
/** Requesters downloading the package at once while the page is measured. */
const DOWNLOADERS = 10
/** curl's exit code when its --max-time passed. */
const CURL_TIMED_OUT = 28

/** Issue 30's sizes (100 MB in files of 25 MB), or 4 files of 256 kB in --quick (CI). */
function sizes(options: Options) {
  const quick = options.quick
  const budget: Budget = quick ? { seconds: 1, requests: 50 } : { seconds: options.seconds }
  const fileBytes = quick ? 256 * 1024 : MAX_FILE_BYTES
  return {
    budget,
    connections: quick ? 4 : 50,
    fileBytes,
    files: Math.floor(MAX_REQUEST_FILE_BYTES / MAX_FILE_BYTES),
  }
}

const PAGE: Target = { name: 'home /nl (cached)', path: '/nl', headers: { host: NL, ...BROWSER } }

/** Issue 30: a 100 MB package uploaded, downloaded, and downloaded ten at a time beside a page, on this database. */
export async function packagesTarget(options: Options, report: Report, label: string, databaseUrl: string) {
  const size = sizes(options)
  const total = size.files * size.fileBytes
  report.heading(
    `Access packages on ${label}: ${size.files} files of ${mb(size.fileBytes)} MB uploaded and downloaded, ${DOWNLOADERS} downloads beside ${PAGE.path} at ${size.connections} connections`,
  )
  const secret = await seedTaskClient(databaseUrl, ROOT)
  const sink = await mailSink({ keep: true })
  const server = await startServer(ROOT, {
    DATABASE_URL: databaseUrl,
    SMTP_URL: sink.url,
    EMAIL_DOMAIN_CHECK: 'off',
    RATE_LIMIT_PER_MINUTE: '1000000',
    FILE_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  })
  try {
    const reference = await verifiedAccess(server.base, sink)
    const taskId = await taskOf(server.base, secret, reference)
    const upload = await timed(server, async () => {
      for (let n = 1; n <= size.files; n++) {
        const status = await uploadPdf(server.base, secret, taskId, `deel-${n}.pdf`, size.fileBytes)
        if (status !== 201) throw new Error(`upload ${n} answered ${status}`)
      }
    })
    const pkg = await completedPackage(server.base, sink, { secret, taskId, reference })
    let bytes = 0
    const single = await timed(server, async () => {
      const status = await download(server.base + pkg.path, pkg.headers, (n) => {
        bytes += n
      })
      if (status !== 200) throw new Error(`the package answered ${status}`)
    })
    if (bytes < total)
      report.fail(`packages (${label}): the package held ${bytes} bytes, fewer than ${total}`)
    console.log(
      `upload ${mb(total)} MB in ${upload.seconds.toFixed(1)} s (${(total / 1e6 / upload.seconds).toFixed(0)} MB/s), RSS growth ${upload.growthMb.toFixed(0)} MB; download ${mb(bytes)} MB in ${single.seconds.toFixed(1)} s, RSS growth ${single.growthMb.toFixed(0)} MB`,
    )
    const name = `packages (${label})`
    console.log(
      `${name}: upload ${report.judge(`${name}: upload RSS growth`, `${upload.growthMb.toFixed(0)} MB`, `≤ ${RSS_GOAL_MB} MB`, upload.growthMb <= RSS_GOAL_MB)}; download ${report.judge(`${name}: download RSS growth`, `${single.growthMb.toFixed(0)} MB`, `≤ ${RSS_GOAL_MB} MB`, single.growthMb <= RSS_GOAL_MB)}`,
    )
    await besideDownloads(server, report, name, pkg, size)
  } finally {
    await server.stop()
  }
}

/**
 * The page's p99 quiet, then while DOWNLOADERS requesters download the package again and again, then quiet
 * again once every download stopped. The quiet p99 the goal compares with is the mean of the two, before and
 * after: a machine that drifts during the run (PostgreSQL writing out the 100 MB just uploaded, a compiler
 * warming up) then moves both sides of the ratio alike, instead of the one window it happened to fall in.
 */
async function besideDownloads(
  server: Server,
  report: Report,
  name: string,
  pkg: Package,
  size: ReturnType<typeof sizes>,
) {
  // Once before: the page rendered and cached, as every visitor after the first gets it.
  const first = await send(server.base, PAGE.path, PAGE.headers)
  if (first.status !== 200) report.fail(`${name}: ${PAGE.path} answered ${first.status}`)
  const before = await measure(server.base, PAGE, size.connections, size.budget)
  const loaded = await whileDownloading(server, pkg, size.budget.seconds, () =>
    measure(server.base, PAGE, size.connections, size.budget),
  )
  const after = await measure(server.base, PAGE, size.connections, size.budget)
  if (loaded.failure) report.fail(`${name}: a download ${loaded.failure}`)
  const unexpected = before.unexpected + loaded.run.unexpected + after.unexpected
  if (unexpected > 0) report.fail(`${name}: ${unexpected} page answers not 200`)
  const quietP99 = (before.p99 + after.p99) / 2
  const ratio = loaded.run.p99 / Math.max(quietP99, 1)
  console.log(
    `${PAGE.name}: ${before.rps.toFixed(0)}/s p99 ${before.p99} ms quiet before, ${loaded.run.rps.toFixed(0)}/s p99 ${loaded.run.p99} ms beside ${DOWNLOADERS} downloads (${loaded.downloads} whole, ${mb(loaded.bytes)} MB sent meanwhile; RSS growth ${loaded.growthMb.toFixed(0)} MB), ${after.rps.toFixed(0)}/s p99 ${after.p99} ms quiet after`,
  )
  console.log(
    `${name}: page p99 ÷ quiet ${ratio.toFixed(2)} ${report.judge(`${name}: page p99 ÷ quiet`, ratio.toFixed(2), `≤ ${P99_GOAL}`, ratio <= P99_GOAL)}`,
  )
}

/**
 * Runs `work` while DOWNLOADERS requesters download the package again and again, each a `curl` of its own
 * (reading every byte into /dev/null): in other processes, so the bench's event loop, which times the page's
 * answers, is not the one receiving a gigabyte. Each curl stops after `seconds` (a package of 100 MB takes
 * longer ten at a time), so its bytes are counted however far it got. Counts whole downloads and bytes;
 * samples the server's memory.
 */
async function whileDownloading(server: Server, pkg: Package, seconds: number, work: () => Promise<Run>) {
  const headers = Object.entries(pkg.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const args = [
    '-s',
    '-m',
    String(Math.ceil(seconds)),
    '-o',
    '/dev/null',
    '-w',
    '%{http_code} %{size_download}',
    ...headers,
    server.base + pkg.path,
  ]
  let stopped = false
  let downloads = 0
  let bytes = 0
  let failure: string | null = null
  const loop = async () => {
    while (!stopped) {
      // In a process group of its own, which the bench kills if it ends early (bench-processes.ts).
      const curl = spawn('curl', args, { detached: true, stdio: ['ignore', 'pipe', 'ignore'] })
      void track(curl)
      let out = ''
      curl.stdout.on('data', (text: Buffer) => {
        out += text.toString()
      })
      const code = await new Promise<number | null>((done) => curl.once('close', done))
      const [status = '', size = '0'] = out.split(' ')
      bytes += Number(size)
      // 28: stopped after `seconds`, not a failure.
      if (status !== '200' || (code !== 0 && code !== CURL_TIMED_OUT))
        failure ??= `answered ${status || `nothing (curl ${code})`}`
      else if (code === 0) downloads++
    }
  }
  const loops = Promise.all(Array.from({ length: DOWNLOADERS }, loop))
  try {
    const { result, growthMb } = await sampled(server, work)
    stopped = true
    await loops
    return { run: result, downloads, bytes, growthMb, failure }
  } finally {
    stopped = true
  }
}

/** Runs `work` with the server's memory sampled: its growth, and how long it took. */
async function timed(server: Server, work: () => Promise<void>) {
  const started = performance.now()
  const { growthMb } = await sampled(server, work)
  return { growthMb, seconds: (performance.now() - started) / 1000 }
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1)

/** The scenario scripts/bench.ts lists: target `packages`, once per database. */
export const packagesScenario: Scenario = {
  targets: ['packages'],
  async run(bench) {
    for (const [label, url] of bench.databases)
      await packagesTarget(bench.options, bench.report, label, await url())
  },
}
