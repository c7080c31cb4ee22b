import { readFileSync } from 'node:fs'
import { extname } from 'node:path'
import { MOMENT_PATTERN } from '#shared/political-ads.ts'
import { COUNTRIES, type Country } from '#shared/site.ts'
import { ajv } from '../validation'

import { CampaignFileError, checkNoticeHeader, fromCsvRow, parseCsvTable } from './campaign-csv'

/**
 * Issue 31 (moved from campaign-import.ts): a notice file read (JSON or CSV), its country and its removed
 * notices.
 */

export interface CampaignFile {
  rows: unknown[]
  country?: unknown
  /** Our JSON export's `removed`: notices its source removed after their retention period. */
  removed?: unknown
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
export function removedList(value: unknown): { id: string; removedAt: string }[] {
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
