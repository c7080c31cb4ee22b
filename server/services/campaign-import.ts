import { readFileSync } from 'node:fs'
import { extname } from 'node:path'
import type { ErrorObject } from 'ajv'
import { controlCharacterFields } from '#shared/control-characters.ts'
import { EXPORT_COLUMN_LABELS } from '#shared/export-labels.ts'
import { serverTranslate } from '#shared/i18n/catalog.server.ts'
import {
  type CampaignItem,
  type CampaignRow,
  campaignItemSchema,
  EXPORT_COLUMNS,
  EXPORT_ONLY_FIELDS,
  isSampleId,
  MOMENT_PATTERN,
  type NoticeState,
  noticeStateSchema,
  SAMPLE_ID_PREFIX,
} from '#shared/political-ads.ts'
import { COUNTRIES, type Country } from '#shared/site.ts'
import { csvValue } from '../csv'
import {
  reinstateCampaigns,
  restoreTombstones,
  upsertCampaigns,
  withdrawCampaigns,
} from '../db/campaign-repository'
import type { Db } from '../db/database'
import { writeTransaction } from '../db/unit-of-work'
import { ajv } from '../validation'

const validateItem = ajv.compile<CampaignRow>(campaignItemSchema)
const validateState = ajv.compile<NoticeState>(noticeStateSchema)

export interface ImportReport {
  loaded: number
  /**
   * Of those loaded (issue 27: the import says what it did): new notices, notices that changed (each keeps
   * its previous version), notices kept as they were, and notices withdrawn as the file says (new ones that
   * arrive withdrawn, and live ones whose withdrawal the file records).
   */
  added?: number
  changed?: number
  kept?: number
  withdrawn?: number
  /** Tombstones of notices the file's source removed after their retention period (JSON `removed`). */
  removed?: number
  rejected: { row: number; id?: string; reasons: string[] }[]
}

