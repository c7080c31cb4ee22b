/**
 * Issue 30's goals against the limit: each target beside nginx sending the same bytes (bench-nginx.ts), and
 * the favicon beside the cached home page. Pure: rows in, verdicts out; bench-site.ts prints and records them.
 */
import type { Row, Target } from './bench-load.ts'

export const VERSUS_GOALS = {
  /** Every cached page and static file: at least this share of nginx's rate with the same bytes. */
  rate: 0.4,
  /** Every cached page, static file and API answer: a p99 of at most this many times nginx's. */
  p99: 3,
  /** The favicon's rate, at least this many times the cached home page's. */
  favicon: 1,
} as const

/** Which goals judge which kind of target: the rate goal cached pages and static files, p99 also API answers. */
export const GOAL_COVERS: Record<'rate' | 'p99', readonly NonNullable<Target['kind']>[]> = {
  rate: ['page', 'static'],
  p99: ['page', 'static', 'answer'],
}

export interface VersusVerdict {
  what: string
  figure: string
  goal: string
  pass: boolean
}

/** A p99 under a millisecond counts as 1 ms, so a ratio is never a division by zero. */
const ms = (p99: number) => Math.max(p99, 1)

/** The app's rate and p99 as ratios to nginx's; null without an nginx run. */
export function versus(row: Row): { rate: number; p99: number } | null {
  if (!row.nginx || row.nginx.rps <= 0) return null
  return { rate: row.run.rps / row.nginx.rps, p99: ms(row.run.p99) / ms(row.nginx.p99) }
}

/**
 * Which of a row's goals against the favicon (issue 19's) are judged: each only where no nginx goal judges the
 * same figure. Beside nginx, a page or file is held to the limit with its own bytes; against the favicon, a
 * 9.5 kB page would have to run at 0.8× a 0.2 kB file, which nginx itself does not (0.26× with these bytes),
 * now that the favicon comes from memory as fast as the machine allows. The ratio stays in its column.
 */
export function faviconGoalsJudged(row: Row): { rate: boolean; p99: boolean } {
  const kind = row.target.kind
  const beside = versus(row) !== null && kind !== undefined
  return {
    rate: !(beside && GOAL_COVERS.rate.includes(kind)),
    p99: !(beside && GOAL_COVERS.p99.includes(kind)),
  }
}

/** The nginx goals of one row, by its kind: none for a target of no kind or without an nginx run. */
export function versusVerdicts(row: Row): VersusVerdict[] {
  const ratios = versus(row)
  const kind = row.target.kind
  if (!ratios || !kind) return []
  const verdicts: VersusVerdict[] = []
  if (GOAL_COVERS.rate.includes(kind))
    verdicts.push({
      what: `${row.target.name}: rate ÷ nginx's`,
      figure: `${ratios.rate.toFixed(2)}×`,
      goal: `≥ ${VERSUS_GOALS.rate}×`,
      pass: ratios.rate >= VERSUS_GOALS.rate,
    })
  if (GOAL_COVERS.p99.includes(kind))
    verdicts.push({
      what: `${row.target.name}: p99 ÷ nginx's`,
      figure: `${ratios.p99.toFixed(2)}×`,
      goal: `≤ ${VERSUS_GOALS.p99}×`,
      pass: ratios.p99 <= VERSUS_GOALS.p99,
    })
  return verdicts
}

/**
 * The favicon beside the cached home page: the home row's neighbouring favicon runs over the home page's own
 * rate (the reverse of the row's ×favicon column).
 */
export function faviconVerdict(home: Row | undefined): VersusVerdict | null {
  if (!home || home.run.rps <= 0) return null
  const ratio = home.favicon.rps / home.run.rps
  return {
    what: 'favicon.svg: rate ÷ the cached home page',
    figure: `${ratio.toFixed(2)}×`,
    goal: `≥ ${VERSUS_GOALS.favicon}×`,
    pass: ratio >= VERSUS_GOALS.favicon,
  }
}
