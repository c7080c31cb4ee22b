/**
 * `npm run bench`: the production server from dist/ under load on loopback (autocannon), every target side by
 * side with the favicon served by the same process (scripts/bench-load.ts) and, in a full run where nginx is
 * installed, with nginx sending the same bytes (bench-nginx.ts); the JavaScript and CSS each page makes
 * Chromium load, Lighthouse's mobile performance score, server memory across two runs, the start-up time, and
 * the database targets (submit, outbox, campaign search, privacy desk, suppression feed) on SQLite and, with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL, PostgreSQL. Each goal is printed next to its figure.
 * `--quick` runs everything briefly for CI; `--only` picks targets (see USAGE).
 *
 * A scenario plugs in here: a module exports a `Scenario` (bench-context.ts: the target names it answers to
 * and its `run(bench)`), and SCENARIOS below lists it; its names become valid for `--only` at once.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { type Bench, ROOT, type Scenario, sizes } from './bench-context.ts'
import { packagesScenario } from './bench-packages.ts'
import { cleanUp, postgresUrl, sqliteUrl } from './bench-processes.ts'
import { rendersScenario } from './bench-renders.ts'
import { createReport, loadAverage, parseOptions } from './bench-report.ts'
import { siteScenario } from './bench-site.ts'
import { startScenario } from './bench-start.ts'
import { streamsScenario } from './bench-streams.ts'
import { outboxScenario, submitScenario } from './bench-targets-database.ts'
import { campaignScenario, deskScenario, feedScenario } from './bench-targets-lists.ts'
import { buildReasons } from './build-if-needed.ts'

/** Every part of the bench, in the order it runs. */
const SCENARIOS: readonly Scenario[] = [
  siteScenario,
  startScenario,
  submitScenario,
  outboxScenario,
  campaignScenario,
  deskScenario,
  feedScenario,
  rendersScenario,
  streamsScenario,
  packagesScenario,
]

async function main(): Promise<number> {
  const options = parseOptions(
    process.argv.slice(2),
    process.env,
    SCENARIOS.flatMap((scenario) => scenario.targets),
  )
  // The bench asks for many new pages from one address: the render limit only in its own target (issue 30).
  process.env.PAGE_RENDERS_PER_MINUTE ??= '0'
  const reasons = buildReasons(ROOT)
  if (reasons[0] === 'no build' || !existsSync(resolve(ROOT, 'dist/client'))) {
    console.error('bench: no production build in dist/. Run "npm run build" first.')
    return 2
  }
  const size = sizes(options)
  const report = createReport(options.quick)
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  const started = performance.now()
  console.log(
    `bench${options.quick ? ' --quick' : ''}: ${[...options.only].join(', ')}; load average at start ${loadAverage()}`,
  )
  console.log(
    options.quick
      ? `each run ${size.budget.requests} requests or ${size.budget.seconds} s at ${size.connections} connections`
      : `each run ${size.budget.seconds} s at ${size.connections} connections (campaigns and desk ${size.fewerConnections}); server WEB_CONCURRENCY ${process.env.BENCH_WORKERS ?? 1}`,
  )
  if (reasons.length > 0 && reasons[0] !== 'no build')
    console.log(`note: changed since the last build: ${reasons.join(', ')} (the bench measures dist/)`)
  console.log(
    `databases: SQLite${pgUrl ? ' and PostgreSQL' : ' (set BENCH_DATABASE_URL for PostgreSQL too)'}`,
  )

  const databases: Bench['databases'] = [
    ['SQLite', async () => sqliteUrl('bench')],
    ...(pgUrl ? [['PostgreSQL', () => postgresUrl(pgUrl)] as const] : []),
  ]
  const bench: Bench = { options, size, report, databases, runs: (name) => options.only.has(name) }
  try {
    for (const scenario of SCENARIOS)
      if (scenario.targets.some((name) => options.only.has(name))) await scenario.run(bench)
  } catch (error) {
    report.fail(`the bench stopped: ${(error as Error).stack ?? error}`)
  } finally {
    await cleanUp()
  }
  report.summary()
  console.log(
    `\nload average at end ${loadAverage()}; the bench took ${((performance.now() - started) / 1000).toFixed(0)} s`,
  )
  return report.failures.length > 0 ? 1 : 0
}

process.exit(
  await main().catch((error: unknown) => {
    console.error(`bench: ${(error as Error).message}`)
    return 2
  }),
)
