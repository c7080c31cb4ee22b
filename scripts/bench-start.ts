/**
 * Issue 30 item 7: how soon a restarted instance rejoins. From the server process's spawn to the first 200 on
 * /nl (as a browser asks for it), on an up-to-date database: one start migrates it first, then each timed
 * start finds nothing to apply. The median of BENCH_STARTS starts (5; --quick: 1, not judged) per database.
 */
import { type Bench, BROWSER, NL, ROOT, type Scenario } from './bench-context.ts'
import { send } from './bench-http.ts'
import { freePort, spawnServer, startServer } from './bench-processes.ts'

export const START_GOAL_MS = 1500
/** A start that has not answered by then has failed. */
const GIVE_UP_MS = 90_000

export const startScenario: Scenario = {
  targets: ['start'],
  async run(bench) {
    const starts = bench.options.quick ? 1 : Number(process.env.BENCH_STARTS ?? 5)
    bench.report.heading(
      `Start: from the process's spawn to the first 200 on /nl, median of ${starts} starts on an up-to-date database`,
    )
    for (const [label, url] of bench.databases) await startTarget(bench, label, await url(), starts)
  },
}

/** The middle value (of an even count, the mean of the two middle ones). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

async function startTarget(bench: Bench, label: string, databaseUrl: string, starts: number) {
  // The first start migrates the fresh database; it is not timed.
  await (await startServer(ROOT, { DATABASE_URL: databaseUrl })).stop()
  const times: number[] = []
  for (let i = 0; i < starts; i++) times.push(await timedStart(databaseUrl))
  const middle = median(times)
  const what = `start (${label}): spawn to the first 200 on /nl, median`
  console.log(
    `start (${label}): ${times.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}: median ${middle.toFixed(0)} ms ${bench.report.judge(what, `${middle.toFixed(0)} ms`, `≤ ${START_GOAL_MS} ms`, middle <= START_GOAL_MS)}`,
  )
}

/** Milliseconds from spawn to the first 200 on /nl; polls every 10 ms. */
async function timedStart(databaseUrl: string): Promise<number> {
  const port = await freePort()
  const spawned = performance.now()
  const server = spawnServer(ROOT, { DATABASE_URL: databaseUrl }, port)
  let exited: number | null | undefined
  void server.exited.then((code) => {
    exited = code
  })
  try {
    for (;;) {
      const status = await send(server.base, '/nl', { host: NL, ...BROWSER }).then(
        (answer) => answer.status,
        () => 0,
      )
      if (status === 200) return performance.now() - spawned
      if (exited !== undefined) throw new Error(`The server exited with code ${exited} before /nl answered`)
      if (status !== 0) throw new Error(`/nl answered ${status} during the start`)
      if (performance.now() - spawned > GIVE_UP_MS)
        throw new Error(`/nl did not answer within ${GIVE_UP_MS} ms`)
      await new Promise((r) => setTimeout(r, 10))
    }
  } finally {
    await server.stop()
  }
}
