/**
 * How the bench reads its command line and says what it found: tables, each goal next to its figure with
 * PASS or FAIL, and the failures that make a --quick run exit non-zero.
 */
import { loadavg } from 'node:os'
import type { Row } from './bench-load.ts'
import { faviconGoalsJudged, versus, versusVerdicts } from './bench-versus.ts'

export const TARGETS = [
  'asset',
  'pages',
  'search',
  'rss',
  'bytes',
  'lighthouse',
  'submit',
  'outbox',
  'campaigns',
  'desk',
  'feed',
  'start',
] as const
/** A target's name: the built-in ones above, and those the scenario modules name (scripts/bench.ts). */
export type TargetName = string
/** Names that stand for several targets. */
const ALIASES: Record<string, readonly TargetName[]> = { js: ['asset', 'bytes'] }
/** Left out of --quick unless asked for by name. */
const NOT_QUICK: readonly TargetName[] = ['lighthouse']

export interface Options {
  quick: boolean
  only: ReadonlySet<TargetName>
  /** Seconds per load run (not in --quick). */
  seconds: number
  /** Lighthouse runs per page; the median counts. */
  lighthouseRuns: number
}

export const USAGE = `npm run bench -- [--quick] [--only NAME[,NAME…]]

  --quick        every target briefly, small fixtures, goals not judged; exits non-zero when a target
                 answers with an error or a page does not load in Chromium (CI runs this)
  --only NAMES   run only these targets (or BENCH_ONLY=NAMES): ${TARGETS.join(', ')}, and those of
                 the scenario modules; js = asset and bytes. Without it: all (--quick: all but lighthouse)
                 Where nginx is installed (/usr/sbin/nginx), a full run measures pages, assets and search
                 beside nginx sending the same bytes; --quick never starts nginx.

  BENCH_SECONDS  seconds per load run (default 5)          BENCH_WORKERS  WEB_CONCURRENCY of the server (1)
  BENCH_LIGHTHOUSE_RUNS  Lighthouse runs per page, the median counts (3)
  BENCH_DATABASE_URL or TEST_DATABASE_URL                  also runs the database targets on PostgreSQL
  BENCH_NGINX    the nginx binary (/usr/sbin/nginx)         BENCH_STARTS  starts per database for "start" (5)`

export function parseOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  targets: readonly TargetName[] = TARGETS,
): Options {
  let quick = false
  let only = env.BENCH_ONLY ?? ''
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (arg === '--quick') quick = true
    else if (arg === '--only') only = argv[++i] ?? ''
    else if (arg.startsWith('--only=')) only = arg.slice('--only='.length)
    else throw new Error(`Unknown option "${arg}"\n\n${USAGE}`)
  }
  const names = only
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  const chosen = new Set<TargetName>()
  for (const name of names) {
    const named = ALIASES[name] ?? (targets.includes(name) ? [name] : null)
    if (!named) throw new Error(`Unknown target "${name}": choose from ${[...targets, 'js'].join(', ')}`)
    for (const target of named) chosen.add(target)
  }
  if (names.length === 0)
    for (const target of targets) if (!quick || !NOT_QUICK.includes(target)) chosen.add(target)
  const seconds = Number(env.BENCH_SECONDS ?? 5)
  if (!(seconds > 0)) throw new Error(`BENCH_SECONDS must be a positive number, not "${env.BENCH_SECONDS}"`)
  const lighthouseRuns = Number(env.BENCH_LIGHTHOUSE_RUNS ?? 3)
  if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1)
    throw new Error(`BENCH_LIGHTHOUSE_RUNS must be a whole number from 1, not "${env.BENCH_LIGHTHOUSE_RUNS}"`)
  return { quick, only: chosen, seconds, lighthouseRuns }
}

export interface Verdict {
  what: string
  figure: string
  goal: string
  /** null: not judged (--quick). */
  pass: boolean | null
}

