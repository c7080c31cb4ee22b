import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ErrorObject, ValidateFunction } from 'ajv'
import { aboutSchema } from '#shared/about.schema.ts'
import { brandListSchema } from '#shared/brands.schema.ts'
import { homeSchema } from '#shared/home.schema.ts'
import { phoneListSchema } from '#shared/phone.schema.ts'
import type { Country } from '#shared/site.ts'
import { documentProblems } from './documents/store'
import { checkCampaignRows, parseCampaignFile } from './services/campaign-import'
import { ajv } from './validation'

/** The content files the site reads, each with the schema it must meet (paths from the project folder). */
const CONTENT_FILES: [file: string, validate: ValidateFunction][] = [
  ['content/brands/nl.json', ajv.compile(brandListSchema)],
  ['content/brands/be.json', ajv.compile(brandListSchema)],
  ['content/phone/nl.json', ajv.compile(phoneListSchema)],
  ['content/phone/be.json', ajv.compile(phoneListSchema)],
  ['content/home.json', ajv.compile(homeSchema)],
  ['content/about.json', ajv.compile(aboutSchema)],
]
const CAMPAIGN_FOLDER = 'content/campaigns'
const DOCUMENT_FOLDER = 'content/documents'

export class ContentError extends Error {}

/**
 * Every problem in `content/` under `root`, one line each, naming the file, the entry and the field:
 * `content/phone/nl.json: entry 28 (Qmusic): brandType must be one of news, online_only, radio, lifestyle, tv`.
 * Entries count from 0, as in the file's JSON array. Run by `npm run build` (scripts/check-content.ts) and at
 * every start (`assertContent`).
 */
export function contentProblems(root: string): string[] {
  const problems: string[] = []
  for (const [file, validate] of CONTENT_FILES) {
    const data = readJson(root, file, problems)
    if (data !== undefined) problems.push(...schemaProblems(file, data, validate))
  }
  const folder = join(root, CAMPAIGN_FOLDER)
  const campaignFiles = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.json')) : []
  for (const name of campaignFiles.sort()) {
    const file = `${CAMPAIGN_FOLDER}/${name}`
    problems.push(...campaignProblems(file, readFileSync(join(root, file), 'utf8')))
  }
  // Issue 29: every document and each of its earlier versions, named by file as the campaigns are.
  const documents = join(root, DOCUMENT_FOLDER)
  problems.push(
    ...documentProblems(documents).map((problem) =>
      problem.startsWith(documents) ? `${DOCUMENT_FOLDER}${problem.slice(documents.length)}` : problem,
    ),
  )
  return problems
}

/** At start-up: the site does not serve content that breaks its schemas. */
export function assertContent(root: string): void {
  const problems = contentProblems(root)
  if (problems.length > 0) throw new ContentError(`Content is not valid:\n${problems.join('\n')}`)
}

/** One line per ajv error of `data`. */
export function schemaProblems(file: string, data: unknown, validate: ValidateFunction): string[] {
  if (validate(data)) return []
  return (validate.errors ?? []).map((error) => `${file}: ${describe(error, data)}`)
}

/**
 * The sample campaigns, checked as `npm run campaigns:import` and the start-up seed check them; their
 * country is the file's name (nl.json, be.json).
 */
export function campaignProblems(file: string, text: string): string[] {
  let rows: unknown[]
  try {
    rows = parseCampaignFile(text, 'json').rows
  } catch (error) {
    return [`${file}: ${(error as Error).message}`]
  }
  const country = (file.split('/').pop() ?? '').replace(/\.json$/, '').toUpperCase() as Country
  return checkCampaignRows(rows, { country, sample: true }).rejected.flatMap((rejected) =>
    rejected.reasons.map(
      (reason) => `${file}: entry ${rejected.row - 1}${rejected.id ? ` (${rejected.id})` : ''}: ${reason}`,
    ),
  )
}

function readJson(root: string, file: string, problems: string[]): unknown {
  const path = join(root, file)
  if (!existsSync(path)) {
    problems.push(`${file}: missing`)
    return undefined
  }
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    problems.push(`${file}: not valid JSON (${(error as Error).message})`)
    return undefined
  }
}

/** Names shown for an entry, in this order of preference. */
const ENTRY_NAMES = ['brandName', 'description', 'id', 'document', 'titleKey']

/**
 * `/entries/28/brandType` (enum) → `entry 28 (Qmusic): brandType must be one of …`. The first array index
 * on the path is the entry; the list is named unless it is the file's `entries`.
 */
function describe(error: ErrorObject, data: unknown): string {
  const segments = error.instancePath.split('/').slice(1)
  const params = error.params as {
    missingProperty?: string
    additionalProperty?: string
    allowedValues?: unknown[]
  }
  const at = segments.findIndex((segment) => /^\d+$/.test(segment))
  let entry = ''
  let fieldPath = segments
  if (at >= 0) {
    const list = segments.slice(0, at).join('.')
    const item = segments
      .slice(0, at + 1)
      .reduce<unknown>(
        (node, key) =>
          node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
        data,
      )
    const name = entryName(item)
    entry = `${list && list !== 'entries' ? `${list} ` : ''}entry ${segments[at]}${name ? ` (${name})` : ''}: `
    fieldPath = segments.slice(at + 1)
  }
  let field = fieldPath.join('.')
  let message = `${error.message ?? 'is not valid'}`
  if (error.keyword === 'required' && params.missingProperty) {
    field = [field, params.missingProperty].filter(Boolean).join('.')
    message = 'is required'
  } else if (error.keyword === 'additionalProperties' && params.additionalProperty) {
    field = [field, params.additionalProperty].filter(Boolean).join('.')
    message = 'is not allowed'
  } else if (error.keyword === 'enum' && params.allowedValues) {
    message = `must be one of ${params.allowedValues.join(', ')}`
  }
  return `${entry}${field || (entry ? 'the entry' : 'the file')} ${message}`
}

function entryName(item: unknown): string | undefined {
  if (typeof item === 'string') return item
  if (!item || typeof item !== 'object') return undefined
  for (const key of ENTRY_NAMES) {
    const value = (item as Record<string, unknown>)[key]
    if (typeof value === 'string' && value) return value
  }
  return undefined
}
