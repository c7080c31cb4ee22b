import { DESK_CSV_COLUMN_LABELS } from '#shared/desk-labels.ts'
import { localIsoDateTime, numberFormatter } from '#shared/format.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import { type Locale, parseLocale } from '#shared/locale.ts'
import {
  CSV_MAX_ROWS,
  DESK_CSV_COLUMNS,
  type DeskQuery,
  type QueueItem,
} from '#shared/privacy-rights/desk.ts'
import type { Country } from '#shared/site.ts'
import { csvFile } from '../csv'
import { listRequests, type QueueRow } from '../db/request-queue-repository'
import { type DeskActor, type DeskDeps, daysLeft } from './desk-request'

type QueueDeps = Pick<DeskDeps, 'db' | 'clock'>

export interface QueueExport {
  text: string
  /** Rows in the file. */
  rows: number
  /** Requests that match the filters: more than `rows` when the file was cut. */
  total: number
}

/** The queue's page: the filters within the staff member's countries, soonest due first. */
export async function listQueue(
  deps: QueueDeps,
  actor: DeskActor,
  query: DeskQuery,
): Promise<{ items: QueueItem[]; total: number }> {
  const now = deps.clock()
  const { rows, total } = await listRequests(
    deps.db.db,
    { ...query, countries: actor.countries, now },
    { limit: query.limit ?? 25, offset: query.offset ?? 0 },
  )
  return { items: rows.map((row) => toItem(row, now)), total }
}

function toItem(row: QueueRow, now: Date): QueueItem {
  return {
    reference: row.reference,
    flowType: row.flowType,
    country: row.country,
    language: row.language,
    status: row.status,
    receivedAt: row.receivedAt,
    dueAt: row.dueAt,
    daysLeft: daysLeft(row.status, row.dueAt, now),
  }
}

/**
 * The filtered queue as CSV (semicolons, UTF-8 with BOM), without free-text messages: at most CSV_MAX_ROWS
 * rows, soonest due first; a cut file ends with a line that says so in the staff member's language.
 */
export async function exportQueue(
  deps: QueueDeps,
  actor: DeskActor,
  query: DeskQuery,
  locale: Locale,
): Promise<QueueExport> {
  const now = deps.clock()
  const { rows, total } = await listRequests(
    deps.db.db,
    { ...query, countries: actor.countries, now },
    { limit: CSV_MAX_ROWS, offset: 0 },
  )
  const t = serverTranslate(locale)
  // Issue 27: headers in the export's language; times as the request's country's clocks showed them,
  // with their offset; the refusal's ground and the extension's date beside the status.
  const header = DESK_CSV_COLUMNS.map((column) => t(DESK_CSV_COLUMN_LABELS[column]))
  const lines: unknown[][] = rows.map((row) => csvLine(row, now))
  if (total > rows.length) {
    // Whoever opens the file in a spreadsheet sees this under the last row.
    const { lang, country } = parseLocale(locale) ?? { lang: 'nl' as const, country: 'NL' as const }
    const number = numberFormatter(lang, country)
    lines.push([t('staff.desk.csv.truncated', { shown: number(rows.length), total: number(total) })])
  }
  return { text: csvFile([header, ...lines]), rows: rows.length, total }
}

/** One request's line, in the order of DESK_CSV_COLUMNS. */
function csvLine(row: QueueRow, now: Date): unknown[] {
  const time = (iso: string | null, country: Country) => (iso ? localIsoDateTime(iso, country) : '')
  return [
    row.reference,
    row.flowType,
    row.country,
    row.language,
    row.status,
    time(row.receivedAt, row.country),
    time(row.verifiedAt, row.country),
    time(row.dueAt, row.country),
    daysLeft(row.status, row.dueAt, now) ?? '',
    time(row.closedAt, row.country),
    time(row.extendedAt, row.country),
    row.refusalGround ?? '',
  ]
}
