import { type CampaignItem, campaignItemSchema, EXPORT_ONLY_FIELDS } from '#shared/political-ads.ts'
import { COUNTRIES, type Country } from '#shared/site.ts'
import { upsertCampaigns, withdrawCampaigns } from '../db/campaign-repository'
import type { Db } from '../db/database'
import { ajv } from '../validation'

const validateItem = ajv.compile<CampaignItem>(campaignItemSchema)

export interface ImportReport {
  loaded: number
  /** Of those loaded: new notices, and notices that changed (each keeps its previous version). */
  added?: number
  changed?: number
  rejected: { row: number; id?: string; reasons: string[] }[]
}

const NUMBER_FIELDS = new Set(['budgetLowerBound', 'budgetUpperBound', 'reachLowerBound', 'reachUpperBound'])

/** RFC 4180 CSV: a header row of field names, quoted fields may hold commas, quotes ("") and newlines. */
export function parseCsv(text: string): Record<string, string>[] {
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
    else if (c === ',') {
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
  if (!header) return []
  return data.map((cells) => Object.fromEntries(header.map((name, i) => [name.trim(), cells[i] ?? ''])))
}

/** CSV cells are text: empty cells are absent, bounds are numbers, the flag a boolean. */
function fromCsvRow(row: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [name, raw] of Object.entries(row)) {
    const value = raw.trim()
    if (value === '') continue
    if (NUMBER_FIELDS.has(name)) out[name] = /^\d+$/.test(value) ? Number(value) : value
    else if (name === 'previousPublicationSuspended' || name === 'targetingUsed')
      out[name] = value === 'true' ? true : value === 'false' ? false : value
    else if (name === 'suspensions') out[name] = parseSuspensions(value)
    else out[name] = value
  }
  return out
}

/**
 * Suspensions in a CSV cell: `2026-10-01: reason | 2026-10-05`, each a date with an optional reason. What is
 * not of that form is passed on as text, for the schema to reject with its row.
 */
function parseSuspensions(cell: string): unknown {
  const entries = cell.split('|').map((part) => part.trim())
  const parsed = entries.map((entry) => /^(\d{4}-\d{2}-\d{2})(?::\s*(.+))?$/.exec(entry))
  if (parsed.some((match) => !match)) return cell
  return parsed.map((match) => ({
    date: match?.[1] ?? '',
    ...(match?.[2] ? { reason: match[2].trim() } : {}),
  }))
}

/** The CSV cell of suspensions, as parseSuspensions reads it. */
export function suspensionsCell(suspensions: CampaignItem['suspensions']): string {
  return (suspensions ?? []).map((s) => (s.reason ? `${s.date}: ${s.reason}` : s.date)).join(' | ')
}

export function parseCampaignFile(content: string, format: 'json' | 'csv'): unknown[] {
  if (format === 'csv') return parseCsv(content).map(fromCsvRow)
  const parsed: unknown = JSON.parse(content)
  if (Array.isArray(parsed)) return parsed
  if (
    parsed &&
    typeof parsed === 'object' &&
    Array.isArray((parsed as { campaignItems?: unknown }).campaignItems)
  ) {
    return (parsed as { campaignItems: unknown[] }).campaignItems
  }
  throw new Error('A JSON file holds an array of campaign items, or { "campaignItems": [...] }')
}

function isDate(value: string): boolean {
  return (
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  )
}

/**
 * Validates every row (ajv, then dates and bound order) without touching the database: the valid items with
 * their country, and each rejected row (counted from 1) with its reasons. The import and the content check
 * of the sample campaigns (server/content.ts) both use it.
 */
export function checkCampaignRows(
  rows: unknown[],
  options: { country?: Country },
): { valid: { item: CampaignItem; country: Country }[]; rejected: ImportReport['rejected'] } {
  const rejected: ImportReport['rejected'] = []
  const valid: { item: CampaignItem; country: Country }[] = []
  const seen = new Set<string>()
  rows.forEach((raw, index) => {
    const row = index + 1
    const record = raw && typeof raw === 'object' ? { ...(raw as Record<string, unknown>) } : raw
    const rowCountry =
      record && typeof record === 'object' ? (record as { country?: unknown }).country : undefined
    if (record && typeof record === 'object') {
      delete (record as { country?: unknown }).country
      // An export of ours imports again: its state fields (version, withdrawal, url) are the site's, not the file's.
      for (const field of EXPORT_ONLY_FIELDS) delete (record as Record<string, unknown>)[field]
    }
    const country = (rowCountry ?? options.country) as Country | undefined
    const reasons: string[] = []
    if (!country || !(COUNTRIES as readonly string[]).includes(country))
      reasons.push('country must be NL or BE (column or --country)')
    if (!validateItem(record)) {
      for (const error of validateItem.errors ?? []) {
        const where =
          error.instancePath.slice(1) ||
          (error.params as { missingProperty?: string; additionalProperty?: string }).missingProperty ||
          (error.params as { additionalProperty?: string }).additionalProperty ||
          'row'
        const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues
        reasons.push(`${where}: ${allowed ? `must be one of ${allowed.join(', ')}` : error.message}`)
      }
    } else {
      const item = record
      if (!isDate(item.publicationStartDate)) reasons.push('publicationStartDate: not a date')
      if (!isDate(item.publicationEndDate)) reasons.push('publicationEndDate: not a date')
      if (item.linkedProcessDate && !isDate(item.linkedProcessDate))
        reasons.push('linkedProcessDate: not a date')
      for (const suspension of item.suspensions ?? [])
        if (!isDate(suspension.date)) reasons.push(`suspensions: ${suspension.date} is not a date`)
      if (item.linkedProcessName && !item.linkedProcessType)
        reasons.push('linkedProcessType: required with linkedProcessName')
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
      if (seen.has(item.id)) reasons.push('id: appears twice in the file')
      seen.add(item.id)
      if (reasons.length === 0 && country) valid.push({ item, country })
    }
    if (reasons.length > 0) {
      const id = record && typeof record === 'object' ? (record as { id?: unknown }).id : undefined
      rejected.push({ row, ...(typeof id === 'string' ? { id } : {}), reasons })
    }
  })
  return { valid, rejected }
}

/** Issue 18: withdraws notices; they stay public, marked withdrawn with the date and the reason. */
export async function withdrawNotices(db: Db, ids: string[], reason: string, now = new Date()) {
  const withdrawn = await withdrawCampaigns(db.db, ids, reason, now.toISOString())
  return { withdrawn, unknown: ids.filter((id) => !withdrawn.includes(id)) }
}

/**
 * When any row fails nothing is loaded and the report names each rejected row with its reasons. Otherwise
 * all rows are upserted by id in one transaction.
 */
export async function importCampaigns(
  db: Db,
  rows: unknown[],
  options: { country?: Country; sample?: boolean },
): Promise<ImportReport> {
  const { valid, rejected } = checkCampaignRows(rows, options)
  if (rejected.length > 0) return { loaded: 0, rejected }
  let added = 0
  let changed = 0
  await db.db.transaction().execute(async (trx) => {
    for (const country of COUNTRIES) {
      const items = valid.filter((v) => v.country === country).map((v) => v.item)
      if (items.length === 0) continue
      const done = await upsertCampaigns(trx, items, country, options.sample ?? false)
      added += done.added
      changed += done.changed
    }
  })
  return { loaded: valid.length, added, changed, rejected: [] }
}