/** The state fields of an export's row (`NoticeState`): restored for a notice new to the database. */
const STATE_FIELDS = [
  'version',
  'changedAt',
  'withdrawnAt',
  'withdrawalReason',
  'versions',
  'withdrawals',
] as const

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
function parseCsvTable(content: string): { header: string[]; rows: Record<string, string>[] } {
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
function checkNoticeHeader(header: string[]) {
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
class CellFormatError {
  constructor(readonly expected: string) {}
}

/**
 * The suspensions cell: a JSON list, as the export writes it, so a reason may hold any character; or, typed
 * by hand, dates with optional reasons separated by "|" (`2026-10-01: reason | 2026-10-05`).
 */
const SUSPENSIONS_FORM =
  'expected a JSON list such as [{"date":"2026-10-01","reason":"…"}], or dates with optional reasons separated by "|" (2026-10-01: reason | 2026-10-05)'

/** CSV cells are text: empty cells are absent, bounds are numbers, the flags booleans, suspensions a list. */
function fromCsvRow(row: Record<string, string>): Record<string, unknown> {
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
export interface CampaignFile {
  rows: unknown[]
  country?: unknown
  /** Our JSON export's `removed`: notices its source removed after their retention period. */
  removed?: unknown
}

/** A file the import cannot read, or whose country contradicts `--country`: nothing is loaded. */
export class CampaignFileError extends Error {
  override name = 'CampaignFileError'
}

export function parseCampaignFile(content: string, format: 'json' | 'csv'): CampaignFile {
  if (format === 'csv') {
    const table = parseCsvTable(content)
    checkNoticeHeader(table.header)
    return { rows: table.rows.map(fromCsvRow) }
  }
  const parsed: unknown = JSON.parse(content)
  if (Array.isArray(parsed)) return { rows: parsed }
  if (
    parsed &&
    typeof parsed === 'object' &&
    Array.isArray((parsed as { campaignItems?: unknown }).campaignItems)
  ) {
    const { campaignItems, country, removed } = parsed as {
      campaignItems: unknown[]
      country?: unknown
      removed?: unknown
    }
    return {
      rows: campaignItems,
      ...(country === undefined ? {} : { country }),
      ...(removed === undefined ? {} : { removed }),
    }
  }
  throw new CampaignFileError('A JSON file holds an array of campaign items, or { "campaignItems": [...] }')
}

/**
 * The country of the rows that name none (a CSV row may have a `country` column): `--country`, else the one
 * the file names at its top, as our JSON export does. A file and a `--country` that disagree are refused:
 * which of the two is meant cannot be told.
 */
export function defaultCountry(file: CampaignFile, option: Country | undefined): Country | undefined {
  if (file.country === undefined) return option
  if (!(COUNTRIES as readonly unknown[]).includes(file.country))
    throw new CampaignFileError(`country: the file names ${JSON.stringify(file.country)}; must be NL or BE`)
  if (option && option !== file.country)
    throw new CampaignFileError(
      `country: the file's notices are of ${file.country}, --country says ${option}: leave --country out or correct it`,
    )
  return file.country as Country
}

const validateRemoved = ajv.compile<{ id: string; removedAt: string }[]>({
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'removedAt'],
    properties: {
      id: { type: 'string', minLength: 1, maxLength: 64 },
      removedAt: { type: 'string', pattern: MOMENT_PATTERN },
    },
  },
})

/** The `removed` list of our JSON export, or the reason the file cannot be read. */
function removedList(value: unknown): { id: string; removedAt: string }[] {
  if (validateRemoved(value)) return value
  throw new CampaignFileError(
    'removed: expected a list of { "id", "removedAt" }, as the JSON export writes it',
  )
}

/** A JSON or CSV file (by its extension) as the import reads it. */
export function readCampaignFile(path: string): CampaignFile {
  let content: string
  try {
    content = readFileSync(path, 'utf8')
  } catch (error) {
    throw new CampaignFileError(
      `${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    )
  }
  let file: CampaignFile
  try {
    file = parseCampaignFile(content, extname(path).toLowerCase() === '.csv' ? 'csv' : 'json')
  } catch (error) {
    if (error instanceof SyntaxError)
      throw new CampaignFileError(`${path}: not valid JSON (${error.message})`)
    if (error instanceof CampaignFileError) throw new CampaignFileError(`${path}: ${error.message}`)
    throw error
  }
  // An import that loads nothing must not look like one that went well (issue 26).
  if (file.rows.length === 0) throw new CampaignFileError(`${path}: holds no notices`)
  return file
}

/**
 * `npm run campaigns:import -- FILE`: reads the file, takes its rows' default country from `--country` or the
 * file, and imports all or nothing (`importCampaigns`). Answers the report and how many rows the file held.
 */
export async function importCampaignFile(
  db: Db,
  path: string,
  options: { country?: Country; sample?: boolean; now?: Date },
): Promise<ImportReport & { rows: number }> {
  const file = readCampaignFile(path)
  const country = defaultCountry(file, options.country)
  const report = await importCampaigns(db, file.rows, {
    ...options,
    ...(country ? { country } : {}),
    ...(file.removed === undefined ? {} : { removed: removedList(file.removed) }),
  })
  return { ...report, rows: file.rows.length }
}

/** An empty or whitespace-only text: the schema's `minLength: 1` or its "not blank" pattern (`\S`). */
function blank(error: ErrorObject): boolean {
  const params = error.params as { limit?: number; pattern?: string }
  return (
    (error.keyword === 'minLength' && params.limit === 1) ||
    (error.keyword === 'pattern' && params.pattern === '\\S')
  )
}

function isDate(value: string): boolean {
  return (
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  )
}

/**
 * The pairs of elements that must agree (issue 18), each broken rule as `field: reason`. The regulation's
 * conditions decide: an element that applies must be there, one that does not apply must not be.
 */
export function noticeConsistency(item: CampaignRow): string[] {
  const reasons: string[] = []
  const need = (present: unknown, field: string, why: string) => {
    if (present === undefined) reasons.push(`${field}: required ${why}`)
  }
  // Art. 12(1)(d): the amounts always apply; the spec's ranges may be open on one side.
  if (item.budgetLowerBound === undefined && item.budgetUpperBound === undefined)
    reasons.push(
      'budgetLowerBound, budgetUpperBound: give at least one (Art. 12(1)(d): the amounts always apply)',
    )
  // Art. 12(1)(a) and (b): a controlling entity or a payer is named with its e-mail address.
  for (const [party, prefix] of [
    ['the entity ultimately controlling the sponsor', 'ultimateBeneficiaryOwner'],
    ['the payer', 'payer'],
  ] as const) {
    const fields = ['LegalName', 'Email', 'Address', 'Establishment'] as const
    const named = item[`${prefix}Name`] !== undefined
    const given = fields.filter((field) => item[`${prefix}${field}`] !== undefined)
    if (!named && given.length > 0)
      reasons.push(`${prefix}Name: required with ${given.map((field) => `${prefix}${field}`).join(', ')}`)
    if (named)
      need(item[`${prefix}Email`], `${prefix}Email`, `with ${prefix}Name (the e-mail address of ${party})`)
  }
  // Art. 12(1)(g): a linked vote or process is named and dated; (h): an election or referendum links to
  // the official information on taking part, and only those do.
  const linked = ['linkedProcessName', 'linkedProcessDate'] as const
  if (item.linkedProcessType) {
    for (const field of linked) need(item[field], field, `with linkedProcessType ${item.linkedProcessType}`)
  } else {
    const given = linked.filter((field) => item[field] !== undefined)
    if (given.length > 0) reasons.push(`linkedProcessType: required with ${given.join(', ')}`)
  }
  const vote = item.linkedProcessType === 'ELECTION' || item.linkedProcessType === 'REFERENDUM'
  if (vote)
    need(item.electionInfoUrl, 'electionInfoUrl', `when linkedProcessType is ${item.linkedProcessType}`)
  else if (item.electionInfoUrl)
    reasons.push('electionInfoUrl: only for an ad linked to an ELECTION or REFERENDUM (linkedProcessType)')
  // Targeting and ad-delivery techniques: an online ad states whether they were used; used ones link to
  // where to read about them; unused ones have nothing to link to.
  if (item.channel === 'DIGITAL')
    need(item.targetingUsed, 'targetingUsed', 'for a DIGITAL ad (true or false)')
  if (item.targetingUsed === true)
    need(item.targetingInfoUrl, 'targetingInfoUrl', 'when targetingUsed is true')
  if (item.targetingUsed === false && item.targetingInfoUrl)
    reasons.push('targetingInfoUrl: must be absent when targetingUsed is false')
  if (item.targetingUsed === undefined && item.targetingInfoUrl)
    reasons.push('targetingUsed: required with targetingInfoUrl')
  // Spec §3's yes/no of earlier suspensions is derived from the dated list; a file may repeat it, not contradict it.
  const suspended = (item.suspensions?.length ?? 0) > 0
  if (item.previousPublicationSuspended !== undefined && item.previousPublicationSuspended !== suspended)
    reasons.push(
      suspended
        ? `previousPublicationSuspended: false, but suspensions lists ${item.suspensions?.length}`
        : 'previousPublicationSuspended: true, but suspensions lists none (give each suspension with its date)',
    )
  return reasons
}

/**
 * Validates every row (ajv, then dates, bound order and the pairs that must agree) without touching the
 * database: the valid items with their country, and each rejected row (counted from 1) with its reasons,
 * each naming its field. The import and the content check of the sample campaigns (server/content.ts) both
 * use it.
 */
export function checkCampaignRows(
  rows: unknown[],
  options: { country?: Country; sample?: boolean },
): {
  valid: { item: CampaignItem; country: Country; state?: NoticeState }[]
  rejected: ImportReport['rejected']
} {
  const rejected: ImportReport['rejected'] = []
  const valid: { item: CampaignItem; country: Country; state?: NoticeState }[] = []
  const seen = new Set<string>()
  rows.forEach((raw, index) => {
    const row = index + 1
    const record = raw && typeof raw === 'object' ? { ...(raw as Record<string, unknown>) } : raw
    const rowCountry =
      record && typeof record === 'object' ? (record as { country?: unknown }).country : undefined
    const reasons: string[] = []
    let malformed = false
    let state: NoticeState | undefined
    if (record && typeof record === 'object') {
      const fields = record as Record<string, unknown>
      delete fields.country
      for (const [field, value] of Object.entries(fields))
        if (value instanceof CellFormatError) {
          reasons.push(`${field}: ${value.expected}`)
          delete fields[field]
          malformed = true
        }
      // Issue 27: no text of a notice may hold a control character.
      for (const field of controlCharacterFields(fields)) reasons.push(`${field}: holds a control character`)
      // An export of ours imports again: its state and history are no content of the notice; they are
      // restored for a notice new to the database (issue 27), and the addresses are the site's own.
      const given = STATE_FIELDS.filter((field) => fields[field] !== undefined)
      if (given.length > 0) {
        state = Object.fromEntries(given.map((field) => [field, fields[field]])) as NoticeState
        reasons.push(...stateReasons(state))
      }
      for (const field of EXPORT_ONLY_FIELDS) delete fields[field]
    }
    const country = (rowCountry ?? options.country) as Country | undefined
    if (!country || !(COUNTRIES as readonly string[]).includes(country))
      reasons.push('country: must be NL or BE (column or --country)')
    if (!validateItem(record)) {
      for (const error of validateItem.errors ?? []) {
        const where =
          error.instancePath.slice(1).replace(/\//g, '.') ||
          (error.params as { missingProperty?: string; additionalProperty?: string }).missingProperty ||
          (error.params as { additionalProperty?: string }).additionalProperty ||
          'row'
        const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues
        reasons.push(
          `${where}: ${allowed ? `must be one of ${allowed.join(', ')}` : blank(error) ? 'must not be blank' : error.message}`,
        )
      }
    } else {
      const { previousPublicationSuspended: _flag, amountsCurrency: _currency, ...item } = record
      if (!isDate(item.publicationStartDate)) reasons.push('publicationStartDate: not a date')
      if (!isDate(item.publicationEndDate)) reasons.push('publicationEndDate: not a date')
      if (item.linkedProcessDate && !isDate(item.linkedProcessDate))
        reasons.push('linkedProcessDate: not a date')
      for (const suspension of item.suspensions ?? [])
        if (!isDate(suspension.date)) reasons.push(`suspensions: ${suspension.date} is not a date`)
      if (item.publicationEndDate < item.publicationStartDate)
        reasons.push('publicationEndDate: before publicationStartDate')
      if (
        item.budgetLowerBound !== undefined &&
        item.budgetUpperBound !== undefined &&
        item.budgetLowerBound > item.budgetUpperBound
      ) {
        reasons.push('budget: lower bound above upper bound')
      }
      if (
        item.reachLowerBound !== undefined &&
        item.reachUpperBound !== undefined &&
        item.reachLowerBound > item.reachUpperBound
      ) {
        reasons.push('reach: lower bound above upper bound')
      }
      // A malformed cell's field is unknown, not absent: what depends on it cannot be judged.
      if (!malformed) reasons.push(...noticeConsistency(record))
      if (seen.has(item.id)) reasons.push('id: appears twice in the file')
      seen.add(item.id)
      // Issue 26: samples have ids of their own, so no sample can ever stand in for a real notice.
      if (options.sample && !isSampleId(item.id))
        reasons.push(
          `id: a sample notice's id begins with "${SAMPLE_ID_PREFIX}" (--sample never turns a real notice into a sample)`,
        )
      if (reasons.length === 0 && country) valid.push({ item, country, ...(state ? { state } : {}) })
    }
    if (reasons.length > 0) {
      const id = record && typeof record === 'object' ? (record as { id?: unknown }).id : undefined
      // An empty text breaks two rules (length and "not blank"): it is named once.
      rejected.push({ row, ...(typeof id === 'string' ? { id } : {}), reasons: [...new Set(reasons)] })
    }
  })
  return { valid, rejected }
}

