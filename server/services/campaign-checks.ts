import type { ErrorObject } from 'ajv'
import { controlCharacterFields } from '#shared/control-characters.ts'
import {
  type CampaignItem,
  type CampaignRow,
  campaignItemSchema,
  EXPORT_ONLY_FIELDS,
  isSampleId,
  type NoticeState,
  noticeStateSchema,
  SAMPLE_ID_PREFIX,
} from '#shared/political-ads.ts'
import { COUNTRIES, type Country } from '#shared/site.ts'
import { ajv } from '../validation'

import { CellFormatError } from './campaign-csv'
import { itemReasons, noticeConsistency } from './notice-rules'

/**
 * Issue 31 (moved from campaign-import.ts): the checks of a notice file's rows before anything is loaded.
 */

/** What an import did, or why it loaded nothing (every rejected row with its reasons). */
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

const validateItem = ajv.compile<CampaignRow>(campaignItemSchema)
const validateState = ajv.compile<NoticeState>(noticeStateSchema)

/** The state fields of an export's row (`NoticeState`): restored for a notice new to the database. */
const STATE_FIELDS = [
  'version',
  'changedAt',
  'withdrawnAt',
  'withdrawalReason',
  'versions',
  'withdrawals',
] as const

/** An empty or whitespace-only text: the schema's `minLength: 1` or its "not blank" pattern (`\S`). */
function blank(error: ErrorObject): boolean {
  const params = error.params as { limit?: number; pattern?: string }
  return (
    (error.keyword === 'minLength' && params.limit === 1) ||
    (error.keyword === 'pattern' && params.pattern === '\\S')
  )
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
  valid: ValidRow[]
  rejected: ImportReport['rejected']
} {
  const rejected: ImportReport['rejected'] = []
  const valid: ValidRow[] = []
  const seen = new Set<string>()
  rows.forEach((raw, index) => {
    const row = index + 1
    const { record, rowCountry, malformed, state, reasons } = readRecord(raw)
    const country = (rowCountry ?? options.country) as Country | undefined
    if (!country || !(COUNTRIES as readonly string[]).includes(country))
      reasons.push('country: must be NL or BE (column or --country)')
    if (!validateItem(record)) reasons.push(...schemaReasons(validateItem.errors ?? []))
    else {
      const { previousPublicationSuspended: _flag, amountsCurrency: _currency, ...item } = record
      reasons.push(...itemReasons(item))
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

type ValidRow = { item: CampaignItem; country: Country; state?: NoticeState }

/**
 * A row as the checks read it: its own country taken out, cells not of their column's form named (and left
 * out), texts with control characters named, and an export's state (issue 27) taken out and checked.
 */
function readRecord(raw: unknown) {
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
  return { record, rowCountry, malformed, state, reasons }
}

/** The schema's refusals, each as `field: reason`. */
function schemaReasons(errors: ErrorObject[]): string[] {
  return errors.map((error) => {
    const where =
      error.instancePath.slice(1).replace(/\//g, '.') ||
      (error.params as { missingProperty?: string; additionalProperty?: string }).missingProperty ||
      (error.params as { additionalProperty?: string }).additionalProperty ||
      'row'
    const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues
    return `${where}: ${allowed ? `must be one of ${allowed.join(', ')}` : blank(error) ? 'must not be blank' : error.message}`
  })
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