export function createReport(quick: boolean) {
  const verdicts: Verdict[] = []
  const failures: string[] = []
  const started = performance.now()
  const mark = (pass: boolean | null) => (pass === null ? '—' : pass ? 'PASS' : 'FAIL')
  return {
    verdicts,
    failures,
    /** A target that answered with an error, or a page that did not load: --quick exits non-zero. */
    fail(message: string) {
      failures.push(message)
      console.log(`  ! ${message}`)
    },
    /** Records a goal; answers its mark (PASS, FAIL, or — in --quick) for a table. */
    judge(what: string, figure: string, goal: string, pass: boolean): string {
      const verdict = { what, figure, goal, pass: quick ? null : pass }
      verdicts.push(verdict)
      return mark(verdict.pass)
    },
    heading(title: string) {
      const at = ((performance.now() - started) / 1000).toFixed(0)
      console.log(`\n== ${title}\n   (at ${at} s; load average ${loadAverage()})\n`)
    },
    summary() {
      if (quick) console.log('\n== Goals: not judged in --quick (figures from tiny runs)')
      else {
        console.log('\n== Goals: each figure, its goal, PASS or FAIL\n')
        // One line per subject ("home: rate ÷ favicon's" and "home: p99 ÷ favicon's" go together).
        const subjects = new Map<string, { measure: string; verdict: Verdict }[]>()
        for (const verdict of verdicts) {
          const [subject = '', measure = ''] = verdict.what.split(/: (.*)/s)
          subjects.set(subject, [...(subjects.get(subject) ?? []), { measure, verdict }])
        }
        const width = Math.max(10, ...[...subjects.keys()].map((subject) => subject.length))
        for (const [subject, items] of subjects) {
          const pass = items.every((item) => item.verdict.pass)
          const figures = items.map(
            ({ measure, verdict }) =>
              `${measure} ${verdict.figure} (goal ${verdict.goal}) ${mark(verdict.pass)}`,
          )
          console.log(`${mark(pass).padEnd(5)} ${subject.padEnd(width)}  ${figures.join(' · ')}`)
        }
        const failed = verdicts.filter((v) => v.pass === false).length
        console.log(`\n${verdicts.length - failed} of ${verdicts.length} goals met`)
      }
      if (failures.length > 0) {
        console.log(`\n${failures.length} target error(s):`)
        for (const failure of failures) console.log(`  ${failure}`)
      }
    },
  }
}
export type Report = ReturnType<typeof createReport>

export function loadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')
}

const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—')

/**
 * One line per target: its rate and latency, the neighbouring favicon runs' rate, the ratios, what one plain
 * request answered, and its goals.
 */
export function printRows(report: Report, rows: Row[], label = ''): void {
  const width = Math.max(24, ...rows.map((row) => row.target.name.length))
  const withNginx = rows.some((row) => row.nginx)
  console.log(
    `${'target'.padEnd(width)}   req/s  p50 ms  p99 ms       ok  fail  t/o ${withNginx ? ' nginx/s  ngx p99   ×nginx  p99×ngx ' : ''} favicon/s  ×favicon  p99×fav  answer               goals`,
  )
  for (const row of rows) {
    const { run, target } = row
    const goals: string[] = []
    const name = `${target.name}${label}`
    const judged = faviconGoalsJudged(row)
    if (target.goal?.ratio !== undefined && judged.rate)
      goals.push(
        `rate ≥ ${target.goal.ratio}× ${report.judge(`${name}: rate ÷ favicon's`, `${fixed(row.ratio, 2)}×`, `≥ ${target.goal.ratio}×`, row.ratio >= target.goal.ratio)}`,
      )
    if (target.goal?.p99Ratio !== undefined && judged.p99)
      goals.push(
        `p99 ≤ ${target.goal.p99Ratio}× ${report.judge(`${name}: p99 ÷ favicon's`, `${fixed(row.p99Ratio, 2)}×`, `≤ ${target.goal.p99Ratio}×`, row.p99Ratio <= target.goal.p99Ratio)}`,
      )
    for (const verdict of versusVerdicts({ ...row, target: { ...target, name } }))
      goals.push(
        `${verdict.what.includes('p99') ? 'p99×ngx' : '×nginx'} ${verdict.goal.replace('×', '')} ${report.judge(verdict.what, verdict.figure, verdict.goal, verdict.pass)}`,
      )
    if (target.goal?.noTimeouts)
      goals.push(
        `no t/o ${report.judge(`${name}: time-outs`, String(run.timeouts), '0', run.timeouts === 0)}`,
      )
    console.log(
      [
        target.name.padEnd(width),
        fixed(run.rps).padStart(7),
        fixed(run.p50).padStart(7),
        fixed(run.p99).padStart(7),
        String(run.ok).padStart(8),
        String(run.unexpected - run.timeouts).padStart(5),
        String(run.timeouts).padStart(4),
        ...(withNginx ? nginxColumns(row) : []),
        fixed(row.favicon.rps).padStart(10),
        fixed(row.ratio, 2).padStart(9),
        fixed(row.p99Ratio, 2).padStart(8),
        ` ${row.probe.padEnd(20)}`,
        goals.join(', '),
      ].join(' '),
    )
  }
  console.log(`paths: ${rows.map((row) => `${row.target.name} ${row.target.path}`).join(' · ')}`)
}

/** nginx's rate and p99 with the same bytes, and ours as ratios to them ('—' for a target nginx does not send). */
function nginxColumns(row: Row): string[] {
  const ratios = versus(row)
  return [
    fixed(row.nginx?.rps ?? Number.NaN).padStart(8),
    fixed(row.nginx?.p99 ?? Number.NaN).padStart(8),
    fixed(ratios?.rate ?? Number.NaN, 2).padStart(8),
    fixed(ratios?.p99 ?? Number.NaN, 2).padStart(8),
  ]
}
