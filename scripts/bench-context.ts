/**
 * What every bench scenario shares: the hosts and headers it asks with, the sizes of its runs, and the
 * Scenario a module exports to plug into scripts/bench.ts (issue 31: split from bench.ts).
 */
import { resolve } from 'node:path'
import type { Budget } from './bench-load.ts'
import type { Options, Report, TargetName } from './bench-report.ts'

export const ROOT = resolve(import.meta.dirname, '..')
export const NL = 'privacy.dpgmedia.nl'
export const BE = 'privacy.dpgmedia.be'
/** The acceptance host: POLITICAL_ADS is on there. */
export const ACC = 'privacy-acc.dpgmedia.nl'
/** What a browser sends for a page. */
export const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'br, gzip' }
export const SEARCHES = [
  'persoonsgegevens bewaren',
  'cookies',
  'abonnement opzeggen',
  'Tweakers',
  'recht op inzage',
  'autoriteit',
]

/** The sizes of each run: a measurement, or (--quick) a check that every target answers. */
export function sizes(options: Options) {
  const quick = options.quick
  const budget: Budget = quick ? { seconds: 1, requests: 50 } : { seconds: options.seconds }
  return {
    budget,
    connections: quick ? 4 : 50,
    /** The staff and campaign targets, as issue 7 and 16 measured them. */
    fewerConnections: quick ? 4 : 20,
    campaigns: quick ? 200 : 10_000,
    deskRequests: quick ? 500 : 10_000,
    suppressions: quick ? 2000 : 100_000,
    mails: quick ? 100 : 5000,
    drainTimeoutMs: quick ? 60_000 : 180_000,
  }
}
export type Sizes = ReturnType<typeof sizes>

export function cycle<T>(values: readonly T[]): () => T {
  let n = 0
  return () => values[n++ % values.length] as T
}

/** What a scenario is handed: the options, the sizes, the report, and the databases to run on. */
export interface Bench {
  options: Options
  size: Sizes
  report: Report
  /** SQLite always; PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL. Each call makes a fresh one. */
  databases: readonly (readonly [label: string, url: () => Promise<string>])[]
  /** Whether this target was chosen (--only, or all). */
  runs(name: TargetName): boolean
}

/**
 * One part of the bench: the target names it answers to (`--only`), and what it does when any of them is
 * chosen. scripts/bench.ts runs the scenarios of its list in order.
 */
export interface Scenario {
  targets: readonly TargetName[]
  run(bench: Bench): Promise<void>
}

/** A scenario that runs `target` once per database. */
export function perDatabase(
  name: TargetName,
  target: (size: Sizes, report: Report, label: string, databaseUrl: string) => Promise<void>,
): Scenario {
  return {
    targets: [name],
    async run(bench) {
      for (const [label, url] of bench.databases) await target(bench.size, bench.report, label, await url())
    },
  }
}