/**
 * What is wrong with an exported notice's state (issue 27): its schema, and a history that cannot be the
 * notice's (versions other than 1 to N-1 of a notice at version N; a withdrawal its list does not hold).
 */
function stateReasons(state: NoticeState): string[] {
  if (!validateState(state))
    return (validateState.errors ?? []).map(
      (error) => `${error.instancePath.slice(1).replace(/\//g, '.') || 'state'}: ${error.message}`,
    )
  const reasons: string[] = []
  const version = state.version ?? (state.versions?.length ?? 0) + 1
  const numbers = (state.versions ?? []).map((earlier) => earlier.version).sort((a, b) => a - b)
  if (numbers.length !== version - 1 || numbers.some((number, index) => number !== index + 1))
    reasons.push(`versions: a notice at version ${version} lists its versions 1 to ${version - 1}`)
  if (state.withdrawalReason !== undefined && !state.withdrawnAt)
    reasons.push('withdrawalReason: only with withdrawnAt')
  if (
    state.withdrawnAt &&
    state.withdrawals &&
    !state.withdrawals.some((w) => w.withdrawnAt === state.withdrawnAt && !w.reinstatedAt)
  )
    reasons.push('withdrawals: the list does not hold the withdrawal of withdrawnAt')
  return reasons
}

