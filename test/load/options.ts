/** The load test's command line (`npm run loadtest -- --help`). */

export interface LoadOptions {
  /** How long the whole run takes, in seconds. */
  seconds: number
  /** The rates (500 pages/s, 50 requests/s, 5 messages/s, 2 desk actions/s) times this. */
  scale: number
  /** Where the report's JSON goes (besides the table on standard output); null: nowhere. */
  json: string | null
  /**
   * Whether the timing goals decide the verdict (page p99; 503s only during the database's outage): not in
   * the short run, which CI runs on a machine busy with the rest of the suite, where an instance out of breath
   * for a moment says little. Nothing lost or doubled, and no answer but a 503 with Retry-After, still decide.
   */
  judgeLatency: boolean
}

export const USAGE = `Usage: npm run loadtest -- [--short] [--minutes N] [--scale F] [--json FILE]

The whole loop at load: two instances of the production build (dist/, npm run build first) behind nginx on
loopback, one PostgreSQL database of its own (made and dropped on TEST_DATABASE_URL's server, by default
postgres://postgres@127.0.0.1:5432/postgres) and Redis (REDIS_URL_FOR_LOADTEST, by default
redis://127.0.0.1:6379), a real SMTP sink, an https webhook receiver, two brand systems (NL and BE) pulling
the suppression and task feeds and answering every task every 5 s, page views, privacy requests and
objections with their verification clicks, contact messages and complaints, and the privacy desk listing and
adding notes. Faults, at the same share of any run's length: at 3/10 one instance is killed (SIGKILL) and
started again; at 6/10 PostgreSQL goes away for 15 s (every connection cut and refused at a proxy in front
of it, as a restart does, without touching other users of the server); at 8/10 Redis goes away for 1/10 of
the run. Reports per minute: rate, p50, p99 and answers other than 2xx/4xx per route; then reconciles
everything and exits 1 when anything was lost or doubled, or an answer broke the rules.

  --short        2 minutes instead of 10 (what CI runs); the timing goals are reported, not judged
  --minutes N    the run's length in minutes (1 to 60; default 10)
  --scale F      the issue's rates times F (0.05 to 1; default 1; --short defaults to 0.25 on 2 cores)
  --json FILE    also write the report as JSON
  --help         this text`

export function parseOptions(argv: readonly string[]): LoadOptions | 'help' {
  let minutes = 10
  let scale: number | null = null
  let json: string | null = null
  let short = false
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]
    const next = () => {
      const value = argv[++index]
      if (value === undefined) throw new UsageError(`${argument} needs a value`)
      return value
    }
    if (argument === '--help' || argument === '-h') return 'help'
    else if (argument === '--short') short = true
    else if (argument === '--minutes') minutes = bounded('--minutes', next(), 1, 60)
    else if (argument === '--scale') scale = bounded('--scale', next(), 0.05, 1)
    else if (argument === '--json') json = next()
    else throw new UsageError(`unknown option ${argument}`)
  }
  if (short) minutes = 2
  return { seconds: minutes * 60, scale: scale ?? (short ? 0.25 : 1), json, judgeLatency: !short }
}

export class UsageError extends Error {}

function bounded(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw)
  if (!Number.isFinite(value) || value < min || value > max)
    throw new UsageError(`${name} must be a number from ${min} to ${max}, got "${raw}"`)
  return value
}
