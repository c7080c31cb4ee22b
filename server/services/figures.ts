import { REJECTION_REASONS, type RejectionReason } from '#shared/privacy-rights/desk.ts'
import {
  type FiguresTable,
  figureRights,
  type PeriodFigures,
  type PublicFigures,
  publicFigures,
  type RightFigures,
} from '#shared/privacy-rights/figures.ts'
import type { FlowType } from '#shared/privacy-rights/request.ts'
import type { Country } from '#shared/site.ts'
import type { Db } from '../db/database'
import { type RequestFact, requestFacts, requestTallies } from '../db/figures-repository'

/** Issue 29: the public figures are computed at most once an hour per country (README: "Public figures"). */
export const PUBLIC_FIGURES_MS = 60 * 60_000

export type Granularity = 'quarter' | 'month'

export interface FiguresService {
  /** A country's figures per quarter as the public sees them: computed at most hourly, small counts hidden. */
  publicFigures(country: Country): Promise<PublicFigures>
  /** The privacy team's table: per month, every count as it is, for each country they may see. */
  deskFigures(countries: readonly Country[]): Promise<FiguresTable[]>
}

export function createFiguresService(deps: { db: Db; clock?: () => Date }): FiguresService {
  const clock = deps.clock ?? (() => new Date())
  const kept = new Map<Country, { at: number; figures: Promise<PublicFigures> }>()
  const compute = async (countries: readonly Country[], granularity: Granularity) => {
    const now = clock()
    const [facts, tallies] = await Promise.all([
      requestFacts(deps.db.db, countries),
      requestTallies(deps.db.db, countries),
    ])
    return countries.map((country) =>
      figuresOf(
        country,
        facts.filter((fact) => fact.country === country),
        tallies.filter((tally) => tally.country === country),
        granularity,
        now,
      ),
    )
  }
  return {
    publicFigures(country) {
      const now = clock().getTime()
      const hit = kept.get(country)
      if (hit && now - hit.at < PUBLIC_FIGURES_MS) return hit.figures
      // One computation for every visitor of the hour; a failed one is not kept.
      const figures = compute([country], 'quarter').then(([table]) => publicFigures(table as FiguresTable))
      kept.set(country, { at: now, figures })
      figures.catch(() => kept.delete(country))
      return figures
    },
    deskFigures: (countries) => compute(countries, 'month'),
  }
}

const DAY_MS = 86_400_000
/** The Low Countries keep one clock: a day, a month and a quarter begin at midnight there. */
const LOCAL_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})
const localDay = (iso: string) => LOCAL_DAY.format(new Date(iso))

/** The period a moment falls in, with its first and last day. */
export function periodOf(
  iso: string,
  granularity: Granularity,
): { period: string; from: string; to: string } {
  const [year = 0, month = 1] = localDay(iso).split('-').map(Number)
  const first = granularity === 'month' ? month : Math.floor((month - 1) / 3) * 3 + 1
  const last = granularity === 'month' ? month : first + 2
  const pad = (n: number) => String(n).padStart(2, '0')
  const lastDay = new Date(Date.UTC(year, last, 0)).getUTCDate()
  return {
    period: granularity === 'month' ? `${year}-${pad(month)}` : `${year}-Q${(first + 2) / 3}`,
    from: `${year}-${pad(first)}-01`,
    to: `${year}-${pad(last)}-${pad(lastDay)}`,
  }
}

/** The period before one that starts on `from`. */
function previousPeriod(from: string, granularity: Granularity) {
  return periodOf(new Date(Date.parse(`${from}T12:00:00Z`) - 2 * DAY_MS).toISOString(), granularity)
}

interface Tally {
  right: RightFigures
  /** Per answered request: answered in time, and the days it took. */
  answers: { inTime: boolean; days: number }[]
}

/**
 * The figures of one country, period by period, newest first: every period from the first with anything
 * in it to the one running now (empty ones too, so a gap reads as a gap). Each event counts in the period it
 * happened in: a request received in March and answered in April is received in the first quarter and
 * answered in the second.
 */