/** Issue 18: withdraws notices; they stay public, marked withdrawn with the date and the reason. */
export async function withdrawNotices(db: Db, ids: string[], reason: string, now = new Date()) {
  const withdrawn = await writeTransaction(db, (trx) =>
    withdrawCampaigns(trx, ids, reason, now.toISOString()),
  )
  // In the operator's order, which the command reports.
  return {
    withdrawn: ids.filter((id) => withdrawn.includes(id)),
    unknown: ids.filter((id) => !withdrawn.includes(id)),
  }
}

/**
 * Issue 18: takes withdrawals back; the notices are live again, and their page keeps the withdrawal with the
 * date and reason of its reinstatement. An import never does this: a withdrawn notice imported again stays
 * withdrawn (docs/decisions/003-notice-history.md).
 */
export async function reinstateNotices(db: Db, ids: string[], reason: string, now = new Date()) {
  const reinstated = await writeTransaction(db, (trx) =>
    reinstateCampaigns(trx, ids, reason, now.toISOString()),
  )
  return {
    reinstated: ids.filter((id) => reinstated.includes(id)),
    unknown: ids.filter((id) => !reinstated.includes(id)),
  }
}

/**
 * When any row fails nothing is loaded and the report names each rejected row with its reasons. Otherwise
 * all rows are upserted by id in one transaction. A notice whose id begins with `sample-` is a sample, any
 * other is real (issue 26); `sample` (`--sample`, and the samples of content/campaigns) refuses rows that are
 * not samples.
 */
