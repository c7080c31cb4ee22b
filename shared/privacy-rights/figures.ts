import type { Country } from '../site'
import { REJECTION_REASONS, type RejectionReason } from './desk'
import type { FlowType } from './request'

/**
 * Issue 29: how the privacy rights are answered, in figures. Per country, right and period (a quarter in
 * public, a month on the desk): what was received, confirmed, completed, refused (by ground), extended, the
 * share answered within the deadline, the median days to answer and the objections executed. Computed from
 * the desk's own records (server/services/figures.ts), never from anything personal.
 */

/** The rights of a country's figures, in the order of its privacy-rights page. */
export function figureRights(country: Country): FlowType[] {
  const rights: FlowType[] = ['RIGHT_OF_ACCESS', 'RIGHT_TO_BE_FORGOTTEN', 'RECTIFICATION', 'OBJECTION']
  return country === 'BE' ? [...rights, 'REMOVAL_FROM_PUBLICATION'] : rights
}

/**
 * Public counts of 1 to 4 are shown as "< 5": a small number could point at a person. 0 stays 0 (there is no
 * one to point at). The desk sees every count as it is.
 */
export const SMALL_COUNT = 5
export const FEW = '< 5' as const
export type PublicCount = number | typeof FEW

/** One right in one period; `C` is a count as shown: exact on the desk, `PublicCount` in public. */
export interface RightFigures<C = number> {
  right: FlowType
  /** Requests received in the period, confirmed or not (unconfirmed ones are counted before they go). */
  received: C
  /** Requests whose e-mail address was confirmed in the period (an objection recorded by staff too). */
  verified: C
  /** Requests completed in the period. */
  completed: C
  /** Requests refused in the period, and per ground. */
  rejected: C
  rejectedByGround: Record<RejectionReason, C>
  /** Deadlines extended (once, by two months) in the period. */
  extended: C
  /** Requests completed or refused in the period: what the two figures below are made of. */
  answered: C
  /**
   * The percentage of those answered by their deadline (the extended one where extended), whole; null when
   * none, or (in public) fewer than 5, were answered.
   */
  withinDeadlinePercent: number | null
  /** The median of the days from confirmation to answer; null as the percentage is. */
  medianDaysToAnswer: number | null
  /** Objections executed in the period (at confirmation, or by staff): only the objection has them. */
  executed: C
}

export interface PeriodFigures<C = number> {
  /** `2026-Q3` (a quarter) or `2026-07` (a month). */
  period: string
  /** Its first and last day (yyyy-mm-dd), in the Low Countries' time. */
  from: string
  to: string
  rights: RightFigures<C>[]
}

export interface FiguresTable<C = number> {
  country: Country
  /** When the figures were computed: they are kept an hour. */
  computedAt: string
  /** Newest first. */
  periods: PeriodFigures<C>[]
}

export type PublicFigures = FiguresTable<PublicCount>

/** A count as the public sees it. */
export function publicCount(count: number): PublicCount {
  return count > 0 && count < SMALL_COUNT ? FEW : count
}

/** The public table: small counts hidden, and no percentage or median made of fewer than 5 answers. */
export function publicFigures(table: FiguresTable): PublicFigures {
  return {
    ...table,
    periods: table.periods.map((period) => ({
      ...period,
      rights: period.rights.map((right) => {
        const few = right.answered < SMALL_COUNT
        return {
          right: right.right,
          received: publicCount(right.received),
          verified: publicCount(right.verified),
          completed: publicCount(right.completed),
          rejected: publicCount(right.rejected),
          rejectedByGround: Object.fromEntries(
            REJECTION_REASONS.map((ground) => [ground, publicCount(right.rejectedByGround[ground])]),
          ) as Record<RejectionReason, PublicCount>,
          extended: publicCount(right.extended),
          answered: publicCount(right.answered),
          withinDeadlinePercent: few ? null : right.withinDeadlinePercent,
          medianDaysToAnswer: few ? null : right.medianDaysToAnswer,
          executed: publicCount(right.executed),
        }
      }),
    })),
  }
}

/** The metrics a figures table shows, row by row, with whether a right has them (objections are executed). */
export const FIGURE_ROWS = [
  'received',
  'verified',
  'completed',
  'rejected',
  'extended',
  'withinDeadlinePercent',
  'medianDaysToAnswer',
  'executed',
] as const
export type FigureRow = (typeof FIGURE_ROWS)[number]

export function figureApplies(row: FigureRow | 'rejectedByGround', right: FlowType): boolean {
  if (row === 'received' || row === 'verified') return true
  return row === 'executed' ? right === 'OBJECTION' : right !== 'OBJECTION'
}