export function figuresOf(
  country: Country,
  facts: readonly RequestFact[],
  tallies: readonly { flowType: FlowType; receivedHour: string; received: number }[],
  granularity: Granularity,
  now: Date,
): FiguresTable {
  const rights = figureRights(country)
  const periods = new Map<string, { from: string; to: string; rights: Map<FlowType, Tally> }>()
  const at = (iso: string, right: FlowType): Tally | null => {
    if (!rights.includes(right)) return null
    const { period, from, to } = periodOf(iso, granularity)
    let entry = periods.get(period)
    if (!entry) {
      entry = { from, to, rights: new Map(rights.map((r) => [r, emptyTally(r)])) }
      periods.set(period, entry)
    }
    return entry.rights.get(right) ?? null
  }
  for (const fact of facts) {
    const right = fact.flowType
    const received = at(fact.receivedAt, right)
    if (received) received.right.received++
    if (fact.verifiedAt) {
      const verified = at(fact.verifiedAt, right)
      if (verified) verified.right.verified++
    }
    if (fact.extendedAt) {
      const extended = at(fact.extendedAt, right)
      if (extended) extended.right.extended++
    }
    if (right === 'OBJECTION' && fact.executedAt) {
      const executed = at(fact.executedAt, right)
      if (executed) executed.right.executed++
    }
    const closed = fact.status === 'completed' || fact.status === 'rejected'
    const answered = closed && fact.closedAt ? at(fact.closedAt, right) : null
    if (!answered || !fact.closedAt) continue
    answered.right.answered++
    if (fact.status === 'completed') answered.right.completed++
    else {
      answered.right.rejected++
      const ground: RejectionReason = fact.ground ?? 'OTHER'
      answered.right.rejectedByGround[ground]++
    }
    answered.answers.push({
      inTime: fact.dueAt === null || fact.closedAt <= fact.dueAt,
      days: daysBetween(fact.verifiedAt ?? fact.receivedAt, fact.closedAt),
    })
  }
  for (const tally of tallies) {
    const received = at(`${tally.receivedHour}:00:00.000Z`, tally.flowType)
    if (received) received.right.received += tally.received
  }

  // Every period from the first one with anything in it up to now, newest first.
  const current = periodOf(now.toISOString(), granularity)
  const first = [...periods.values()].map((p) => p.from).sort()[0] ?? current.from
  const list: PeriodFigures[] = []
  for (let period = current; period.from >= first; period = previousPeriod(period.from, granularity)) {
    const entry = periods.get(period.period)
    list.push({
      period: period.period,
      from: period.from,
      to: period.to,
      rights: rights.map((right) => finished(entry?.rights.get(right) ?? emptyTally(right))),
    })
  }
  return { country, computedAt: now.toISOString(), periods: list }
}

function emptyTally(right: FlowType): Tally {
  return {
    right: {
      right,
      received: 0,
      verified: 0,
      completed: 0,
      rejected: 0,
      rejectedByGround: Object.fromEntries(REJECTION_REASONS.map((ground) => [ground, 0])) as Record<
        RejectionReason,
        number
      >,
      extended: 0,
      answered: 0,
      withinDeadlinePercent: null,
      medianDaysToAnswer: null,
      executed: 0,
    },
    answers: [],
  }
}

function finished({ right, answers }: Tally): RightFigures {
  if (answers.length === 0) return right
  const inTime = answers.filter((answer) => answer.inTime).length
  const days = answers.map((answer) => answer.days).sort((a, b) => a - b)
  const middle = Math.floor(days.length / 2)
  const median =
    days.length % 2 === 1 ? (days[middle] ?? 0) : ((days[middle - 1] ?? 0) + (days[middle] ?? 0)) / 2
  return {
    ...right,
    withinDeadlinePercent: Math.round((inTime / answers.length) * 100),
    medianDaysToAnswer: median,
  }
}

/** Calendar days from one moment's day to another's, in the Low Countries' time. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(localDay(to)) - Date.parse(localDay(from))) / DAY_MS)
}
