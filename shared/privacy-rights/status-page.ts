import type { RequestStatus } from './desk'
import type { FlowType } from './request'
import type { TaskOutcomeView } from './tasks'

/**
 * Issue 25 item 4: why the requester's status page is shown again after one of its forms: a code was sent, or
 * a refusal (a wrong, expired or used-up code; too many codes today; the package locked, gone or absent).
 */
export const STATUS_NOTICES = [
  'sent',
  'wrong',
  'expired',
  'locked',
  'unknown',
  'limited',
  'locked_package',
  'gone',
  'none',
] as const
export type StatusNotice = (typeof STATUS_NOTICES)[number]

/** What the requester's status page shows (issue 16 item 7, issue 25 item 4). */
export interface RequestStatusView {
  reference: string
  flowType: FlowType
  status: RequestStatus
  receivedAt: string
  dueAt: string | null
  /** Per brand system: its brands and its answer, never data. */
  outcomes: TaskOutcomeView[]
  /** The second factor was passed in this browser: replies and the package show. */
  unlocked: boolean
  /** A code was mailed and can still be tried. */
  codePending: boolean
  /** Each reply; its text only once unlocked (and until an access package's reply is erased). */
  replies: { id: string; kind: 'extended' | 'completed' | 'rejected'; at: string; text: string | null }[]
  /** A completed access request's package: until when, and whether that time has passed. */
  package: { until: string; expired: boolean; files: number } | null
}
