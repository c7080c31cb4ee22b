import { EXPORT_COLUMN_LABELS } from '#shared/export-labels.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import {
  type CampaignItem,
  campaignItemSchema,
  EXPORT_COLUMNS,
  EXPORT_ONLY_FIELDS,
} from '#shared/political-ads.ts'
import { csvValue } from '../csv'

/**
 * Issue 31 (moved from campaign-import.ts): a notice file in CSV: its columns in either language, its cells
 * read as the export writes them.
 */

const NUMBER_FIELDS = new Set(['budgetLowerBound', 'budgetUpperBound', 'reachLowerBound', 'reachUpperBound'])

/**
 * The column a CSV header names: a field's own name, or its header in Dutch or French as our export writes
 * it (issue 27: the export's headers are in the page's language). Anything else stays as it is written.
 */
function columnOf(header: string): string {
  headerColumns ??= new Map(
    (['nl_nl', 'fr_be'] as const).flatMap((locale) => {
      const t = serverTranslate(locale)
      return EXPORT_COLUMNS.map((column) => [t(EXPORT_COLUMN_LABELS[column]).toLowerCase(), column] as const)
    }),
  )
  const name = header.trim()
  return headerColumns.get(name.toLowerCase()) ?? name
}
let headerColumns: Map<string, string> | undefined

/**
 * RFC 4180 CSV: a header row of field names (or of the export's headers in Dutch or French), quoted fields
 * may hold separators, quotes ("") and newlines. The separator is the header's: `;` as our export writes it,
 * or `,`; a byte-order mark is skipped, and a cell our export neutralised (`'=…`) reads as it was.
 */
export function parseCsv(content: string): Record<string, string>[] {
  return parseCsvTable(content).rows
}

/** The header's columns and the rows under it. */
export function parseCsvTable(content: string): { header: string[]; rows: Record<string, string>[] } {
  const text = content.replace(/^\uFEFF/, '')
  const firstLine = text.slice(0, text.search(/\r|\n|$/))
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ','
  const rows: string[][] = []
  let field = ''
  let row: string[] = []
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === separator) {
      row.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  const [header, ...data] = rows.filter((r) => r.some((cell) => cell.trim() !== ''))
  if (!header) return { header: [], rows: [] }
  const columns = header.map(columnOf)
  return {
    header: columns,
    rows: data.map((cells) => Object.fromEntries(columns.map((name, i) => [name, csvValue(cells[i] ?? '')]))),
  }
}

/** The columns a notice file may have: the notice's fields, its country, and what our export adds. */
const NOTICE_COLUMNS = new Set<string>([
  ...Object.keys(campaignItemSchema.properties),
  'country',
  ...EXPORT_ONLY_FIELDS,
])

/**
 * A CSV's first line must name notice columns (issue 26): an `id` and at least one other field. Otherwise it is
 * some other file, and importing it would load nothing and say so as if all went well.
 */
export function checkNoticeHeader(header: string[]) {
  const known = header.filter((name) => NOTICE_COLUMNS.has(name))
  if (!header.includes('id') || known.length < 2)
    throw new CampaignFileError(
      `the first line is not a notice header (${
        header.length === 0
          ? 'the file is empty'
          : `it names ${header
              .slice(0, 5)
              .map((name) => JSON.stringify(name))
              .join(', ')}${header.length > 5 ? ', …' : ''}`
      }); a notice file's columns are those of /api/campaign-items.csv: id, sponsorName, publicationStartDate, …`,
    )
}

const BOOLEAN_FIELDS = new Set(['previousPublicationSuspended', 'targetingUsed'])

/** A CSV cell not of its column's form: the import rejects the row, naming the column and the form expected. */
export class CellFormatError {
  constructor(readonly expected: string) {}
}

/**
 * The suspensions cell: a JSON list, as the export writes it, so a reason may hold any character; or, typed
 * by hand, dates with optional reasons separated by "|" (`2026-10-01: reason | 2026-10-05`).
 */
const SUSPENSIONS_FORM =
  'expected a JSON list such as [{"date":"2026-10-01","reason":"…"}], or dates with optional reasons separated by "|" (2026-10-01: reason | 2026-10-05)'

/** CSV cells are text: empty cells are absent, bounds are numbers, the flags booleans, suspensions a list. */
export function fromCsvRow(row: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [name, raw] of Object.entries(row)) {
    const value = raw.trim()
    if (value === '') continue
    if (NUMBER_FIELDS.has(name))
      out[name] = /^\d+$/.test(value)
        ? Number(value)
        : new CellFormatError('expected a whole number of 0 or more')
    else if (BOOLEAN_FIELDS.has(name))
      out[name] =
        value === 'true' ? true : value === 'false' ? false : new CellFormatError('expected true or false')
    else if (name === 'suspensions') out[name] = parseSuspensions(value)
    else if (name === 'version')
      out[name] = /^\d+$/.test(value)
        ? Number(value)
        : new CellFormatError('expected a whole number of 1 or more')
    else if (name === 'versions' || name === 'withdrawals') out[name] = jsonList(value)
    else out[name] = value
  }
  return out
}

/** A cell of the export's history (`versions`, `withdrawals`): a JSON list. */
function jsonList(cell: string): unknown {
  try {
    const list: unknown = JSON.parse(cell)
    if (Array.isArray(list)) return list
  } catch {
    // Not JSON: said below.
  }
  return new CellFormatError('expected a JSON list, as the export writes it')
}

function parseSuspensions(cell: string): unknown {
  if (cell.startsWith('[')) {
    try {
      return JSON.parse(cell)
    } catch {
      return new CellFormatError(SUSPENSIONS_FORM)
    }
  }
  const parsed = cell.split('|').map((part) => /^(\d{4}-\d{2}-\d{2})(?::\s*(.+))?$/.exec(part.trim()))
  if (parsed.some((match) => !match)) return new CellFormatError(SUSPENSIONS_FORM)
  return parsed.map((match) => ({
    date: match?.[1] ?? '',
    ...(match?.[2] ? { reason: match[2].trim() } : {}),
  }))
}

/** The CSV cell of suspensions, as the import reads it: JSON, so no reason can break the cell apart. */
export function suspensionsCell(suspensions: CampaignItem['suspensions']): string {
  return suspensions && suspensions.length > 0 ? JSON.stringify(suspensions) : ''
}

/** A file of notices: its rows, and the country an export of ours names at its top (`{ country, campaignItems }`). */

/** A file the import cannot read, or whose country contradicts `--country`: nothing is loaded. */
export class CampaignFileError extends Error {
  override name = 'CampaignFileError'
}
