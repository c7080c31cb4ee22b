import type { JSONSchemaType } from 'ajv'
import type { Country } from '../site'
import { FLOW_TYPES, type FlowType } from './request'
import type { TaskView } from './tasks'

/**
 * Issue 16: the privacy desk. A request is `pending` until its e-mail address is verified (or `expired` when
 * it never is); a verified objection is `executed` at once; any other verified request is `open`, due one month
 * after verification (docs/decisions/002-privacy-desk-deadlines.md), and ends `completed` or `rejected`,
 * possibly `extended` first (once, within the first month, by two months).
 */
export const REQUEST_STATUSES = [
  'pending',
  'open',
  'extended',
  'completed',
  'rejected',
  'expired',
  'executed',
] as const
export type RequestStatus = (typeof REQUEST_STATUSES)[number]

/** Statuses the team still has to act on: they have a due date. */
export const ACTIVE_STATUSES = ['open', 'extended'] as const satisfies readonly RequestStatus[]

export const STAFF_ROLES = ['customer-service', 'privacy-team'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export const REJECTION_REASONS = ['IDENTITY', 'UNFOUNDED', 'NOT_OUR_DATA', 'OTHER'] as const
export type RejectionReason = (typeof REJECTION_REASONS)[number]

export const DUE_FILTERS = ['week', 'overdue'] as const
export type DueFilter = (typeof DUE_FILTERS)[number]
/** Other spellings of "due within 7 days" the API accepts. */
const DUE_ALIASES: Readonly<Record<string, DueFilter>> = {
  soon: 'week',
  '7d': 'week',
  week: 'week',
  overdue: 'overdue',
}

export const EVENT_KINDS = [
  'received',
  'mail-queued',
  'mail-delivered',
  'mail-failed',
  'reminded',
  'verified',
  'expired',
  'executed',
  'extended',
  'completed',
  'rejected',
  'note',
  // Issue 25: the brand systems' tasks, and the requester's access package.
  'tasks-created',
  'task-answered',
  'tasks-waived',
  'code-sent',
  'unlocked',
  'package-downloaded',
  'package-erased',
  'anonymised',
] as const
export type EventKind = (typeof EVENT_KINDS)[number]

/** The staff actions of a request's page (the API's paths). */
export const DESK_ACTIONS = ['extend', 'complete', 'reject', 'notes'] as const
export type DeskAction = (typeof DESK_ACTIONS)[number]

/** The mails about a request whose course (queued, delivered, failed) its timeline shows. */
export const DESK_MAIL_KINDS = [
  'verification',
  'receipt',
  'privacy-team',
  'reminder',
  'expired',
  'extended',
  'completed',
  'rejected',
  'objection-processed',
  'code',
] as const

/** Texts the team writes: long enough for a real reply, short enough for a mail. */
export const MAX_REPLY_LENGTH = 10_000
export const MAX_NOTE_LENGTH = 4_000
export const PAGE_SIZE = 25
/**
 * The CSV export's ceiling: a larger queue is cut (soonest due first), the file says so in its last line,
 * its name and an `X-Truncated` header, and the queue page says so beside the link: narrow it with filters.
 */
export const CSV_MAX_ROWS = 50_000

export interface DeskQuery {
  status?: RequestStatus
  flowType?: FlowType
  country?: Country
  due?: DueFilter
  /** A reference (`NL-261123-K7Q2M`) or an exact e-mail address. */
  q?: string
  limit?: number
  offset?: number
}

export interface QueueItem {
  reference: string
  flowType: FlowType
  country: Country
  language: 'nl' | 'fr'
  status: RequestStatus
  receivedAt: string
  dueAt: string | null
  /** Calendar days from today to the due date; negative when overdue; null without a due date. */
  daysLeft: number | null
}

export interface TimelineEvent {
  id: string
  kind: EventKind
  at: string
  /** The staff member who acted, when one did. */
  by: string | null
  detail: string | null
  text: string | null
}

export interface RequestDetail extends QueueItem {
  verifiedAt: string | null
  closedAt: string | null
  /** The end of the first month: extending is possible until then, once. */
  originalDueAt: string | null
  email: string | null
  phoneNumber: string | null
  name: string | null
  address: string | null
  brandName: string | null
  /** Objections: the brands by name, never their nro keys. */
  brands: string[]
  channels: string[]
  article: string | null
  publicationLink: string | null
  publicationDate: string | null
  userMessage: string | null
  touchpoint: string | null
  timeline: TimelineEvent[]
  /**
   * Other requests from the same e-mail address in the last 365 days (GDPR Art. 12(5)), in every country the
   * staff member may see.
   */
  related: Pick<QueueItem, 'reference' | 'flowType' | 'status' | 'country' | 'receivedAt'>[]
  /** Objections: per suppression (brand key × channel), whether a brand system confirmed it (issue 17). */
  fulfilment: { brandKey: string; channel: string; appliedAt: string | null; client: string | null }[]
  /** Issue 25: access, erasure and rectification: each brand system's task, its answer and files. */
  tasks: TaskView[]
  /** What the team may do now. */
  actions: { extend: boolean; complete: boolean; reject: boolean }
}

/** The queue's query string, every value optional; numbers arrive as text. */
export const deskQuerySchema: JSONSchemaType<Record<keyof DeskQuery, string | undefined>> = {
  type: 'object',
  additionalProperties: false,
  required: [],
  properties: {
    status: { type: 'string', enum: [...REQUEST_STATUSES, ''], nullable: true },
    flowType: { type: 'string', enum: [...FLOW_TYPES, ''], nullable: true },
    country: { type: 'string', enum: ['NL', 'BE', ''], nullable: true },
    due: { type: 'string', enum: [...Object.keys(DUE_ALIASES), ''], nullable: true },
    q: { type: 'string', maxLength: 254, nullable: true },
    limit: { type: 'string', pattern: '^(?:[1-9]\\d?|100)$', nullable: true },
    offset: { type: 'string', pattern: '^\\d{1,7}$', nullable: true },
  },
}

function dueOf(value: string | null | undefined): DueFilter | undefined {
  return value && Object.hasOwn(DUE_ALIASES, value) ? DUE_ALIASES[value] : undefined
}

/** The query string's text as a query: empty values are no filter. */
export function toDeskQuery(raw: Record<string, string | undefined>): DeskQuery {
  const pick = <T extends string>(value: string | undefined) => (value ? (value as T) : undefined)
  return {
    status: pick<RequestStatus>(raw.status),
    flowType: pick<FlowType>(raw.flowType),
    country: pick<Country>(raw.country),
    due: dueOf(raw.due),
    q: raw.q?.trim() || undefined,
    limit: raw.limit ? Number(raw.limit) : PAGE_SIZE,
    offset: raw.offset ? Number(raw.offset) : 0,
  }
}

/** The queue page's query string as a query, dropping what the filter form cannot send (a hand-edited URL). */
export function deskQueryFrom(params: URLSearchParams): DeskQuery {
  const one = <T extends string>(name: string, allowed: readonly T[]) => {
    const value = params.get(name)
    return allowed.includes(value as T) ? (value as T) : undefined
  }
  const offset = params.get('offset') ?? ''
  return {
    status: one('status', REQUEST_STATUSES),
    flowType: one('flowType', FLOW_TYPES),
    country: one('country', ['NL', 'BE'] as const),
    due: dueOf(params.get('due')),
    q: params.get('q')?.trim().slice(0, 254) || undefined,
    limit: PAGE_SIZE,
    offset: /^\d{1,7}$/.test(offset) ? Number(offset) : 0,
  }
}

/** The desk CSV's columns, in order (issue 27: with the extension's date and the refusal's ground). */
export const DESK_CSV_COLUMNS = [
  'reference',
  'type',
  'country',
  'language',
  'status',
  'received',
  'verified',
  'due',
  'days_left',
  'closed',
  'extended',
  'refusal_ground',
] as const