export async function importCampaigns(
  db: Db,
  rows: unknown[],
  options: {
    country?: Country
    sample?: boolean
    now?: Date
    /** JSON `removed` of an export: tombstones for the notices of `country` its source removed. */
    removed?: { id: string; removedAt: string }[]
  },
): Promise<ImportReport> {
  const { valid, rejected } = checkCampaignRows(rows, options)
  if (rejected.length > 0) return { loaded: 0, rejected }
  const report = { added: 0, changed: 0, kept: 0, withdrawn: 0, removed: 0 }
  await writeTransaction(db, async (trx) => {
    for (const country of COUNTRIES) {
      const mine = valid.filter((v) => v.country === country)
      if (mine.length === 0) continue
      const done = await upsertCampaigns(
        trx,
        mine.map((v) => v.item),
        country,
        (options.now ?? new Date()).toISOString(),
        new Map(mine.flatMap((v) => (v.state ? [[v.item.id, v.state] as const] : []))),
      )
      report.added += done.added
      report.changed += done.changed
      report.kept += done.kept
      report.withdrawn += done.withdrawn
    }
    if (options.removed && options.removed.length > 0 && options.country)
      report.removed = await restoreTombstones(trx, options.removed, options.country, options.sample ?? false)
  })
  return { loaded: valid.length, ...report, rejected: [] }
}
